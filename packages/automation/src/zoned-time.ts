import { type Weekday, weekdayFromJsDay } from '@hestia/contract';

/** A calendar date with no time zone: month 1–12, day 1–31. */
export interface CivilDate {
  year: number;
  month: number;
  day: number;
}

/** What a wall clock in some time zone reads at an instant. */
export interface WallClock extends CivilDate {
  hour: number;
  minute: number;
  second: number;
  weekday: Weekday;
}

const MINUTE_MS = 60_000;
export const DAY_MS = 86_400_000;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      calendar: 'gregory',
      numberingSystem: 'latn',
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** True when the runtime knows this IANA time zone name. */
export function isValidTimeZone(timeZone: string): boolean {
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** Reads the wall clock of `timeZone` at `epochMs` (seconds precision). */
export function wallClockAt(epochMs: number, timeZone: string): WallClock {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(epochMs)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  const year = parts.year ?? 0;
  const month = parts.month ?? 1;
  const day = parts.day ?? 1;
  return {
    year,
    month,
    day,
    // Some ICU versions print midnight as 24 even with h23.
    hour: (parts.hour ?? 0) % 24,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
    weekday: weekdayOf({ year, month, day }),
  };
}

/** The zone's offset from UTC at an instant, in ms (Tehran: +3.5 h). */
export function offsetAt(epochMs: number, timeZone: string): number {
  const wall = wallClockAt(epochMs, timeZone);
  const wallAsUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  return wallAsUtc - Math.floor(epochMs / 1000) * 1000;
}

/**
 * The instant at which the wall clock of `timeZone` reads the given date and time.
 *
 * Daylight-saving policy, the one every schedule follows:
 * - a wall time skipped by a spring-forward (02:30 on the night clocks jump 02:00 → 03:00) resolves
 *   to the first valid instant after it, the moment of the jump (03:00 new time);
 * - a wall time repeated by a fall-back (01:30 when clocks go 02:00 → 01:00) resolves to its first,
 *   earlier occurrence, so a schedule runs once, not twice.
 */
export function zonedToInstant(date: CivilDate, hour: number, minute: number, timeZone: string): number {
  const naive = Date.UTC(date.year, date.month - 1, date.day, hour, minute);
  const offsetBefore = offsetAt(naive - DAY_MS, timeZone);
  const offsetAfter = offsetAt(naive + DAY_MS, timeZone);
  const valid = [naive - offsetBefore, naive - offsetAfter].filter(
    (t) => offsetAt(t, timeZone) === naive - t,
  );
  if (valid.length > 0) return Math.min(...valid);
  // In a gap: the jump lies between the two readings; find its first second by bisection.
  let lo = naive - offsetAfter;
  let hi = naive - offsetBefore;
  if (lo >= hi) return hi;
  const offsetLo = offsetAt(lo, timeZone);
  while (hi - lo > 1000) {
    const mid = lo + Math.floor((hi - lo) / 2000) * 1000;
    if (offsetAt(mid, timeZone) === offsetLo) lo = mid;
    else hi = mid;
  }
  return hi;
}

/** The local calendar date of an instant in `timeZone`. */
export function civilDateAt(epochMs: number, timeZone: string): CivilDate {
  const { year, month, day } = wallClockAt(epochMs, timeZone);
  return { year, month, day };
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

export function addDays(date: CivilDate, days: number): CivilDate {
  const d = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

/** Adds calendar months, keeping the day or, when the month is shorter, its last day. */
export function addMonths(date: CivilDate, months: number): CivilDate {
  const index = date.year * 12 + (date.month - 1) + months;
  const year = Math.floor(index / 12);
  const month = index - year * 12 + 1;
  return { year, month, day: Math.min(date.day, daysInMonth(year, month)) };
}

export function weekdayOf(date: CivilDate): Weekday {
  return weekdayFromJsDay(new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay());
}

/** Adds calendar months to an instant, keeping its wall-clock time in `timeZone`. */
export function addMonthsToInstant(epochMs: number, months: number, timeZone: string): number {
  const wall = wallClockAt(epochMs, timeZone);
  const target = addMonths(wall, months);
  return zonedToInstant(target, wall.hour, wall.minute, timeZone) + (epochMs % MINUTE_MS);
}
