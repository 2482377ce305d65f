import type { TelemetryValue } from '@hestia/contract';
import { ComparisonType, ConditionCheckType, ConditionType, enumName } from '@hestia/contract';
import { compareValues, describeComparison, formatValue } from './compare.ts';
import { distanceMeters, type GeoPoint } from './geo.ts';
import {
  type Condition,
  locationMetadataSchema,
  notifyMetadataSchema,
  weatherMetadataSchema,
} from './schemas.ts';
import type { WeatherProvider } from './weather.ts';

/** What set this evaluation off. */
export interface Trigger {
  conditionType: ConditionType;
  /** For Schedule and Timer: the index of the condition whose schedule fired, when known. */
  conditionIndex?: number;
  /** For a telemetry change: which device and parameter changed; for Notify: whose event it is. */
  deviceId?: string;
  deviceParameterId?: string;
  /** For Notify: the device event that fired (`NOTIFY_EVENTS`). */
  event?: string;
}

/** Reads a live value of a device parameter, or undefined when none is known. */
export type TelemetryLookup = (deviceId: string, deviceParameterId: string) => TelemetryValue | undefined;

export interface EvaluationContext {
  trigger: Trigger | null;
  telemetry: TelemetryLookup;
  /** Values just before the change that triggered this evaluation, to run only on a change of verdict. */
  previousTelemetry?: TelemetryLookup;
  /** The user's phone: its last known position before this update, and now. */
  location?: { previous: GeoPoint | null; current: GeoPoint | null };
  weather?: WeatherProvider;
}

export interface ConditionVerdict {
  observedValue: unknown;
  verdict: boolean;
  /** English, for the run trace: why it held or not. */
  explanation: string;
}

export interface ConditionTrace extends ConditionVerdict {
  index: number;
  condition: Condition;
}

function firedBy(
  condition: Condition,
  context: EvaluationContext,
  index: number | undefined,
): ConditionVerdict {
  const trigger = context.trigger;
  const name = enumName(ConditionType, condition.conditionType);
  const fired =
    trigger !== null &&
    trigger.conditionType === condition.conditionType &&
    (trigger.conditionIndex === undefined || index === undefined || trigger.conditionIndex === index);
  return {
    observedValue: fired ? 'fired' : 'not fired',
    verdict: fired,
    explanation: fired ? `${name} fired` : `${name} did not fire`,
  };
}

/**
 * A Notify condition holds when a device event is the trigger: the condition's device (when it names
 * one) and its event (when metadata names one, else any event of that device).
 */
function notified(condition: Condition, context: EvaluationContext): ConditionVerdict {
  const trigger = context.trigger;
  if (trigger?.conditionType !== ConditionType.Notify)
    return { observedValue: 'not fired', verdict: false, explanation: 'Notify did not fire' };
  const meta = notifyMetadataSchema.safeParse(condition.metadata);
  const wanted = meta.success ? meta.data.event : undefined;
  const sameDevice = !condition.deviceId || condition.deviceId === trigger.deviceId;
  const sameEvent = wanted === undefined || wanted === trigger.event;
  const event = trigger.event ?? 'an event';
  if (!sameDevice)
    return { observedValue: event, verdict: false, explanation: `${event} came from another device` };
  if (!sameEvent)
    return { observedValue: event, verdict: false, explanation: `the device raised ${event}, not ${wanted}` };
  return { observedValue: event, verdict: true, explanation: `Notify fired: the device raised ${event}` };
}

function compared(
  what: string,
  observed: TelemetryValue | undefined,
  comparison: ComparisonType,
  expected: TelemetryValue | null | undefined,
): ConditionVerdict {
  const wanted = describeComparison(comparison, expected);
  if (observed === undefined)
    return { observedValue: null, verdict: false, explanation: `no value for ${what}` };
  const verdict = compareValues(observed, comparison, expected);
  if (verdict === null) {
    return {
      observedValue: observed,
      verdict: false,
      explanation: `${what} is ${formatValue(observed)}, which cannot be ${wanted}`,
    };
  }
  return {
    observedValue: observed,
    verdict,
    explanation: `${what} is ${formatValue(observed)}, ${verdict ? 'which is' : 'not'} ${wanted}`,
  };
}

function deviceParam(condition: Condition, lookup: TelemetryLookup): ConditionVerdict {
  const { deviceId, deviceParameterId } = condition;
  if (!deviceId || !deviceParameterId) {
    return { observedValue: null, verdict: false, explanation: 'the condition names no device parameter' };
  }
  return compared(
    deviceParameterId,
    lookup(deviceId, deviceParameterId),
    condition.comparisonType ?? ComparisonType.Equal,
    condition.value,
  );
}

function location(condition: Condition, context: EvaluationContext): ConditionVerdict {
  const place = locationMetadataSchema.safeParse(condition.metadata);
  if (!place.success) return { observedValue: null, verdict: false, explanation: 'the place is not set' };
  const { previous, current } = context.location ?? { previous: null, current: null };
  if (!current) return { observedValue: null, verdict: false, explanation: 'the phone position is unknown' };
  const now = distanceMeters(place.data, current);
  const inside = now <= place.data.radius;
  const wasInside = previous ? distanceMeters(place.data, previous) <= place.data.radius : null;
  const metres = `${Math.round(now)} m from the place (radius ${place.data.radius} m)`;
  // With no earlier position there is no crossing to speak of: entering needs to have been outside.
  const verdict =
    place.data.event === 'enter' ? inside && wasInside === false : !inside && wasInside === true;
  const moved = wasInside === null ? 'first position' : wasInside ? 'was inside' : 'was outside';
  return {
    observedValue: Math.round(now),
    verdict,
    explanation: `the phone is ${metres}, ${moved}; ${verdict ? 'it' : 'it did not'} ${place.data.event === 'enter' ? 'enter' : 'leave'}`,
  };
}

function weather(condition: Condition, context: EvaluationContext): ConditionVerdict {
  const meta = weatherMetadataSchema.safeParse(condition.metadata);
  const key = meta.success ? meta.data.key : condition.deviceParameterId;
  if (!key) return { observedValue: null, verdict: false, explanation: 'the weather reading is not set' };
  if (!context.weather) return { observedValue: null, verdict: false, explanation: 'no weather provider' };
  return compared(
    `weather ${key}`,
    context.weather.read(key),
    condition.comparisonType ?? ComparisonType.Equal,
    condition.value,
  );
}

/**
 * Evaluates one condition. Event conditions (TapToRun, Schedule, Timer, Notify) hold when their
 * event is the trigger (Notify: an event of its device, of its kind when it names one); DeviceParam and Weather compare live values; Location holds when the phone
 * crossed the circle's edge in the chosen direction between its previous and current positions.
 */
export function evaluateCondition(
  condition: Condition,
  context: EvaluationContext,
  index?: number,
): ConditionVerdict {
  switch (condition.conditionType) {
    case ConditionType.TapToRun:
    case ConditionType.Schedule:
    case ConditionType.Timer:
      return firedBy(condition, context, index);
    case ConditionType.Notify:
      return notified(condition, context);
    case ConditionType.DeviceParam:
      return deviceParam(condition, context.telemetry);
    case ConditionType.Location:
      return location(condition, context);
    case ConditionType.Weather:
      return weather(condition, context);
    default:
      return { observedValue: null, verdict: false, explanation: 'no condition type chosen' };
  }
}

export interface Evaluation {
  /** All (allCondition) or any (perCondition) of the conditions hold. An empty list holds for "all" only. */
  verdict: boolean;
  /**
   * Whether to run now. On a telemetry trigger, only when the verdict has just become true (it was
   * false with the previous values), so "power above 100 W" runs once per crossing, not on every
   * report while above. On any other trigger, the verdict itself.
   */
  shouldRun: boolean;
  trace: ConditionTrace[];
}

function combine(verdicts: boolean[], checkType: ConditionCheckType): boolean {
  return checkType === ConditionCheckType.perCondition ? verdicts.some(Boolean) : verdicts.every(Boolean);
}

export function evaluateAll(
  conditions: readonly Condition[],
  checkType: ConditionCheckType,
  context: EvaluationContext,
): Evaluation {
  const trace = conditions.map((condition, index) => ({
    index,
    condition,
    ...evaluateCondition(condition, context, index),
  }));
  const verdict = combine(
    trace.map((t) => t.verdict),
    checkType,
  );
  let shouldRun = verdict;
  const previous = context.previousTelemetry;
  if (verdict && previous && context.trigger?.conditionType === ConditionType.DeviceParam) {
    const before = conditions.map((c, i) =>
      c.conditionType === ConditionType.DeviceParam
        ? deviceParam(c, previous).verdict
        : (trace[i]?.verdict ?? false),
    );
    shouldRun = !combine(before, checkType);
  }
  return { verdict, shouldRun, trace };
}
