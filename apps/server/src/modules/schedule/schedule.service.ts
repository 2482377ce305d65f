import { nextOccurrence, type Recurrence, validateSchedule } from '@hestia/automation';
import { buildWrite, CatalogError, getProfile } from '@hestia/catalog';
import { type CommandValue, RepeatType, type Schedule } from '@hestia/contract';
import type { Clock } from '../../core/clock.ts';
import { AppError } from '../../core/errors.ts';
import type { LiveBus } from '../../core/live-bus.ts';
import type { UserRepository } from '../account/user.repository.ts';
import type { AutomationRepository, JobRow, ScheduleRow } from '../automation/automation.repository.ts';
import type { AutomationService } from '../automation/automation.service.ts';
import { devicesNotReady } from '../automation/device-readiness.ts';
import { type AccessProblem, accessProblems } from '../automation/run-access.ts';
import type { DeviceService } from '../device/device.service.ts';
import type { TelemetryService } from '../telemetry/telemetry.service.ts';
import { runScheduleJob } from './schedule-runs.ts';

export type Action = { deviceParameterId: string; value: CommandValue; params?: unknown };

export function toSchedule(r: ScheduleRow): Schedule {
  const rec = r.recurrence as Recurrence;
  return {
    id: r.id,
    deviceId: r.deviceId,
    scenarioId: r.scenarioId,
    name: r.name,
    kind: r.kind,
    repeatType: rec.repeatType,
    startDateTime: rec.startDateTime,
    endDateTime: rec.endDateTime,
    dayOfWeeks: rec.dayOfWeeks,
    timerInterval: rec.timerInterval,
    time: rec.time,
    timeZone: rec.timeZone,
    isActive: r.isActive,
    nextRunAt: r.nextRunAt,
    deviceScheduleActions: r.actions as Action[],
    pausedReason: (r.pausedReason as AccessProblem | null) ?? null,
  };
}

export interface ScheduleDeps {
  repo: AutomationRepository;
  users: UserRepository;
  devices: DeviceService;
  automations: AutomationService;
  telemetry: TelemetryService;
  clock: Clock;
  /** Access changes (share revoked, scoped down, device deleted) switch off what lost its access. */
  bus?: LiveBus;
  log?: { warn(o: unknown, m: string): void };
}

/**
 * Device schedules and timers, and scenario schedules. Each active one has exactly one pending job:
 * its next occurrence. Running a job records the occurrence once (unique in `runs`) and queues the next.
 * Missed occurrences (server down): the latest runs if at most 15 minutes late, the rest are skipped
 * and recorded as skipped (docs/decisions/009).
 */
export class ScheduleService {
  constructor(private readonly deps: ScheduleDeps) {
    const { bus, log, repo } = deps;

    // An expired share announces nothing: its schedules are stopped when they next come due or are listed.
    bus?.onAccessChanged((deviceId) => {
      void (async () => {
        for (const row of await repo.schedulesOnDevice(deviceId)) await this.checked(row);
      })().catch((err) => log?.warn({ deviceId, err }, 'access sweep failed'));
    });
  }

  /** A device schedule or timer as it stands now: switched off when its owner may no longer control the device. */
  private readonly checked = async (row: ScheduleRow): Promise<ScheduleRow> => {
    const { devices, repo } = this.deps;
    if (row.pausedReason || !row.deviceId) return row;
    const [problem] = await accessProblems(devices, row.ownerId, { reads: [], writes: [row.deviceId] });
    return problem ? ((await repo.pauseSchedule(row.id, problem)) ?? row) : row;
  };

  /** The devices an occurrence of `row` writes to that are not ready for it (device-readiness.ts). */
  private async offlineTargets(row: ScheduleRow): Promise<string[]> {
    const { clock, repo, telemetry } = this.deps;
    const scenario = row.scenarioId ? await repo.automation(row.scenarioId) : undefined;
    const ids = row.deviceId
      ? [row.deviceId]
      : [...new Set(((scenario?.commands ?? []) as Array<{ deviceId: string }>).map((c) => c.deviceId))];
    return devicesNotReady({ telemetry, clock }, ids);
  }

  private async mine(userId: string, id: string, kind?: 'schedule' | 'timer'): Promise<ScheduleRow> {
    const { repo } = this.deps;
    const row = await repo.schedule(id);
    if (!row || row.ownerId !== userId || (kind && row.kind !== kind))
      throw new AppError('NOT_FOUND', 'Schedule not found');
    return row;
  }

  private async checkActions(userId: string, deviceId: string, actions: Action[]): Promise<void> {
    const { devices } = this.deps;
    const { row, access } = await devices.access(userId, deviceId);
    if (access === 'view') throw new AppError('VIEW_ONLY');
    const profile = getProfile(row.profileId);
    if (!profile) throw new AppError('VALIDATION', 'This device model is not known to the server');
    try {
      for (const a of actions) buildWrite(profile, [{ Key: a.deviceParameterId, Value: a.value }]);
    } catch (err) {
      if (err instanceof CatalogError) throw new AppError('VALIDATION', err.message);
      throw err;
    }
  }

  /** Replace the pending job with the next occurrence after `after`. */
  private async queueNext(row: ScheduleRow, after: number): Promise<ScheduleRow> {
    const { repo } = this.deps;
    await repo.dropPendingJobs('schedule', row.id);
    const rec = row.recurrence as Recurrence;
    const next = !row.isActive
      ? null
      : row.kind === 'timer'
        ? rec.startDateTime > after
          ? rec.startDateTime
          : null
        : nextOccurrence(rec, after);
    if (next !== null) await repo.enqueue({ kind: 'schedule', refId: row.id, runAt: next });
    return repo.saveSchedule({ ...row, nextRunAt: next });
  }

  private async myScenario(userId: string, scenarioId: string): Promise<void> {
    const { repo } = this.deps;
    const row = await repo.automation(scenarioId);
    if (!row || row.ownerId !== userId || row.type !== 'scenario')
      throw new AppError('NOT_FOUND', 'Scenario not found');
  }

  /** A schedule of this scenario (404 for anyone else's, or another scenario's). */
  private async ofScenario(userId: string, scenarioId: string, id: string): Promise<ScheduleRow> {
    await this.myScenario(userId, scenarioId);
    const row = await this.mine(userId, id, 'schedule');
    if (row.scenarioId !== scenarioId) throw new AppError('NOT_FOUND', 'Schedule not found');
    return row;
  }

  private async timeZoneOf(userId: string): Promise<string> {
    const { users } = this.deps;
    return (await users.get(userId))?.timeZone ?? 'UTC';
  }

  async saveSchedule(
    userId: string,
    target: { deviceId?: string; scenarioId?: string },
    body: {
      scheduleId?: string;
      name: string;
      repeatType?: number | null;
      startDateTime?: number | null;
      endDateTime?: number | null;
      dayOfWeeks: number[];
      timerInterval?: number | null;
      time?: string | null;
      deviceScheduleActions: Action[];
    },
  ): Promise<Schedule> {
    const { clock, repo } = this.deps;
    if (target.scenarioId) await this.myScenario(userId, target.scenarioId);
    if (body.scheduleId) {
      const existing = await this.mine(userId, body.scheduleId, 'schedule');
      if (
        (existing.deviceId ?? null) !== (target.deviceId ?? null) ||
        (existing.scenarioId ?? null) !== (target.scenarioId ?? null)
      )
        throw new AppError('NOT_FOUND', 'Schedule not found');
    }
    const timeZone = await this.timeZoneOf(userId);
    const issues = validateSchedule({ ...body, timeZone } as Parameters<typeof validateSchedule>[0]);
    if (issues[0]) throw new AppError('VALIDATION', issues[0].message);
    if (target.deviceId) {
      if (body.deviceScheduleActions.length === 0)
        throw new AppError('VALIDATION', 'The device action list cannot be empty');
      await this.checkActions(userId, target.deviceId, body.deviceScheduleActions);
    }
    const recurrence: Recurrence = {
      repeatType: body.repeatType as Recurrence['repeatType'],
      startDateTime: body.startDateTime as number,
      endDateTime: body.endDateTime ?? null,
      dayOfWeeks: body.dayOfWeeks as Recurrence['dayOfWeeks'],
      timerInterval: body.timerInterval ?? null,
      time: body.time ?? '00:00',
      timeZone,
    };
    const row = await repo.saveSchedule({
      ...(body.scheduleId ? { id: body.scheduleId } : {}),
      ownerId: userId,
      deviceId: target.deviceId ?? null,
      scenarioId: target.scenarioId ?? null,
      kind: 'schedule',
      name: body.name,
      recurrence,
      actions: body.deviceScheduleActions,
      isActive: true,
      pausedReason: null,
    });
    return toSchedule(await this.queueNext(row, clock.now()));
  }

  /** A device timer: the writes happen once, `minutes` from now. */
  async saveTimer(
    userId: string,
    deviceId: string,
    body: { timerId?: string; name: string; minutes: number; actions: Action[] },
  ): Promise<Schedule> {
    const { clock, repo } = this.deps;
    if (body.timerId) await this.mine(userId, body.timerId, 'timer');
    await this.checkActions(userId, deviceId, body.actions);
    const at = clock.now() + body.minutes * 60_000;
    const row = await repo.saveSchedule({
      ...(body.timerId ? { id: body.timerId } : {}),
      ownerId: userId,
      deviceId,
      scenarioId: null,
      kind: 'timer',
      name: body.name,
      recurrence: {
        repeatType: RepeatType.Once,
        startDateTime: at,
        endDateTime: null,
        dayOfWeeks: [],
        timerInterval: null,
        time: '00:00',
        timeZone: 'UTC',
      },
      actions: body.actions,
      isActive: true,
      pausedReason: null,
    });
    return toSchedule(await this.queueNext(row, clock.now()));
  }

  async list(
    userId: string,
    kind: 'schedule' | 'timer',
    filter: { deviceId?: string; scenarioId?: string },
  ): Promise<Schedule[]> {
    const { repo } = this.deps;
    return (await Promise.all((await repo.schedules(userId, { kind, ...filter })).map(this.checked))).map(
      toSchedule,
    );
  }

  async get(userId: string, id: string, kind?: 'schedule' | 'timer'): Promise<Schedule> {
    return toSchedule(await this.checked(await this.mine(userId, id, kind)));
  }

  async remove(userId: string, id: string, kind?: 'schedule' | 'timer'): Promise<void> {
    const { repo } = this.deps;
    await this.mine(userId, id, kind);
    await repo.deleteSchedule(id);
  }

  async removeForScenario(userId: string, scenarioId: string): Promise<void> {
    const { repo } = this.deps;
    for (const s of await repo.schedules(userId, { scenarioId })) await repo.deleteSchedule(s.id);
  }

  /** Schedules that execute a scenario: the caller must own the scenario. */
  readonly scenario = {
    list: async (userId: string, scenarioId: string): Promise<Schedule[]> => {
      await this.myScenario(userId, scenarioId);
      return (await this.deps.repo.schedules(userId, { kind: 'schedule', scenarioId })).map(toSchedule);
    },
    get: async (userId: string, scenarioId: string, id: string): Promise<Schedule> => {
      return toSchedule(await this.ofScenario(userId, scenarioId, id));
    },
    remove: async (userId: string, scenarioId: string, id: string): Promise<void> => {
      await this.ofScenario(userId, scenarioId, id);
      await this.deps.repo.deleteSchedule(id);
    },
    removeAll: async (userId: string, scenarioId: string): Promise<void> => {
      await this.myScenario(userId, scenarioId);
      for (const s of await this.deps.repo.schedules(userId, { scenarioId }))
        await this.deps.repo.deleteSchedule(s.id);
    },
  };

  async setActive(userId: string, deviceId: string, id: string, isActive: boolean): Promise<Schedule> {
    const { clock, repo } = this.deps;
    const row = await this.mine(userId, id);
    if (row.deviceId !== deviceId) throw new AppError('NOT_FOUND', 'Schedule not found');
    // Switching on again asks for control of the device, as saving does; the reason then goes.
    if (isActive) await this.checkActions(userId, deviceId, row.actions as Action[]);
    const saved = await repo.saveSchedule({
      ...row,
      isActive,
      pausedReason: isActive ? null : row.pausedReason,
    });
    return toSchedule(await this.queueNext(saved, clock.now()));
  }

  /** A schedule occurrence came due (a claimed job): schedule-runs.ts. */
  runJob(job: JobRow): Promise<void> {
    const { automations, clock, devices, repo } = this.deps;
    return runScheduleJob(
      {
        repo,
        devices,
        automations,
        clock,
        offlineTargets: (row) => this.offlineTargets(row),
        queueNext: (row, after) => this.queueNext(row, after),
      },
      job,
    );
  }
}
