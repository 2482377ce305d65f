/**
 * Automations and scenarios: saving (validated, refused when they would loop, warned on conflicts),
 * listing and switching them, and the service's public API. It composes the parts that run them:
 * automation-runs.ts (runs, steps and traces), automation-delayed.ts (delayed steps as durable jobs)
 * and automation-device-triggers.ts (DeviceParam triggers from the telemetry this instance ingests);
 * automation-shapes.ts holds the API's shape of an automation and the check of condition settings.
 */
import {
  type Condition,
  type EvaluationContext,
  findConflicts,
  findLoops,
  validateAutomation,
} from '@hestia/automation';
import type { Automation, Run } from '@hestia/contract';
import type { Clock } from '../../core/clock.ts';
import { AppError } from '../../core/errors.ts';
import type { LiveBus } from '../../core/live-bus.ts';
import type { DeviceService } from '../device/device.service.ts';
import type { TelemetryService } from '../telemetry/telemetry.service.ts';
import type { AutomationRepository, AutomationRow } from './automation.repository.ts';
import { delayedSteps } from './automation-delayed.ts';
import { deviceParamTriggers } from './automation-device-triggers.ts';
import { type AutomationRuns, automationRuns, devicesUsed, toRun } from './automation-runs.ts';
import { analysed, checkConditionSettings, checkNotifyEvents, toAutomation } from './automation-shapes.ts';
import { checkRemotePresses, type RemotePresses } from './remote-actions.ts';
import { type AccessProblem, accessProblems, problemError } from './run-access.ts';

export { INTERRUPTED, toRun } from './automation-runs.ts';

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

export interface AutomationDeps {
  repo: AutomationRepository;
  devices: DeviceService;
  /** IR remote presses as actions (docs/decisions/049): checked on save, sent when run. */
  remotes?: RemotePresses | undefined;
  telemetry: TelemetryService;
  clock: Clock;
  /** Access changes (share revoked, scoped down, device deleted) switch off what lost its access. */
  bus?: LiveBus;
  log?: { warn(o: unknown, m: string): void };
  /** Tells the owner an automation with isNotify ran (the notification module). */
  notify?: (userId: string, name: string, message: string) => Promise<void>;
}

/** One instance's automation service: the parts above wired to one repository, device service and clock. */
export class AutomationService {
  private readonly runner: AutomationRuns;

  // Weather readings for rows with Weather conditions (set by the trigger service, which owns the provider).
  private weatherFor: (row: AutomationRow) => Promise<EvaluationContext['weather']> = async () => undefined;

  private readonly deviceTriggers: ReturnType<typeof deviceParamTriggers>;

  /** Delayed steps came due (an `action` job); see automation-delayed.ts. */
  readonly runDelayedStep: ReturnType<typeof delayedSteps>;

  // Told of every save, switch and delete (the trigger jobs follow the automation's conditions).
  private readonly listeners: Array<(id: string, row: AutomationRow | undefined) => Promise<void>> = [];

  constructor(private readonly deps: AutomationDeps) {
    const { bus, clock, devices, log, repo, telemetry } = deps;
    this.runner = automationRuns({
      repo,
      devices,
      remotes: deps.remotes,
      clock,
      notify: deps.notify,
      onDenied: async (row, problem) => {
        await this.pause(row, problem);
      },
    });
    this.deviceTriggers = deviceParamTriggers({
      repo,
      telemetry,
      clock,
      runs: this.runner,
      weatherFor: (row) => this.weatherFor(row),
      devices,
    });
    this.runDelayedStep = delayedSteps({ repo, runs: this.runner, telemetry, clock });

    // Shares revoked or scoped down, devices deleted: what used the device is checked at once. An
    // expired share announces nothing; what used it is stopped when it next runs or is listed.
    bus?.onAccessChanged((deviceId) => {
      void (async () => {
        for (const row of await repo.automationsUsing(deviceId)) await this.checked(row);
      })().catch((err) => log?.warn({ deviceId, err }, 'access sweep failed'));
    });
  }

  private readonly changed = () => this.deviceTriggers.changed();

  private readonly saved = async (id: string, row: AutomationRow | undefined) => {
    for (const l of this.listeners) await l(id, row);
  };

  /**
   * Switch `row` off because its owner lost access it needs, keeping the reason for them to see; its
   * triggers go with it (the trigger jobs follow `saved`, the DeviceParam caches `changed`).
   */
  private async pause(row: AutomationRow, problem: AccessProblem): Promise<AutomationRow> {
    const { repo } = this.deps;
    const paused = await repo.pauseAutomation(row.id, problem);
    if (!paused) return (await repo.automation(row.id)) ?? row;
    this.changed();
    await this.saved(paused.id, paused);
    return paused;
  }

  /** `row` as it stands now: switched off with the reason when its owner lost access it needs. */
  private readonly checked = async (row: AutomationRow): Promise<AutomationRow> => {
    const { devices } = this.deps;
    if (row.pausedReason) return row;
    const [problem] = await accessProblems(devices, row.ownerId, devicesUsed(row));
    return problem ? this.pause(row, problem) : row;
  };

  private async mine(userId: string, id: string, type?: 'automation' | 'scenario'): Promise<AutomationRow> {
    const { repo } = this.deps;
    const row = await repo.automation(id);
    if (!row || row.ownerId !== userId || (type && row.type !== type))
      throw new AppError('NOT_FOUND', 'Automation not found');
    return row;
  }

  async save(userId: string, type: 'automation' | 'scenario', body: Body): Promise<Automation> {
    const { clock, devices, repo } = this.deps;
    if (body.id) await this.mine(userId, body.id, type);
    const issues = validateAutomation(
      { name: body.name, conditions: body.conditions as Condition[], commands: body.commands },
      { isScenario: type === 'scenario' && false },
    );
    if (issues[0]) throw new AppError('VALIDATION', issues[0].message);
    checkConditionSettings(body.conditions as Condition[]);
    // Read what it watches, control what it writes to: the same answers as the device routes.
    const [problem] = await accessProblems(devices, userId, devicesUsed(body));
    if (problem) throw problemError(problem);
    const commands = await checkRemotePresses(this.deps.remotes, body);
    await checkNotifyEvents(
      body.conditions as Condition[],
      async (id) => (await devices.access(userId, id)).row,
    );
    const others = (await repo.automations(userId, 'automation')).filter(
      (a) => a.id !== body.id && a.isActive,
    );
    const draft = analysed({
      id: body.id ?? 'new',
      name: body.name,
      conditions: body.conditions,
      commands,
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
    this.changed();
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
      commands,
      warnings,
      pausedReason: null,
    });
    await this.saved(row.id, row);
    return toAutomation(row);
  }

  /** Called after an automation is saved, switched or deleted (row undefined when deleted). */
  onSaved(listener: (id: string, row: AutomationRow | undefined) => Promise<void>): void {
    this.listeners.push(listener);
  }

  /** Where telemetry-triggered evaluations read the weather from. */
  useWeather(source: (row: AutomationRow) => Promise<EvaluationContext['weather']>): void {
    this.weatherFor = source;
  }

  /** Run `row` for a trigger that fired (timed, location, weather); once per occurrence. */
  get executeTriggered() {
    return this.runner.execute;
  }

  /**
   * Before a trigger's conditions are evaluated: a run refused for lack of access (recorded, and
   * the automation switched off), or null when `row` may run.
   */
  get refused() {
    return this.runner.refused;
  }

  /** Record an occurrence that did not run (missed, or its conditions did not hold), with its trace. */
  get recordSkipped() {
    return this.runner.recordSkipped;
  }

  /** Stops the cache refresh timer. */
  close(): void {
    this.deviceTriggers.close();
  }

  async list(
    userId: string,
    type: 'automation' | 'scenario',
    q: { device_id?: string; condition_type?: number } = {},
  ): Promise<Automation[]> {
    const { repo } = this.deps;
    const rows = await Promise.all((await repo.automations(userId, type)).map(this.checked));
    return rows
      .map(toAutomation)
      .filter(
        (a) =>
          (!q.device_id ||
            a.commands.some((c) => c.deviceId === q.device_id) ||
            a.conditions.some((c) => c.deviceId === q.device_id)) &&
          (q.condition_type === undefined || a.conditions.some((c) => c.conditionType === q.condition_type)),
      );
  }

  async get(userId: string, id: string, type?: 'automation' | 'scenario'): Promise<Automation> {
    return toAutomation(await this.checked(await this.mine(userId, id, type)));
  }

  async remove(userId: string, id: string, type?: 'automation' | 'scenario'): Promise<void> {
    const { repo } = this.deps;
    await this.mine(userId, id, type);
    await repo.deleteAutomation(id);
    this.changed();
    await this.saved(id, undefined);
  }

  async setActive(userId: string, id: string, isActive: boolean): Promise<Automation> {
    const { devices, repo } = this.deps;
    const row = await this.mine(userId, id);
    if (isActive) {
      // Switching on again asks the access it needs, as saving does; the reason then goes.
      const [problem] = await accessProblems(devices, userId, devicesUsed(row));
      if (problem) throw problemError(problem);
    }
    const updated = await repo.saveAutomation({
      ...row,
      isActive,
      pausedReason: isActive ? null : row.pausedReason,
    });
    this.changed();
    await this.saved(updated.id, updated);
    return toAutomation(updated);
  }

  async setNotify(
    userId: string,
    id: string,
    isNotify: boolean,
    message: string | null | undefined,
  ): Promise<Automation> {
    const { repo } = this.deps;
    const row = await this.mine(userId, id);
    return toAutomation(
      await repo.saveAutomation({ ...row, isNotify, notifyMessage: message ?? row.notifyMessage }),
    );
  }

  /** Run now (tap to run, or the execute call): conditions are not checked. */
  async executeNow(userId: string, id: string, type?: 'automation' | 'scenario'): Promise<Run> {
    const { clock } = this.deps;
    const row = await this.mine(userId, id, type);
    const run = await this.runner.execute(
      row,
      'Manual',
      `${row.id}:manual:${clock.now()}:${Math.random().toString(36).slice(2)}`,
      [],
    );
    if (!run) throw new AppError('INTERNAL');
    return run;
  }

  /**
   * Run a scenario because its schedule fired; once per occurrence. Answers the access problem when
   * it was refused (the schedule is then switched off too), else null.
   */
  async executeScheduled(scenarioId: string, occurrence: string): Promise<AccessProblem | null> {
    const { repo } = this.deps;
    const row = await repo.automation(scenarioId);
    if (!row) return null;
    const run = await this.runner.execute(row, 'Schedule', occurrence, []);
    if (run?.status !== 'skipped') return null;
    return ((await repo.automation(scenarioId))?.pausedReason as AccessProblem | null) ?? null;
  }

  async runs(userId: string, id: string): Promise<Run[]> {
    const { repo } = this.deps;
    await this.mine(userId, id);
    return (await repo.runs(id)).map(toRun);
  }

  async run(userId: string, runId: string): Promise<Run> {
    const { repo } = this.deps;
    const r = await repo.run(runId);
    if (!r || r.ownerId !== userId) throw new AppError('NOT_FOUND', 'Run not found');
    return toRun(r);
  }

  async reorder(userId: string, ids: string[]): Promise<void> {
    const { repo } = this.deps;
    await repo.reorder(userId, ids);
  }
}
