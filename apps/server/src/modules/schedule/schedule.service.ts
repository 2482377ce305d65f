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

/**
 * Device schedules and timers, and scenario schedules. Each active one has exactly one pending job:
 * its next occurrence. Running a job records the occurrence once (unique in `runs`) and queues the next.
 * Missed occurrences (server down): the latest runs if at most 15 minutes late, the rest are skipped
 * and recorded as skipped (docs/decisions/009).
 */
export function scheduleService(deps: {
  repo: AutomationRepository;
  users: UserRepository;
  devices: DeviceService;
  automations: AutomationService;
  telemetry: TelemetryService;
  clock: Clock;
  /** Access changes (share revoked, scoped down, device deleted) switch off what lost its access. */
  bus?: LiveBus;
  log?: { warn(o: unknown, m: string): void };
}) {
  const { repo, users, devices, automations, telemetry, clock, bus, log } = deps;

  /** A device schedule or timer as it stands now: switched off when its owner may no longer control the device. */
  async function checked(row: ScheduleRow): Promise<ScheduleRow> {
    if (row.pausedReason || !row.deviceId) return row;
    const [problem] = await accessProblems(devices, row.ownerId, { reads: [], writes: [row.deviceId] });
    return problem ? ((await repo.pauseSchedule(row.id, problem)) ?? row) : row;
  }

  // An expired share announces nothing: its schedules are stopped when they next come due or are listed.
  bus?.onAccessChanged((deviceId) => {
    void (async () => {
      for (const row of await repo.schedulesOnDevice(deviceId)) await checked(row);
    })().catch((err) => log?.warn({ deviceId, err }, 'access sweep failed'));
  });

  /** The devices an occurrence of `row` writes to that are not ready for it (device-readiness.ts). */
  async function offlineTargets(row: ScheduleRow): Promise<string[]> {
    const scenario = row.scenarioId ? await repo.automation(row.scenarioId) : undefined;
    const ids = row.deviceId
      ? [row.deviceId]
      : [...new Set(((scenario?.commands ?? []) as Array<{ deviceId: string }>).map((c) => c.deviceId))];
    return devicesNotReady({ telemetry, clock }, ids);
  }

  async function mine(userId: string, id: string, kind?: 'schedule' | 'timer'): Promise<ScheduleRow> {
    const row = await repo.schedule(id);
    if (!row || row.ownerId !== userId || (kind && row.kind !== kind))
      throw new AppError('NOT_FOUND', 'Schedule not found');
    return row;
  }

  async function checkActions(userId: string, deviceId: string, actions: Action[]): Promise<void> {
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
  async function queueNext(row: ScheduleRow, after: number): Promise<ScheduleRow> {
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

  async function myScenario(userId: string, scenarioId: string): Promise<void> {
    const row = await repo.automation(scenarioId);
    if (!row || row.ownerId !== userId || row.type !== 'scenario')
      throw new AppError('NOT_FOUND', 'Scenario not found');
  }

  /** A schedule of this scenario (404 for anyone else's, or another scenario's). */
  async function ofScenario(userId: string, scenarioId: string, id: string): Promise<ScheduleRow> {
    await myScenario(userId, scenarioId);
    const row = await mine(userId, id, 'schedule');
    if (row.scenarioId !== scenarioId) throw new AppError('NOT_FOUND', 'Schedule not found');
    return row;
  }

  async function timeZoneOf(userId: string): Promise<string> {
    return (await users.get(userId))?.timeZone ?? 'UTC';
  }

  return {
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
      if (target.scenarioId) await myScenario(userId, target.scenarioId);
      if (body.scheduleId) {
        const existing = await mine(userId, body.scheduleId, 'schedule');
        if (
          (existing.deviceId ?? null) !== (target.deviceId ?? null) ||
          (existing.scenarioId ?? null) !== (target.scenarioId ?? null)
        )
          throw new AppError('NOT_FOUND', 'Schedule not found');
      }
      const timeZone = await timeZoneOf(userId);
      const issues = validateSchedule({ ...body, timeZone } as Parameters<typeof validateSchedule>[0]);
      if (issues[0]) throw new AppError('VALIDATION', issues[0].message);
      if (target.deviceId) {
        if (body.deviceScheduleActions.length === 0)
          throw new AppError('VALIDATION', 'The device action list cannot be empty');
        await checkActions(userId, target.deviceId, body.deviceScheduleActions);
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
      return toSchedule(await queueNext(row, clock.now()));
    },

    /** A device timer: the writes happen once, `minutes` from now. */
    async saveTimer(
      userId: string,
      deviceId: string,
      body: { timerId?: string; name: string; minutes: number; actions: Action[] },
    ): Promise<Schedule> {
      if (body.timerId) await mine(userId, body.timerId, 'timer');
      await checkActions(userId, deviceId, body.actions);
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
      return toSchedule(await queueNext(row, clock.now()));
    },

    async list(
      userId: string,
      kind: 'schedule' | 'timer',
      filter: { deviceId?: string; scenarioId?: string },
    ): Promise<Schedule[]> {
      return (await Promise.all((await repo.schedules(userId, { kind, ...filter })).map(checked))).map(
        toSchedule,
      );
    },
    async get(userId: string, id: string, kind?: 'schedule' | 'timer'): Promise<Schedule> {
      return toSchedule(await checked(await mine(userId, id, kind)));
    },
    async remove(userId: string, id: string, kind?: 'schedule' | 'timer'): Promise<void> {
      await mine(userId, id, kind);
      await repo.deleteSchedule(id);
    },
    async removeForScenario(userId: string, scenarioId: string): Promise<void> {
      for (const s of await repo.schedules(userId, { scenarioId })) await repo.deleteSchedule(s.id);
    },
    /** Schedules that execute a scenario: the caller must own the scenario. */
    scenario: {
      async list(userId: string, scenarioId: string): Promise<Schedule[]> {
        await myScenario(userId, scenarioId);
        return (await repo.schedules(userId, { kind: 'schedule', scenarioId })).map(toSchedule);
      },
      async get(userId: string, scenarioId: string, id: string): Promise<Schedule> {
        return toSchedule(await ofScenario(userId, scenarioId, id));
      },
      async remove(userId: string, scenarioId: string, id: string): Promise<void> {
        await ofScenario(userId, scenarioId, id);
        await repo.deleteSchedule(id);
      },
      async removeAll(userId: string, scenarioId: string): Promise<void> {
        await myScenario(userId, scenarioId);
        for (const s of await repo.schedules(userId, { scenarioId })) await repo.deleteSchedule(s.id);
      },
    },
    async setActive(userId: string, deviceId: string, id: string, isActive: boolean): Promise<Schedule> {
      const row = await mine(userId, id);
      if (row.deviceId !== deviceId) throw new AppError('NOT_FOUND', 'Schedule not found');
      // Switching on again asks for control of the device, as saving does; the reason then goes.
      if (isActive) await checkActions(userId, deviceId, row.actions as Action[]);
      const saved = await repo.saveSchedule({
        ...row,
        isActive,
        pausedReason: isActive ? null : row.pausedReason,
      });
      return toSchedule(await queueNext(saved, clock.now()));
    },

    /** A schedule occurrence came due (a claimed job): schedule-runs.ts. */
    runJob(job: JobRow): Promise<void> {
      return runScheduleJob({ repo, devices, automations, clock, offlineTargets, queueNext }, job);
    },
  };
}

export type ScheduleService = ReturnType<typeof scheduleService>;
