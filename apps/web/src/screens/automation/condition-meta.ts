import { NOTIFY_EVENTS, type NotifyEvent } from '@hestia/automation';
import { deviceEventsOf, getProfile, type KeyDef } from '@hestia/catalog';
import { ConditionType, RepeatType as REPEAT } from '@hestia/contract/light';
import type { DraftCondition } from './draft-store.ts';

// Condition and repeat types of spec section 3 are the contract's; this screen offers Once, Daily,
// Weekly and Timer of the repeat types.
export { ConditionType, REPEAT };

export interface ScheduleValue {
  repeatType: number;
  /** HH:mm on the user's wall clock (not for Timer). */
  time: string;
  /** Saturday 0 … Friday 6 (spec section 3). */
  dayOfWeeks: number[];
  /** Minutes, Timer only. */
  timerInterval: number | null;
}

export const emptySchedule = (): ScheduleValue => ({
  repeatType: REPEAT.Daily,
  time: '',
  dayOfWeeks: [],
  timerInterval: null,
});

/** Readings the weather provider gives (apps/server weather.service): °C, %, m/s. */
export const WEATHER_KEYS: readonly KeyDef[] = [
  { key: 'temperature', kind: 'number', access: 'r', unit: '°C', min: -50, max: 60, title: 'temperature' },
  { key: 'humidity', kind: 'number', access: 'r', unit: '%', min: 0, max: 100, title: 'humidity' },
  { key: 'windSpeed', kind: 'number', access: 'r', unit: 'm/s', min: 0, max: 60, title: 'windSpeed' },
];

const objectOf = (raw: unknown): Record<string, unknown> | null => {
  let v = raw;
  if (typeof v === 'string') {
    try {
      v = JSON.parse(v);
    } catch {
      return null;
    }
  }
  return v !== null && typeof v === 'object' ? (v as Record<string, unknown>) : null;
};

/** A Schedule or Timer condition's recurrence, as the form edits it. */
export function scheduleOf(c: DraftCondition | undefined): ScheduleValue | null {
  const meta = objectOf(c?.metadata);
  const s = objectOf(meta?.schedule) ?? meta;
  if (!s) return null;
  return {
    repeatType:
      typeof s.repeatType === 'number'
        ? s.repeatType
        : c?.conditionType === ConditionType.Timer
          ? REPEAT.Timer
          : REPEAT.Once,
    time: typeof s.time === 'string' ? s.time : '',
    dayOfWeeks: Array.isArray(s.dayOfWeeks) ? (s.dayOfWeeks as number[]) : [],
    timerInterval: typeof s.timerInterval === 'number' ? s.timerInterval : null,
  };
}

/** The weather reading a Weather condition compares. */
export function weatherKeyOf(c: DraftCondition): string | null {
  const meta = objectOf(c.metadata);
  return typeof meta?.key === 'string' ? meta.key : (c.deviceParameterId ?? null);
}

/** A Location condition: the phone entering or leaving a circle (decision 012). */
export interface LocationValue {
  latitude: number;
  longitude: number;
  /** Metres. */
  radius: number;
  event: 'enter' | 'leave';
}

/** Radius limits in metres: smaller than a phone's usual accuracy misfires, larger is a city. */
export const LOCATION_RADIUS = { min: 50, max: 10_000, initial: 200 } as const;

/** A Location condition's circle and direction, or null when its metadata is not one. */
export function locationOf(c: DraftCondition | undefined): LocationValue | null {
  const meta = objectOf(c?.metadata);
  if (!meta) return null;
  const { latitude, longitude, radius, event } = meta;
  if (typeof latitude !== 'number' || typeof longitude !== 'number' || typeof radius !== 'number')
    return null;
  return { latitude, longitude, radius, event: event === 'leave' ? 'leave' : 'enter' };
}

/** A typed number with Persian or Arabic digits and either decimal mark, or null when it is not one. */
export function parseLocalNumber(raw: string): number | null {
  const latin = raw
    .trim()
    .replace(/[۰-۹]/g, (d) => String(d.charCodeAt(0) - 0x06f0))
    .replace(/[٠-٩]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(/[٫,]/g, '.')
    .replace(/[−–]/g, '-');
  if (latin === '' || !/^[-+]?(\d+\.?\d*|\.\d+)$/.test(latin)) return null;
  return Number(latin);
}

export type LocationField = 'latitude' | 'longitude' | 'radius';

/** How a run trace shows what a non-device condition observed: the weather reading, or metres away. */
export function observedDefOf(c: DraftCondition | undefined): KeyDef | undefined {
  if (c?.conditionType === ConditionType.Weather) return WEATHER_KEYS.find((k) => k.key === weatherKeyOf(c));
  if (c?.conditionType === ConditionType.Location)
    return { key: 'distance', kind: 'number', access: 'r', unit: 'm', title: 'distance' };
  return undefined;
}

/** A Notify condition's choice of event: one of them, or any event of its device (no `event`). */
export const ANY_EVENT = 'any';
export type NotifyChoice = NotifyEvent | typeof ANY_EVENT;

/**
 * The events a Notify condition on a device of this model may wait for (decision 038): the
 * catalogue's `deviceEventsOf`, the same the server checks a saved condition against, in
 * NOTIFY_EVENTS order. None for an unknown model.
 */
export function notifyEventsOf(deviceProfileId: string | null | undefined): NotifyEvent[] {
  const raised: readonly string[] = deviceEventsOf(deviceProfileId ? getProfile(deviceProfileId) : undefined);
  return NOTIFY_EVENTS.filter((e) => raised.includes(e));
}

/** A Notify condition's event, or ANY_EVENT when it names none (or one this app does not know). */
export function notifyEventOf(c: DraftCondition | undefined): NotifyChoice {
  const event = objectOf(c?.metadata)?.event;
  return NOTIFY_EVENTS.find((e) => e === event) ?? ANY_EVENT;
}
