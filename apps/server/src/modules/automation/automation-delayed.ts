/**
 * Delayed steps of a run: the `action` jobs that `execute` queues, one per moment after the run's
 * start, come due here. Each step is written through the run's own `runStep`, so it is still sent
 * at most once.
 */

import type { Clock } from '../../core/clock.ts';
import { RetryLater } from '../../core/retry-later.ts';
import type { TelemetryService } from '../telemetry/telemetry.service.ts';
import type { AutomationRepository } from './automation.repository.ts';
import type { AutomationRuns, RunAction } from './automation-runs.ts';
import { devicesNotReady, stillWaiting } from './device-readiness.ts';

export function delayedSteps(deps: {
  repo: AutomationRepository;
  runs: Pick<AutomationRuns, 'runStep'>;
  telemetry: TelemetryService;
  clock: Clock;
}) {
  const { repo, runs, telemetry, clock } = deps;

  /**
   * Delayed steps came due at `dueAt` (a job): every device's step at that moment (older jobs name
   * one device). The devices that are ready get theirs now; a device offline (or just connected)
   * is waited for like a schedule's (device-readiness.ts), and then written to regardless. A step
   * another sender may still be writing makes the job try again when its lease ends too.
   */
  return async function runDelayedStep(
    runId: string,
    payload: { atMs: number; deviceId?: string },
    dueAt: number,
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
    const waitFor = stillWaiting(clock, dueAt) ? await devicesNotReady({ telemetry, clock }, devicesAt) : [];
    let busy = false;
    for (const deviceId of devicesAt) {
      if (waitFor.includes(deviceId)) continue;
      if ((await runs.runStep(run.ownerId, run.id, payload.atMs, deviceId)) === 'busy') busy = true;
    }
    if (waitFor.length > 0) throw new RetryLater(`waiting for ${waitFor.join(', ')} to connect`);
    if (busy) throw new RetryLater('a step of this run is still being sent');
  };
}
