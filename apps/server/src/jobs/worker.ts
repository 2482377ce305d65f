import { randomUUID } from 'node:crypto';
import type { Clock } from '../core/clock.ts';
import { RetryLater } from '../core/retry-later.ts';

const LEASE_MS = 30_000;

/** The `jobs` rows as the worker needs them (the automation module's repository keeps them). */
export interface JobQueue<Job extends { id: string }> {
  /** Up to `limit` due jobs, leased to `worker` for `leaseMs` (FOR UPDATE SKIP LOCKED, decision 010). */
  claim(worker: string, now: number, leaseMs: number, limit: number): Promise<Job[]>;
  /** False when the lease ran out and another worker took the job. */
  renewClaim(jobId: string, worker: string, until: number): Promise<boolean>;
  finish(jobId: string, now: number): Promise<void>;
}

/**
 * Claims due jobs every `everyMs` and runs them. A job is finished only after it ran; a crash leaves
 * its lease to expire and another claim (here or on another instance) runs it again, where the
 * unique occurrence in `runs` keeps it from being recorded or executed twice.
 */
export function startWorker<Job extends { id: string }>(deps: {
  repo: JobQueue<Job>;
  clock: Clock;
  run: (job: Job) => Promise<void>;
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
