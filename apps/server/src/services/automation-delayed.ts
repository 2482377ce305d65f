/**
 * Delayed steps of a run: the `action` jobs that `execute` queues, one per moment after the run's
 * start, come due here. Each step is written through the run's own `runStep`, so it is still sent
 * at most once.
 */
import { RetryLater } from '../jobs/worker.ts';
import type { AutomationRepository } from '../repositories/automation.repository.ts';
import type { AutomationRuns, RunAction } from './automation-runs.ts';

export function delayedSteps(deps: { repo: AutomationRepository; runs: Pick<AutomationRuns, 'runStep'> }) {
  const { repo, runs } = deps;

  /**
   * Delayed steps came due (a job): every device's step at that moment (older jobs name one device).
   * A step another sender may still be writing makes the job try again when its lease ends.
   */
  return async function runDelayedStep(
    runId: string,
    payload: { atMs: number; deviceId?: string },
  ): Promise<void> {
    const run = await repo.run(runId);
    if (!run) return;
    const devicesAt = [
      ...new Set(
        (run.actions as RunAction[])
          .filter((a) => a.atMs === payload.atMs && (!payload.deviceId || a.deviceId === payload.deviceId))
          .map((a) => a.deviceId),
      ),
    ];
    let busy = false;
    for (const deviceId of devicesAt)
      if ((await runs.runStep(run.ownerId, run.id, payload.atMs, deviceId)) === 'busy') busy = true;
    if (busy) throw new RetryLater('a step of this run is still being sent');
  };
}
