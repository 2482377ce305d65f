import {
  type AnalysedAutomation,
  type Condition,
  type ConditionCheckType,
  ConditionType,
  evaluateAll,
  findConflicts,
  findLoops,
  planActions,
  validateAutomation,
} from '@hestia/automation';
import type { Automation, Run, TelemetryValue } from '@hestia/contract';
import { AppError } from '../errors.ts';
import type { AutomationRepository, AutomationRow, RunRow } from '../repositories/automation.repository.ts';
import type { Clock } from './clock.ts';
import type { DeviceService } from './device.service.ts';
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
  let watched: Promise<Set<string>> | null = null;
  const watchedDevices = () => {
    watched ??= repo.watchedDevices().catch(() => {
      watched = null;
      return new Set<string>();
    });
    return watched;
  };
  const changed = () => {
    onDevice.clear();
    watched = null;
  };
  const refresh = setInterval(changed, 30_000);
  refresh.unref();

  async function mine(userId: string, id: string, type?: 'automation' | 'scenario'): Promise<AutomationRow> {
    const row = await repo.automation(id);
    if (!row || row.ownerId !== userId || (type && row.type !== type))
      throw new AppError('NOT_FOUND', 'Automation not found');
    return row;
  }

  /** Run one planned step: one write to one device; the result goes into the run's trace. */
  async function runStep(ownerId: string, run: RunRow, atMs: number, deviceId: string): Promise<void> {
    const actions = (await repo.run(run.id))?.actions as RunAction[] | undefined;
    if (!actions) return;
    const mine = actions.filter((a) => a.atMs === atMs && a.deviceId === deviceId && a.result === null);
    if (mine.length === 0) return;
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
    const latest = ((await repo.run(run.id))?.actions as RunAction[]) ?? actions;
    const updated = latest.map((a) =>
      a.atMs === atMs && a.deviceId === deviceId && a.result === null ? { ...a, result, ranAt } : a,
    );
    const finished = updated.every((a) => a.result !== null);
    await repo.updateRun(run.id, {
      actions: updated,
      ...(finished
        ? { status: updated.every((a) => a.result === 'OK') ? 'done' : 'failed', finishedAt: ranAt }
        : {}),
    });
  }

  /** Start a run of `row`'s commands for one occurrence; a second start of the same occurrence does nothing. */
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
    const run = await repo.startRun({
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
    if (!run) return undefined;
    if (row.isNotify) await repo.notify(row.ownerId, row.name, row.notifyMessage || row.name);
    for (const step of plan.steps) {
      if (step.atMs === 0) await runStep(row.ownerId, run, 0, step.deviceId);
      else
        await repo.enqueue({
          kind: 'action',
          refId: run.id,
          runAt: now + step.atMs,
          payload: { atMs: step.atMs, deviceId: step.deviceId },
        });
    }
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
    return toAutomation(row);
  }

  // DeviceParam triggers: telemetry this instance ingested (each message is ingested by one instance).
  telemetry.onIngest(async (deviceId, values, previous, ts) => {
    if (!(await watchedDevices()).has(deviceId)) return;
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
  });

  return {
    save,
    onChanged(): void {
      changed();
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
    },
    async setActive(userId: string, id: string, isActive: boolean): Promise<Automation> {
      const row = await mine(userId, id);
      const saved = await repo.saveAutomation({ ...row, isActive });
      changed();
      return toAutomation(saved);
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
    /** A delayed step came due (a job). */
    async runDelayedStep(runId: string, payload: { atMs: number; deviceId: string }): Promise<void> {
      const run = await repo.run(runId);
      if (run) await runStep(run.ownerId, run, payload.atMs, payload.deviceId);
    },
  };
}

export type AutomationService = ReturnType<typeof automationService>;
