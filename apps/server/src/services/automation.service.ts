import {
  type AnalysedAutomation,
  type Condition,
  type ConditionCheckType,
  ConditionType,
  type EvaluationContext,
  evaluateAll,
  findConflicts,
  findLoops,
  incompleteTimedConditions,
  locationMetadataSchema,
  planActions,
  validateAutomation,
  weatherMetadataSchema,
} from '@hestia/automation';
import type { Automation, Run, TelemetryValue } from '@hestia/contract';
import { AppError } from '../errors.ts';
import { RetryLater } from '../jobs/worker.ts';
import type { AutomationRepository, AutomationRow, RunRow } from '../repositories/automation.repository.ts';
import type { Clock } from './clock.ts';
import type { DeviceService } from './device.service.ts';
import { DeviceSet } from './device-set.ts';
import type { TelemetryService } from './telemetry.service.ts';
import { TtlCache } from './ttl-cache.ts';

type Body = {
  id?: string;
  name: string;
  isActive: boolean;
  isNotify: boolean;
  notifyMessage: string | null;
  commandInorderExecution: boolean;
  conditionCheckType: number;
  conditions: Automation['conditions'];
  commands: Automation['commands'];
};

type RunAction = Run['actions'][number];

/** A step's result while its write is on the way to the device. */
const SENDING = 'sending';
/** A `sending` mark this old has no live sender: the lease of the job that set it ran out. */
const STALE_SENDING_MS = 30_000;
/** A step found still on its way after a restart: not written again, the device may have done it. */
export const INTERRUPTED = 'Interrupted: the server stopped while sending; not repeated';

export function toAutomation(r: AutomationRow): Automation {
  const conditions = r.conditions as Automation['conditions'];
  const commands = r.commands as Automation['commands'];
  return {
    id: r.id,
    name: r.name,
    type: r.type,
    creationTime: r.createdAt.toISOString(),
    isActive: r.isActive,
    isNotify: r.isNotify,
    notifyMessage: r.notifyMessage,
    actionCount: commands.length,
    conditionCount: conditions.length,
    commandInorderExecution: r.inOrder,
    conditionCheckType: r.checkType,
    conditions,
    commands,
    order: r.position,
    warnings: r.warnings as string[],
  };
}

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

const analysed = (r: {
  id: string;
  name: string;
  conditions: unknown;
  commands: unknown;
  inOrder?: boolean;
}): AnalysedAutomation => ({
  id: r.id,
  name: r.name,
  conditions: r.conditions as Condition[],
  commands: r.commands as AnalysedAutomation['commands'],
  commandInorderExecution: r.inOrder ?? false,
});

/**
 * Automations and scenarios: saving (validated, refused when they would loop, warned on conflicts),
 * running (now, or delayed steps as durable jobs) with a trace, and DeviceParam triggers from the
 * telemetry this instance ingests.
 */
export function automationService(deps: {
  repo: AutomationRepository;
  devices: DeviceService;
  telemetry: TelemetryService;
  clock: Clock;
}) {
  const { repo, devices, telemetry, clock } = deps;
  const onDevice = new TtlCache<string, AutomationRow[]>(5000, 50_000, clock);
  // Devices any active automation watches. Most telemetry comes from devices no automation watches:
  // those cost no database read. Refreshed on every change here and every 30 s for other instances.
  const watched = new DeviceSet(() => repo.watchedDevices(), 30_000);
  const changed = () => {
    onDevice.clear();
    watched.invalidate();
  };
  // Told of every save, switch and delete (the trigger jobs follow the automation's conditions).
  const listeners: Array<(id: string, row: AutomationRow | undefined) => Promise<void>> = [];
  // Weather readings for rows with Weather conditions (set by the trigger service, which owns the provider).
  let weatherFor: (row: AutomationRow) => Promise<EvaluationContext['weather']> = async () => undefined;
  const saved = async (id: string, row: AutomationRow | undefined) => {
    for (const l of listeners) await l(id, row);
  };

  async function mine(userId: string, id: string, type?: 'automation' | 'scenario'): Promise<AutomationRow> {
    const row = await repo.automation(id);
    if (!row || row.ownerId !== userId || (type && row.type !== type))
      throw new AppError('NOT_FOUND', 'Automation not found');
    return row;
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
    let result = 'OK';
    try {
      const res = await devices.rpc(
        ownerId,
        deviceId,
        {
          method: 'write',
          params: mine.map((a) => ({ Key: a.deviceParameterId, Value: a.value as TelemetryValue })),
        },
        true,
      );
      result = String(res.result ?? 'OK');
    } catch (err) {
      result = err instanceof Error ? err.message : 'failed';
    }
    const ranAt = clock.now();
    await updateActions(runId, (actions) =>
      actions.map((a) =>
        ofStep(a) && a.result === SENDING && a.ranAt === now ? { ...a, result, ranAt } : a,
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
    const now = clock.now();
    const commands = row.commands as Automation['commands'];
    const plan = planActions(commands, row.inOrder);
    const actions: RunAction[] = plan.steps.flatMap((step) =>
      step.writes.map((w) => ({
        deviceId: step.deviceId,
        deviceParameterId: w.deviceParameterId,
        value: w.value,
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
      if (row.isNotify) await repo.notify(row.ownerId, row.name, row.notifyMessage || row.name);
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

  async function save(userId: string, type: 'automation' | 'scenario', body: Body): Promise<Automation> {
    if (body.id) await mine(userId, body.id, type);
    const issues = validateAutomation(
      { name: body.name, conditions: body.conditions as Condition[], commands: body.commands },
      { isScenario: type === 'scenario' && false },
    );
    if (issues[0]) throw new AppError('VALIDATION', issues[0].message);
    checkConditionSettings(body.conditions as Condition[]);
    for (const c of body.commands) await devices.access(userId, c.deviceId);
    for (const c of body.conditions) if (c.deviceId) await devices.access(userId, c.deviceId);
    const others = (await repo.automations(userId, 'automation')).filter(
      (a) => a.id !== body.id && a.isActive,
    );
    const draft = analysed({
      id: body.id ?? 'new',
      name: body.name,
      conditions: body.conditions,
      commands: body.commands,
      inOrder: body.commandInorderExecution,
    });
    const all = [...others.map((o) => analysed({ ...o, inOrder: o.inOrder })), draft];
    const loops =
      type === 'automation' && body.isActive
        ? findLoops(all).filter((l) => l.automationIds.includes(draft.id))
        : [];
    if (loops[0])
      throw new AppError(
        'VALIDATION',
        `This automation could trigger itself in a loop: ${loops[0].explanation}`,
      );
    const warnings = findConflicts(all, { now: clock.now() })
      .filter((c) => c.automationIds.includes(draft.id))
      .map((c) => c.explanation);
    changed();
    const row = await repo.saveAutomation({
      ...(body.id ? { id: body.id } : {}),
      ownerId: userId,
      type,
      name: body.name.trim(),
      isActive: body.isActive,
      isNotify: body.isNotify,
      notifyMessage: body.notifyMessage,
      inOrder: body.commandInorderExecution,
      checkType: body.conditionCheckType,
      conditions: body.conditions,
      commands: body.commands,
      warnings,
    });
    await saved(row.id, row);
    return toAutomation(row);
  }

  /** Schedule, Timer, Location and Weather conditions need their settings to ever hold. */
  function checkConditionSettings(conditions: Condition[]): void {
    const timed = incompleteTimedConditions(conditions, 'UTC')[0];
    if (timed !== undefined)
      throw new AppError(
        'VALIDATION',
        `Condition ${timed + 1}: set when it runs (metadata.schedule with repeatType, startDateTime and time, or timerInterval in minutes).`,
      );
    conditions.forEach((c, i) => {
      if (c.conditionType === ConditionType.Location && !locationMetadataSchema.safeParse(c.metadata).success)
        throw new AppError(
          'VALIDATION',
          `Condition ${i + 1}: choose the place (latitude, longitude, radius in metres) and enter or leave.`,
        );
      if (
        c.conditionType === ConditionType.Weather &&
        !weatherMetadataSchema.safeParse(c.metadata).success &&
        !c.deviceParameterId
      )
        throw new AppError(
          'VALIDATION',
          `Condition ${i + 1}: choose the weather reading (temperature, humidity, windSpeed or condition).`,
        );
    });
  }

  // DeviceParam triggers: telemetry this instance ingested (each message is ingested by one instance).
  telemetry.onIngest((deviceId, values, previous, ts) =>
    watched.has(deviceId) === false ? undefined : onWatchedTelemetry(deviceId, values, previous, ts),
  );
  async function onWatchedTelemetry(
    deviceId: string,
    values: Record<string, TelemetryValue>,
    previous: Record<string, TelemetryValue | undefined>,
    ts: number,
  ): Promise<void> {
    if (!(await watched.includes(deviceId))) return;
    const list = await onDevice.getOrLoad(deviceId, () => repo.activeAutomationsOnDevice(deviceId));
    for (const row of list ?? []) {
      const conditions = row.conditions as Condition[];
      const changedKeys = Object.keys(values);
      const relevant = conditions.some(
        (c) =>
          c.conditionType === ConditionType.DeviceParam &&
          c.deviceId === deviceId &&
          changedKeys.includes(c.deviceParameterId ?? ''),
      );
      if (!relevant) continue;
      const current = (d: string, k: string) => telemetry.cached(d, k);
      const before = (d: string, k: string) =>
        d === deviceId && k in previous ? previous[k] : telemetry.cached(d, k);
      const evaluation = evaluateAll(conditions, row.checkType as ConditionCheckType, {
        trigger: { conditionType: ConditionType.DeviceParam, deviceId, deviceParameterId: changedKeys[0] },
        telemetry: current,
        previousTelemetry: before,
        weather: await weatherFor(row),
      });
      if (!evaluation.shouldRun) continue;
      const trace = evaluation.trace.map((t) => ({
        index: t.index,
        verdict: t.verdict,
        observedValue: t.observedValue,
        explanation: t.explanation,
      }));
      await execute(row, `DeviceParam: ${changedKeys.join(', ')} changed`, `${row.id}:${ts}`, trace);
    }
  }

  return {
    save,
    onChanged(): void {
      changed();
    },
    /** Called after an automation is saved, switched or deleted (row undefined when deleted). */
    onSaved(listener: (id: string, row: AutomationRow | undefined) => Promise<void>): void {
      listeners.push(listener);
    },
    /** Where telemetry-triggered evaluations read the weather from. */
    useWeather(source: (row: AutomationRow) => Promise<EvaluationContext['weather']>): void {
      weatherFor = source;
    },
    /** Run `row` for a trigger that fired (timed, location, weather); once per occurrence. */
    executeTriggered: execute,
    /** Record an occurrence that did not run (missed, or its conditions did not hold), with its trace. */
    async recordSkipped(
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
    },
    /** Stops the cache refresh timer. */
    close(): void {
      watched.close();
    },

    async list(
      userId: string,
      type: 'automation' | 'scenario',
      q: { device_id?: string; condition_type?: number } = {},
    ): Promise<Automation[]> {
      const rows = await repo.automations(userId, type);
      return rows
        .map(toAutomation)
        .filter(
          (a) =>
            (!q.device_id ||
              a.commands.some((c) => c.deviceId === q.device_id) ||
              a.conditions.some((c) => c.deviceId === q.device_id)) &&
            (q.condition_type === undefined ||
              a.conditions.some((c) => c.conditionType === q.condition_type)),
        );
    },
    async get(userId: string, id: string, type?: 'automation' | 'scenario'): Promise<Automation> {
      return toAutomation(await mine(userId, id, type));
    },
    async remove(userId: string, id: string, type?: 'automation' | 'scenario'): Promise<void> {
      await mine(userId, id, type);
      await repo.deleteAutomation(id);
      changed();
      await saved(id, undefined);
    },
    async setActive(userId: string, id: string, isActive: boolean): Promise<Automation> {
      const row = await mine(userId, id);
      const updated = await repo.saveAutomation({ ...row, isActive });
      changed();
      await saved(updated.id, updated);
      return toAutomation(updated);
    },
    async setNotify(
      userId: string,
      id: string,
      isNotify: boolean,
      message: string | null | undefined,
    ): Promise<Automation> {
      const row = await mine(userId, id);
      return toAutomation(
        await repo.saveAutomation({ ...row, isNotify, notifyMessage: message ?? row.notifyMessage }),
      );
    },
    /** Run now (tap to run, or the execute call): conditions are not checked. */
    async executeNow(userId: string, id: string, type?: 'automation' | 'scenario'): Promise<Run> {
      const row = await mine(userId, id, type);
      const run = await execute(
        row,
        'Manual',
        `${row.id}:manual:${clock.now()}:${Math.random().toString(36).slice(2)}`,
        [],
      );
      if (!run) throw new AppError('INTERNAL');
      return run;
    },
    /** Run a scenario because its schedule fired; once per occurrence. */
    async executeScheduled(scenarioId: string, occurrence: string): Promise<void> {
      const row = await repo.automation(scenarioId);
      if (row) await execute(row, 'Schedule', occurrence, []);
    },
    async runs(userId: string, id: string): Promise<Run[]> {
      await mine(userId, id);
      return (await repo.runs(id)).map(toRun);
    },
    async run(userId: string, runId: string): Promise<Run> {
      const r = await repo.run(runId);
      if (!r || r.ownerId !== userId) throw new AppError('NOT_FOUND', 'Run not found');
      return toRun(r);
    },
    async reorder(userId: string, ids: string[]): Promise<void> {
      await repo.reorder(userId, ids);
    },
    /**
     * Delayed steps came due (a job): every device's step at that moment (older jobs name one device).
     * A step another sender may still be writing makes the job try again when its lease ends.
     */
    async runDelayedStep(runId: string, payload: { atMs: number; deviceId?: string }): Promise<void> {
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
        if ((await runStep(run.ownerId, run.id, payload.atMs, deviceId)) === 'busy') busy = true;
      if (busy) throw new RetryLater('a step of this run is still being sent');
    },
  };
}

export type AutomationService = ReturnType<typeof automationService>;
