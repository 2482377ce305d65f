/**
 * Runs of automations and scenarios: one run record per occurrence with its condition trace, the
 * planned steps written to the devices (each write sent at most once, docs/decisions/012), and the
 * record of an occurrence that did not run. Saving automations and deciding when they run live
 * elsewhere (automation.service.ts and the trigger modules).
 */
import { planActions } from '@hestia/automation';
import type { Automation, Run, TelemetryValue } from '@hestia/contract';
import type { Clock } from '../../core/clock.ts';
import { AppError } from '../../core/errors.ts';
import type { DeviceService } from '../device/device.service.ts';
import type { AutomationRepository, AutomationRow, RunRow } from './automation.repository.ts';
import { type RemotePresses, remotePressOf } from './remote-actions.ts';
import { type AccessProblem, accessProblems, problemText } from './run-access.ts';

export type RunAction = Run['actions'][number];

/** A step's result while its write is on the way to the device. */
const SENDING = 'sending';
/** A `sending` mark this old has no live sender: the lease of the job that set it ran out. */
const STALE_SENDING_MS = 30_000;
/** A step found still on its way after a restart: not written again, the device may have done it. */
export const INTERRUPTED = 'Interrupted: the server stopped while sending; not repeated';

export function toRun(r: RunRow): Run {
  return {
    id: r.id,
    sourceId: r.sourceId,
    trigger: r.trigger,
    status: r.status,
    startedAt: r.startedAt,
    finishedAt: r.finishedAt,
    conditions: r.conditions as Run['conditions'],
    actions: r.actions as RunAction[],
  };
}

/** The devices an automation or scenario reads (its conditions) and writes to (its commands). */
export function devicesUsed(row: Pick<AutomationRow, 'conditions' | 'commands'>) {
  return {
    reads: (row.conditions as Automation['conditions']).map((c) => c.deviceId),
    writes: (row.commands as Automation['commands']).map((c) => c.deviceId),
  };
}

/** A remote press keeps its `{remoteId, button | state}` in the run, for the history to name it. */
const pressParams = (w: { deviceParameterId: string; params?: unknown }) =>
  remotePressOf(w) ? { params: w.params } : {};

/** A refused write or press in words for the run's trace: the access refusals by name, else the message. */
function failureText(err: unknown, deviceId: string): string {
  if (err instanceof AppError && (err.code === 'NOT_FOUND' || err.code === 'VIEW_ONLY'))
    return problemText({ code: err.code === 'NOT_FOUND' ? 'no_access' : 'view_only', deviceId });
  return err instanceof Error ? err.message : 'failed';
}

export function automationRuns(deps: {
  repo: AutomationRepository;
  devices: DeviceService;
  /** Sends the IR remote presses among the actions (docs/decisions/049). */
  remotes?: RemotePresses | undefined;
  clock: Clock;
  /** The owner lost access a run needs: switch `row` off with the reason (docs/decisions/018). */
  onDenied: (row: AutomationRow, problem: AccessProblem) => Promise<void>;
  /** Tells the owner a run started (the notification module: stored and pushed); default: stored. */
  notify?: ((userId: string, name: string, message: string) => Promise<void>) | undefined;
}) {
  const { repo, devices, clock, onDenied } = deps;
  const notify =
    deps.notify ?? ((userId: string, name: string, message: string) => repo.notify(userId, name, message));

  /**
   * Ask the owner's access to every device `row` uses, before any device's value is read for it or
   * any step is planned. When some is missing the occurrence is recorded as skipped, its trace saying
   * which device may not be used and how (never a value of it), and the automation is switched off.
   * Returns that run; null when `row` may run.
   */
  async function refused(row: AutomationRow, trigger: string, occurrence: string): Promise<Run | null> {
    const problems = await accessProblems(devices, row.ownerId, devicesUsed(row));
    const first = problems[0];
    if (!first) return null;
    const of = (deviceId: string | null | undefined) => problems.find((p) => p.deviceId === deviceId);
    const now = clock.now();
    const conditions = (row.conditions as Automation['conditions']).flatMap((c, index) => {
      const p = of(c.deviceId);
      return p ? [{ index, verdict: false, observedValue: null, explanation: problemText(p) }] : [];
    });
    const actions: RunAction[] = planActions(
      row.commands as Automation['commands'],
      row.inOrder,
    ).steps.flatMap((step) =>
      step.writes.map((w) => {
        const p = of(step.deviceId);
        return {
          deviceId: step.deviceId,
          deviceParameterId: w.deviceParameterId,
          value: w.value,
          ...pressParams(w),
          atMs: step.atMs,
          result: p ? problemText(p) : 'Not sent: another device of this run may not be used',
          ranAt: null,
        };
      }),
    );
    const run =
      (await repo.startRun({
        sourceId: row.id,
        ownerId: row.ownerId,
        occurrence,
        trigger,
        status: 'skipped',
        conditions,
        actions,
        startedAt: now,
        finishedAt: now,
      })) ?? (await repo.runByOccurrence(occurrence));
    await onDenied(row, first);
    return run ? toRun(run) : null;
  }

  /**
   * Change a run's actions by compare-and-set, so two instances (or a retry beside a slow first try)
   * never overwrite each other's results. The status follows: finished when every action has a result.
   */
  async function updateActions(
    runId: string,
    change: (actions: RunAction[]) => RunAction[] | null,
  ): Promise<boolean> {
    for (let attempt = 0; attempt < 20; attempt++) {
      const current = (await repo.run(runId))?.actions as RunAction[] | undefined;
      if (!current) return false;
      const next = change(current);
      if (!next) return false;
      const finished = next.every((a) => a.result !== null && a.result !== SENDING);
      const status = finished ? (next.every((a) => a.result === 'OK') ? 'done' : 'failed') : 'running';
      if (
        await repo.swapRunActions(runId, current, next, {
          status,
          finishedAt: finished ? clock.now() : null,
        })
      )
        return true;
    }
    throw new Error(`run ${runId}: too many concurrent updates`);
  }

  /**
   * Run one planned step: the writes to one device at one moment; the results go into the run's
   * trace. The step is marked as being sent (compare-and-set: one sender wins) before the write
   * leaves. A mark older than the job lease belongs to a sender that died (its write took at most the
   * RPC timeout): the step is then recorded as interrupted, not written again, since the device may
   * have done it (docs/decisions/012). A younger mark is someone else's write in progress.
   */
  async function runStep(
    ownerId: string,
    runId: string,
    atMs: number,
    deviceId: string,
  ): Promise<'done' | 'busy'> {
    const ofStep = (a: RunAction) => a.atMs === atMs && a.deviceId === deviceId;
    const now = clock.now();
    const stale = (a: RunAction) =>
      ofStep(a) && a.result === SENDING && now - (a.ranAt ?? 0) > STALE_SENDING_MS;
    await updateActions(runId, (actions) =>
      actions.some(stale)
        ? actions.map((a) => (stale(a) ? { ...a, result: INTERRUPTED, ranAt: now } : a))
        : null,
    );
    let mine: RunAction[] = [];
    const claimed = await updateActions(runId, (actions) => {
      mine = actions.filter((a) => ofStep(a) && a.result === null);
      if (mine.length === 0) return null;
      return actions.map((a) => (ofStep(a) && a.result === null ? { ...a, result: SENDING, ranAt: now } : a));
    });
    if (!claimed) {
      const left = (await repo.run(runId))?.actions as RunAction[] | undefined;
      return left?.some((a) => ofStep(a) && a.result === SENDING) ? 'busy' : 'done';
    }
    // Key writes go to the device in one write; each remote press through the remote module's send.
    const results = new Map<string, string>();
    const writes = mine.filter((a) => !remotePressOf(a));
    if (writes.length > 0) {
      let result = 'OK';
      try {
        const res = await devices.rpc(
          ownerId,
          deviceId,
          {
            method: 'write',
            params: writes.map((a) => ({ Key: a.deviceParameterId, Value: a.value as TelemetryValue })),
          },
          true,
        );
        result = String(res.result ?? 'OK');
      } catch (err) {
        // Access is asked again for each write (a delayed step may come due after a share ended).
        result = failureText(err, deviceId);
      }
      for (const a of writes) results.set(a.deviceParameterId, result);
    }
    for (const a of mine) {
      const press = remotePressOf(a);
      if (!press) continue;
      let result = 'OK';
      try {
        if (!deps.remotes) throw new Error('IR remote presses cannot be sent here');
        await deps.remotes.press(ownerId, deviceId, press);
      } catch (err) {
        result = failureText(err, deviceId);
      }
      results.set(a.deviceParameterId, result);
    }
    const ranAt = clock.now();
    await updateActions(runId, (actions) =>
      actions.map((a) =>
        ofStep(a) && a.result === SENDING && a.ranAt === now
          ? { ...a, result: results.get(a.deviceParameterId) ?? 'failed', ranAt }
          : a,
      ),
    );
    return 'done';
  }

  /**
   * Start a run of `row`'s commands for one occurrence. Delayed steps are queued first (one job per
   * moment, at the run's start plus the delay), then the immediate ones run. A second start of the
   * same occurrence (a retried job) resumes an unfinished run: it queues the same jobs again (they are
   * unique) and runs immediate steps not yet sent; it never repeats a write.
   */
  async function execute(
    row: AutomationRow,
    trigger: string,
    occurrence: string,
    trace: Run['conditions'],
  ): Promise<Run | undefined> {
    const denied = await refused(row, trigger, occurrence);
    if (denied) return denied;
    const now = clock.now();
    const commands = row.commands as Automation['commands'];
    const plan = planActions(commands, row.inOrder);
    const actions: RunAction[] = plan.steps.flatMap((step) =>
      step.writes.map((w) => ({
        deviceId: step.deviceId,
        deviceParameterId: w.deviceParameterId,
        value: w.value,
        ...pressParams(w),
        atMs: step.atMs,
        result: null,
        ranAt: null,
      })),
    );
    let run = await repo.startRun({
      sourceId: row.id,
      ownerId: row.ownerId,
      occurrence,
      trigger,
      status: actions.length === 0 ? 'done' : 'running',
      conditions: trace,
      actions,
      startedAt: now,
      finishedAt: actions.length === 0 ? now : null,
    });
    if (run) {
      if (row.isNotify) await notify(row.ownerId, row.name, row.notifyMessage || row.name);
    } else {
      run = await repo.runByOccurrence(occurrence);
      if (run?.status !== 'running') return undefined;
    }
    const started = run.startedAt;
    for (const atMs of new Set(plan.steps.map((s) => s.atMs)))
      if (atMs > 0)
        await repo.enqueue({ kind: 'action', refId: run.id, runAt: started + atMs, payload: { atMs } });
    for (const step of plan.steps) if (step.atMs === 0) await runStep(row.ownerId, run.id, 0, step.deviceId);
    const done = await repo.run(run.id);
    return done && toRun(done);
  }

  /** Record an occurrence that did not run (missed, or its conditions did not hold), with its trace. */
  async function recordSkipped(
    row: AutomationRow,
    trigger: string,
    occurrence: string,
    trace: Run['conditions'],
  ): Promise<void> {
    const now = clock.now();
    await repo.startRun({
      sourceId: row.id,
      ownerId: row.ownerId,
      occurrence,
      trigger,
      status: 'skipped',
      conditions: trace,
      startedAt: now,
      finishedAt: now,
    });
  }

  return { execute, runStep, recordSkipped, refused };
}

export type AutomationRuns = ReturnType<typeof automationRuns>;
