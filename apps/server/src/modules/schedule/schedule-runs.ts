import { DEFAULT_GRACE_MS } from '@hestia/automation';
import type { Clock } from '../../core/clock.ts';
import { RetryLater } from '../../core/retry-later.ts';
import type { AutomationRepository, JobRow, ScheduleRow } from '../automation/automation.repository.ts';
import { type AutomationService, INTERRUPTED } from '../automation/automation.service.ts';
import { stillWaiting } from '../automation/device-readiness.ts';
import { accessProblems, problemText } from '../automation/run-access.ts';
import type { DeviceService } from '../device/device.service.ts';
import type { Action } from './schedule.service.ts';

/** What running a schedule's occurrence needs of the schedule service. */
export interface ScheduleRunContext {
  repo: AutomationRepository;
  devices: DeviceService;
  automations: AutomationService;
  clock: Clock;
  /** Target devices of the schedule that are not connected. */
  offlineTargets(row: ScheduleRow): Promise<string[]>;
  /** Queue the occurrence after `after`. */
  queueNext(row: ScheduleRow, after: number): Promise<ScheduleRow>;
}

/**
 * A schedule occurrence came due (a claimed job): its owner's access of now is checked, a device
 * still connecting is waited for, a missed one is recorded as such, a scenario's runs the scenario,
 * a device's writes its actions once (a retry after a crash records it interrupted); then the next
 * occurrence is queued.
 */
export async function runScheduleJob(ctx: ScheduleRunContext, job: JobRow): Promise<void> {
  const { repo, devices, automations, clock, offlineTargets, queueNext } = ctx;
  const row = await repo.schedule(job.refId);
  if (!row?.isActive) return;
  const now = clock.now();
  const occurrence = `${row.id}:${job.runAt}`;
  if (row.deviceId) {
    // The owner's access of now (docs/decisions/018): refused, it is recorded and switched off.
    const [problem] = await accessProblems(devices, row.ownerId, { reads: [], writes: [row.deviceId] });
    if (problem) {
      await repo.startRun({
        sourceId: row.id,
        ownerId: row.ownerId,
        occurrence,
        trigger: row.kind === 'timer' ? 'Timer' : 'Schedule',
        status: 'skipped',
        actions: (row.actions as Action[]).map((a) => ({
          deviceId: row.deviceId,
          deviceParameterId: a.deviceParameterId,
          value: a.value,
          atMs: 0,
          result: problemText(problem),
          ranAt: null,
        })),
        startedAt: now,
        finishedAt: now,
      });
      await repo.pauseSchedule(row.id, problem);
      return;
    }
  }
  if (stillWaiting(clock, job.runAt)) {
    const offline = await offlineTargets(row);
    if (offline.length > 0) throw new RetryLater(`waiting for ${offline.join(', ')} to connect`);
  }
  if (now - job.runAt > DEFAULT_GRACE_MS) {
    // A scenario's missed occurrence shows in the scenario's history, beside its runs.
    await repo.startRun({
      sourceId: row.scenarioId ?? row.id,
      ownerId: row.ownerId,
      occurrence,
      trigger: 'Schedule (missed)',
      status: 'skipped',
      startedAt: now,
      finishedAt: now,
    });
  } else if (row.scenarioId) {
    const problem = await automations.executeScheduled(row.scenarioId, occurrence);
    if (problem) {
      await repo.pauseSchedule(row.id, problem);
      return;
    }
  } else if (row.deviceId) {
    const actions = row.actions as Action[];
    const run = await repo.startRun({
      sourceId: row.id,
      ownerId: row.ownerId,
      occurrence,
      trigger: row.kind === 'timer' ? 'Timer' : 'Schedule',
      status: 'running',
      startedAt: now,
    });
    if (!run) {
      // A retry after a crash: if the occurrence never finished, the write may have reached the
      // device; it is recorded as interrupted, not sent again (docs/decisions/012).
      const earlier = await repo.runByOccurrence(occurrence);
      if (earlier?.status === 'running')
        await repo.updateRun(earlier.id, {
          status: 'failed',
          finishedAt: now,
          actions: actions.map((a) => ({
            deviceId: row.deviceId,
            deviceParameterId: a.deviceParameterId,
            value: a.value,
            atMs: 0,
            result: INTERRUPTED,
            ranAt: now,
          })),
        });
    } else {
      let result = 'OK';
      try {
        const res = await devices.rpc(
          row.ownerId,
          row.deviceId,
          { method: 'write', params: actions.map((a) => ({ Key: a.deviceParameterId, Value: a.value })) },
          true,
        );
        result = String(res.result ?? 'OK');
      } catch (err) {
        result = err instanceof Error ? err.message : 'failed';
      }
      await repo.updateRun(run.id, {
        status: result === 'OK' ? 'done' : 'failed',
        finishedAt: clock.now(),
        actions: actions.map((a) => ({
          deviceId: row.deviceId,
          deviceParameterId: a.deviceParameterId,
          value: a.value,
          atMs: 0,
          result,
          ranAt: clock.now(),
        })),
      });
    }
  }
  // The next occurrence: after this one when on time; after now when this one was missed.
  await queueNext(row, Math.max(job.runAt, now - DEFAULT_GRACE_MS));
}
