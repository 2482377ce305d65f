import type { KeyDef } from '@hestia/catalog';
import type { DraftCondition } from './draft-store.ts';

/** Condition types of spec section 3, with the values the API stores. */
export const ConditionType = {
  TapToRun: 0,
  Schedule: 1,
  Timer: 2,
  DeviceParam: 3,
  Notify: 4,
  Location: 5,
  Weather: 6,
} as const;

/** Repeat types of spec section 3 offered here: Once 0, Daily 1, Weekly 2, Timer 5. */
export const REPEAT = { Once: 0, Daily: 1, Weekly: 2, Timer: 5 } as const;

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

/** What is missing, as a translation key, or null when the schedule is complete. */
export function scheduleProblem(
  v: ScheduleValue,
): 'timeRequired' | 'daysRequired' | 'intervalRequired' | null {
  if (v.repeatType === REPEAT.Timer)
    return v.timerInterval && v.timerInterval > 0 ? null : 'intervalRequired';
  if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(v.time)) return 'timeRequired';
  if (v.repeatType === REPEAT.Weekly && v.dayOfWeeks.length === 0) return 'daysRequired';
  return null;
}

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
