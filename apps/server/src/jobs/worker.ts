import { randomUUID } from 'node:crypto';
import type { Clock } from '../core/clock.ts';
import { RetryLater } from '../core/retry-later.ts';
import type { AutomationRepository, JobRow } from '../modules/automation/automation.repository.ts';

const LEASE_MS = 30_000;

/**
 * Claims due jobs every `everyMs` and runs them. A job is finished only after it ran; a crash leaves
 * its lease to expire and another claim (here or on another instance) runs it again, where the
 * unique occurrence in `runs` keeps it from being recorded or executed twice.
 */
export function startWorker(deps: {
  repo: AutomationRepository;
  clock: Clock;
  run: (job: JobRow) => Promise<void>;
  log: { error(obj: unknown, msg: string): void };
  everyMs?: number;
}) {
  const { repo, clock, run, log } = deps;
  const id = `worker-${randomUUID()}`;
  let busy = false;
  let stopped = false;

  async function tick(): Promise<number> {
    if (busy || stopped) return 0;
    busy = true;
    try {
      const jobs = await repo.claim(id, clock.now(), LEASE_MS, 20);
      for (const job of jobs) {
        // The batch runs one job after another: a later job's lease may have run out meanwhile.
        if (!(await repo.renewClaim(job.id, id, clock.now() + LEASE_MS))) continue;
        try {
          await run(job);
          await repo.finish(job.id, clock.now());
        } catch (err) {
          if (!(err instanceof RetryLater))
            log.error({ err, job: job.id }, 'job failed; it will be retried when its lease ends');
        }
      }
      return jobs.length;
    } finally {
      busy = false;
    }
  }

  const timer = setInterval(() => {
    tick().catch((err: unknown) => log.error({ err }, 'job claim failed'));
  }, deps.everyMs ?? 250);
  timer.unref();

  return {
    id,
    /** Run one round now (tests move the clock and call this instead of waiting). */
    tick,
    stop(): void {
      stopped = true;
      clearInterval(timer);
    },
  };
}

export type Worker = ReturnType<typeof startWorker>;
