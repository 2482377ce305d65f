import {
  type Condition,
  type ConditionTrace,
  DEFAULT_GRACE_MS,
  type EvaluationContext,
  evaluateAll,
  type GeoPoint,
  localWeatherProvider,
  nextTimedFire,
  type Trigger,
  weatherMetadataSchema,
} from '@hestia/automation';
import { type ConditionCheckType, ConditionType } from '@hestia/contract';
import type { Clock } from '../../core/clock.ts';
import { RetryLater } from '../../core/retry-later.ts';
import type { UserRepository } from '../account/user.repository.ts';
import type { TelemetryService } from '../telemetry/telemetry.service.ts';
import type { AutomationRepository, AutomationRow, JobRow } from './automation.repository.ts';
import type { AutomationService } from './automation.service.ts';
import { devicesNotReady, stillWaiting } from './device-readiness.ts';
import type { WeatherProvider, WeatherReading } from './weather.service.ts';

const toTrace = (trace: ConditionTrace[]) =>
  trace.map((t) => ({
    index: t.index,
    verdict: t.verdict,
    observedValue: t.observedValue,
    explanation: t.explanation,
  }));

const conditionsOf = (row: AutomationRow) => row.conditions as Condition[];
const has = (row: AutomationRow, type: number) => conditionsOf(row).some((c) => c.conditionType === type);

/** Weather readings are reused this long for evaluations that are not polls. */
const REUSE_MS = 60_000;

export interface AutomationTriggersDeps {
  repo: AutomationRepository;
  users: UserRepository;
  automations: AutomationService;
  telemetry: TelemetryService;
  weather: WeatherProvider;
  clock: Clock;
  weatherPollMs: number;
  log: { warn(o: unknown, m: string): void };
}

/**
 * Triggers of automations that are not telemetry: Schedule and Timer conditions (a durable job at
 * the next time any of them fires), the owner's phone crossing a Location circle (on each location
 * update), and Weather conditions (a durable poll every `weatherPollMs`, firing when the verdict
 * turns true). Each occurrence runs once: its key is unique in `runs` (docs/decisions/010, 012).
 */
export class AutomationTriggers {
  // Readings by place, reused for a minute: telemetry-triggered evaluations may come often.
  private readonly recent = new Map<string, { at: number; reading: WeatherReading }>();

  constructor(private readonly deps: AutomationTriggersDeps) {
    const { automations } = deps;
    automations.useWeather((row) => this.weatherFor(row));
    automations.onSaved(this.reschedule);
  }

  private async timeZoneOf(userId: string): Promise<string> {
    const { users } = this.deps;
    return (await users.get(userId))?.timeZone ?? 'UTC';
  }

  /** Where an automation's weather is read: its first Weather condition's place, else the owner's location. */
  private async weatherPoint(row: AutomationRow): Promise<GeoPoint | null> {
    const { users } = this.deps;
    for (const c of conditionsOf(row)) {
      if (c.conditionType !== ConditionType.Weather) continue;
      const meta = weatherMetadataSchema.safeParse(c.metadata);
      if (meta.success && meta.data.latitude !== undefined && meta.data.longitude !== undefined)
        return { latitude: meta.data.latitude, longitude: meta.data.longitude };
    }
    const owner = await users.get(row.ownerId);
    return owner?.latitude != null && owner.longitude != null
      ? { latitude: owner.latitude, longitude: owner.longitude }
      : null;
  }

  /**
   * The readings for `row`'s Weather conditions, or undefined (the conditions then do not hold).
   * A poll (`fresh`) always asks the provider; other evaluations may reuse a reading up to a minute old.
   */
  private async weatherFor(row: AutomationRow, fresh = false): Promise<EvaluationContext['weather']> {
    const { clock, log, weather } = this.deps;
    if (!has(row, ConditionType.Weather)) return undefined;
    const point = await this.weatherPoint(row);
    if (!point) return undefined;
    const key = `${point.latitude},${point.longitude}`;
    const now = clock.now();
    const known = this.recent.get(key);
    if (!fresh && known && now - known.at < REUSE_MS) return localWeatherProvider({ ...known.reading });
    try {
      const reading = await weather.current(point);
      if (this.recent.size > 1000) this.recent.clear();
      this.recent.set(key, { at: now, reading });
      return localWeatherProvider({ ...reading });
    } catch (err) {
      log.warn({ automation: row.id, err }, 'weather reading failed');
      return undefined;
    }
  }

  private evaluate(row: AutomationRow, trigger: Trigger, extra: Partial<EvaluationContext> = {}) {
    const { telemetry } = this.deps;
    return evaluateAll(conditionsOf(row), row.checkType as ConditionCheckType, {
      trigger,
      telemetry: (d, k) => telemetry.cached(d, k),
      ...extra,
    });
  }

  /** The pending trigger jobs of an automation follow its conditions; inactive or deleted: none. */
  readonly reschedule = async (id: string, row: AutomationRow | undefined): Promise<void> => {
    const { clock, repo } = this.deps;
    await repo.dropPendingJobs('automation', id);
    await repo.dropPendingJobs('weather', id);
    if (!row?.isActive || row.type !== 'automation') return;
    const now = clock.now();
    const fire = nextTimedFire(conditionsOf(row), await this.timeZoneOf(row.ownerId), now);
    if (fire) await repo.enqueue({ kind: 'automation', refId: row.id, runAt: fire.at });
    // The first poll only learns the verdict: a condition already true when saved is not a change.
    if (has(row, ConditionType.Weather))
      await repo.enqueue({ kind: 'weather', refId: row.id, runAt: now, payload: { previous: null } });
  };

  /** A Schedule or Timer condition came due (a claimed `automation` job). */
  async runTimed(job: JobRow): Promise<void> {
    const { automations, clock, repo, telemetry } = this.deps;
    const row = await repo.automation(job.refId);
    if (!row?.isActive || row.type !== 'automation') return;
    const conditions = conditionsOf(row);
    const timeZone = await this.timeZoneOf(row.ownerId);
    const now = clock.now();
    const due = nextTimedFire(conditions, timeZone, job.runAt - 1);
    const indexes = due?.at === job.runAt ? due.indexes : [];
    const first = indexes[0] === undefined ? undefined : conditions[indexes[0]];
    if (first) {
      const name = first.conditionType === ConditionType.Timer ? 'Timer' : 'Schedule';
      const occurrence = `${row.id}:timed:${job.runAt}`;
      // Refused for lack of access: recorded, switched off, and no next occurrence (decision 018).
      if (await automations.refused(row, name, occurrence)) return;
      if (stillWaiting(clock, job.runAt)) {
        const targets = [...new Set((row.commands as Array<{ deviceId: string }>).map((c) => c.deviceId))];
        const offline = await devicesNotReady({ telemetry, clock }, targets);
        if (offline.length > 0) throw new RetryLater(`waiting for ${offline.join(', ')} to connect`);
      }
      if (now - job.runAt > DEFAULT_GRACE_MS) {
        await automations.recordSkipped(row, `${name} (missed)`, occurrence, []);
      } else {
        const trigger: Trigger = {
          conditionType: first.conditionType,
          ...(indexes.length === 1 ? { conditionIndex: indexes[0] } : {}),
        };
        const evaluation = this.evaluate(row, trigger, { weather: await this.weatherFor(row) });
        const trace = toTrace(evaluation.trace);
        if (evaluation.shouldRun) await automations.executeTriggered(row, name, occurrence, trace);
        else await automations.recordSkipped(row, `${name}: conditions not met`, occurrence, trace);
      }
    }
    const next = nextTimedFire(conditions, timeZone, Math.max(job.runAt, now - DEFAULT_GRACE_MS));
    // One pending job per automation, whichever instance (or retry) queued it.
    await repo.dropPendingJobs('automation', row.id);
    if (next) await repo.enqueue({ kind: 'automation', refId: row.id, runAt: next.at });
  }

  /**
   * The owner's phone reported a position. Runs automations whose Location circle it just crossed
   * in the chosen direction; staying inside (or outside) runs nothing.
   */
  async onLocation(userId: string, previous: GeoPoint | null, current: GeoPoint): Promise<void> {
    const { automations, clock, repo } = this.deps;
    const ts = clock.now();
    for (const row of await repo.activeWithCondition(userId, ConditionType.Location)) {
      if (await automations.refused(row, 'Location', `${row.id}:location:${ts}`)) continue;
      const evaluation = this.evaluate(
        row,
        { conditionType: ConditionType.Location },
        { location: { previous, current }, weather: await this.weatherFor(row) },
      );
      const crossed = evaluation.trace.some(
        (t) => t.condition.conditionType === ConditionType.Location && t.verdict,
      );
      if (!crossed || !evaluation.shouldRun) continue;
      await automations.executeTriggered(
        row,
        'Location',
        `${row.id}:location:${ts}`,
        toTrace(evaluation.trace),
      );
    }
  }

  /**
   * A weather poll came due (a claimed `weather` job): read the weather, run when the verdict turned
   * from false to true since the last poll, and queue the next poll with this verdict.
   */
  async runWeather(job: JobRow): Promise<void> {
    const { automations, clock, repo, weatherPollMs } = this.deps;
    const row = await repo.automation(job.refId);
    if (!row?.isActive || row.type !== 'automation' || !has(row, ConditionType.Weather)) return;
    if (await automations.refused(row, 'Weather', `${row.id}:weather:${job.runAt}`)) return;
    const previous = (job.payload as { previous?: boolean | null } | null)?.previous ?? null;
    const provider = await this.weatherFor(row, true);
    let verdict = previous;
    if (provider) {
      const evaluation = this.evaluate(row, { conditionType: ConditionType.Weather }, { weather: provider });
      verdict = evaluation.verdict;
      if (verdict && previous === false)
        await automations.executeTriggered(
          row,
          'Weather',
          `${row.id}:weather:${job.runAt}`,
          toTrace(evaluation.trace),
        );
    }
    // The next poll on the grid of this one, after now: a late poll (the server was down) is not
    // followed by a burst, and a retried poll queues the same next one.
    const late = Math.max(0, clock.now() - job.runAt);
    const next = job.runAt + weatherPollMs * Math.max(1, Math.ceil(late / weatherPollMs));
    await repo.dropPendingJobs('weather', row.id);
    await repo.enqueue({ kind: 'weather', refId: row.id, runAt: next, payload: { previous: verdict } });
  }
}
