import {
  type CivilDate,
  jalaliDateAt,
  PERSIAN_MONTH_NAMES,
  wallClockAt,
  zonedToInstant,
} from '@hestia/automation';
import { evaluate, type KeyDef, type ModelProfile, type Refusal } from '@hestia/catalog';
import type { TelemetryValue } from '@hestia/contract';
import { formatDate, formatDateTime, gregorianMonthNames } from '../../lib/date-format.ts';

/** One write a timer or schedule makes when it fires. */
export interface TimerAction {
  deviceParameterId: string;
  value: number | string | boolean;
}

/** Keys a timer or schedule may write: every writable key of the model. */
export const writableKeys = (profile: ModelProfile | undefined): KeyDef[] =>
  (profile?.keys ?? []).filter((k) => k.access !== 'r');

/** A timer that counts minutes on the device itself (a fan's `timer`, a cooktop element's `timer_2`). */
const isTimerKey = (k: KeyDef) => k.access !== 'r' && k.unit === 'min' && k.key.includes('timer');

/**
 * The device's own timer keys a timer with these actions stands for: those in the register group of
 * an action (a cooktop element's timer), else the device-wide ones (group `timer`).
 */
function relatedTimerKeys(profile: ModelProfile, actions: readonly TimerAction[]): KeyDef[] {
  const timers = profile.keys.filter(isTimerKey);
  const groups = new Set(
    actions.map((a) => profile.keys.find((k) => k.key === a.deviceParameterId)?.group).filter(Boolean),
  );
  const inGroup = timers.filter((k) => k.group && groups.has(k.group));
  return inGroup.length > 0 ? inGroup : timers.filter((k) => k.group === 'timer');
}

/** The longest timer the device takes, in minutes: its own timer's maximum, else 10 hours (spec section 9). */
export function maxTimerMinutes(profile: ModelProfile | undefined, actions: readonly TimerAction[]): number {
  const maxima = profile
    ? relatedTimerKeys(profile, actions)
        .map((k) => k.max)
        .filter((m): m is number => m !== undefined && m > 0)
    : [];
  return maxima.length > 0 ? Math.min(600, ...maxima) : 600;
}

/** Values as the rule engine reads them: numbers where the socket sent numeric text. */
const ruleValues = (values: Readonly<Record<string, TelemetryValue>>): Record<string, number | string> =>
  Object.fromEntries(
    Object.entries(values).map(([k, v]) => {
      if (typeof v === 'number') return [k, v];
      if (typeof v === 'boolean') return [k, Number(v)];
      if (typeof v === 'object') return [k, JSON.stringify(v)];
      const n = Number(v);
      return [k, v !== '' && Number.isFinite(n) ? n : v];
    }),
  );

/**
 * Whether the catalogue refuses a timer now (spec sections 4 and 5: no timer while the device is off or
 * in auto, none while a cooktop flame is off): the device's own rules, asked about setting its timer.
 */
export function timerRefusal(
  profile: ModelProfile | undefined,
  values: Readonly<Record<string, TelemetryValue>>,
  actions: readonly TimerAction[],
  minutes: number,
): Refusal | null {
  if (!profile) return null;
  const current = ruleValues(values);
  for (const k of relatedTimerKeys(profile, actions)) {
    const refusal = evaluate(profile, current, [{ Key: k.key, Value: minutes }]);
    if (refusal) return refusal;
  }
  return null;
}

/**
 * A new timer's actions before the user edits them: each output (toggle key) goes to the other state
 * when the countdown ends, so an output that is on turns off and one that is off turns on; none is
 * told to turn off while it is already off. Outputs whose state is not known yet are left out.
 */
export function defaultTimerActions(
  profile: ModelProfile | undefined,
  values: Readonly<Record<string, TelemetryValue>>,
): TimerAction[] {
  const out: TimerAction[] = [];
  for (const key of profile?.toggleKeys ?? []) {
    const v = values[key];
    if (v === undefined || v === null) continue;
    const on = v === true || v === 1 || v === '1' || v === 'true';
    out.push({ deviceParameterId: key, value: on ? 0 : 1 });
  }
  return out;
}

/** The time zone schedules run in: the user's profile zone, else the browser's (lib/date-format.ts). */
export { browserTimeZone, weekdayNames } from '../../lib/date-format.ts';

/** A schedule's next run, with its weekday, by the app's one date-time formatter (Jalali in fa). */
export function formatRun(ts: number, language: string, timeZone: string): string {
  return formatDateTime(ts, language, timeZone, { weekday: true });
}

/** A date alone (start and end of a schedule), by the app's one date formatter. */
export function formatDay(ts: number, language: string, timeZone: string): string {
  return formatDate(ts, language, timeZone);
}

// ---- Calendar dates in the language's calendar (Jalali in fa, Gregorian elsewhere) -------------

/** A date as the picker shows it: year, month 1–12 and day, in the language's calendar. */
export type ShownDate = CivilDate;

const noonUtc = (d: CivilDate) => Date.UTC(d.year, d.month - 1, d.day, 12);
const fromUtc = (ms: number): CivilDate => {
  const d = new Date(ms);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
};
const order = (d: CivilDate) => d.year * 400 + d.month * 32 + d.day;

/** The Gregorian date of a Jalali one: start near 21 March, then step day by day onto it. */
export function gregorianOfJalali(j: CivilDate): CivilDate {
  let ms =
    Date.UTC(j.year + 621, 2, 21, 12) +
    ((j.month - 1) * 31 - (j.month > 7 ? j.month - 7 : 0) + j.day - 1) * 86_400_000;
  for (let i = 0; i < 40; i++) {
    const at = jalaliDateAt(ms, 'UTC');
    const diff = order(j) - order(at);
    if (diff === 0) break;
    ms += Math.sign(diff) * 86_400_000;
  }
  return fromUtc(ms);
}

export function isJalali(language: string): boolean {
  return language === 'fa';
}

/** A Gregorian civil date as the language's calendar shows it. */
export function toShown(date: CivilDate, language: string): ShownDate {
  return isJalali(language) ? jalaliDateAt(noonUtc(date), 'UTC') : date;
}

/** The Gregorian civil date of a date shown in the language's calendar. */
export function fromShown(date: ShownDate, language: string): CivilDate {
  return isJalali(language) ? gregorianOfJalali(date) : date;
}

/** Days in a month of the language's calendar. */
export function daysInShownMonth(year: number, month: number, language: string): number {
  if (!isJalali(language)) return new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (month <= 6) return 31;
  if (month <= 11) return 30;
  // Esfand has 30 days in a leap year: the 30th exists when it does not roll into Farvardin.
  const g = gregorianOfJalali({ year, month: 12, day: 30 });
  const back = jalaliDateAt(noonUtc(g), 'UTC');
  return back.month === 12 && back.day === 30 ? 30 : 29;
}

/** Month names of the language's calendar, first month first: Persian names in fa (spec section 3). */
export function monthNames(language: string): string[] {
  if (isJalali(language)) return [...PERSIAN_MONTH_NAMES];
  return gregorianMonthNames(language);
}

/** The civil date (in `timeZone`) of an instant. */
export function civilDateOf(epochMs: number, timeZone: string): CivilDate {
  const w = wallClockAt(epochMs, timeZone);
  return { year: w.year, month: w.month, day: w.day };
}

/** `HH:mm` of an instant in `timeZone`. */
export function timeOf(epochMs: number, timeZone: string): string {
  const w = wallClockAt(epochMs, timeZone);
  return `${String(w.hour).padStart(2, '0')}:${String(w.minute).padStart(2, '0')}`;
}

/** The instant of a civil date at `HH:mm` in `timeZone`. */
export function instantOf(date: CivilDate, time: string, timeZone: string): number {
  const [h = 0, m = 0] = time.split(':').map(Number);
  return zonedToInstant(date, h, m, timeZone);
}

/** The whole numbers from `from` to `to`, both included (the pickers' choices). */
export const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
