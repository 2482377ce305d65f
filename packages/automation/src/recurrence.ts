import { RepeatType } from '@hestia/contract';
import type { Recurrence } from './schemas.ts';
import {
  addDays,
  type CivilDate,
  civilDateAt,
  daysInMonth,
  weekdayOf,
  zonedToInstant,
} from './zoned-time.ts';

const MINUTE_MS = 60_000;
/** Enough for any weekly pattern, or a leap-day yearly schedule, to meet its next date. */
const MAX_STEPS = 400;

/** A schedule as the recurrence maths reads it; see `recurrenceSchema` for the rules. */
export type RecurrenceInput = Pick<Recurrence, 'repeatType' | 'startDateTime' | 'time' | 'timeZone'> &
  Partial<Pick<Recurrence, 'endDateTime' | 'dayOfWeeks' | 'timerInterval'>>;

function parseTime(time: string): { hour: number; minute: number } {
  const [hour = 0, minute = 0] = time.split(':').map(Number);
  return { hour, minute };
}

/** Calendar dates that may carry an occurrence, in order, from the month or day of `from`. */
function* candidateDates(schedule: RecurrenceInput, from: CivilDate): Generator<CivilDate> {
  const anchor = civilDateAt(schedule.startDateTime, schedule.timeZone);
  switch (schedule.repeatType) {
    case RepeatType.Once:
    case RepeatType.Daily:
      for (let i = 0; ; i++) yield addDays(from, i);
    case RepeatType.Weekly: {
      const days = schedule.dayOfWeeks?.length ? schedule.dayOfWeeks : [weekdayOf(anchor)];
      for (let i = 0; ; i++) {
        const date = addDays(from, i);
        if (days.includes(weekdayOf(date))) yield date;
      }
    }
    case RepeatType.Monthly:
      for (let i = 0; ; i++) {
        const index = from.year * 12 + from.month - 1 + i;
        const year = Math.floor(index / 12);
        const month = index - year * 12 + 1;
        yield { year, month, day: Math.min(anchor.day, daysInMonth(year, month)) };
      }
    case RepeatType.Yearly:
      for (let year = from.year; ; year++) {
        yield { year, month: anchor.month, day: Math.min(anchor.day, daysInMonth(year, anchor.month)) };
      }
    default:
      return;
  }
}

/** The first wall-clock occurrence strictly after `after` and not before the start, ignoring the end. */
function nextWallOccurrence(schedule: RecurrenceInput, after: number): number | null {
  const { hour, minute } = parseTime(schedule.time);
  const floor = Math.max(after, schedule.startDateTime - 1);
  // A day early, so a date whose time lies before `floor` on the wall clock is still looked at.
  const from = addDays(civilDateAt(floor, schedule.timeZone), -1);
  let steps = 0;
  for (const date of candidateDates(schedule, from)) {
    if (++steps > MAX_STEPS) return null;
    const at = zonedToInstant(date, hour, minute, schedule.timeZone);
    if (at > floor) return at;
  }
  return null;
}

/**
 * The next run of `schedule` strictly after `afterEpochMs`, or null when none is left (a Once that
 * has run, or the end has passed). Daylight-saving changes follow `zonedToInstant`'s policy: a
 * skipped time runs at the moment of the jump, a repeated time runs once, at its first occurrence.
 */
export function nextOccurrence(schedule: RecurrenceInput, afterEpochMs: number): number | null {
  const end = schedule.endDateTime ?? null;
  let at: number | null;
  if (schedule.repeatType === RepeatType.Timer) {
    const interval = (schedule.timerInterval ?? 0) * MINUTE_MS;
    if (!(interval > 0)) return null;
    const elapsed = Math.max(afterEpochMs, schedule.startDateTime) - schedule.startDateTime;
    at = schedule.startDateTime + (Math.floor(elapsed / interval) + 1) * interval;
  } else if (schedule.repeatType === RepeatType.Once) {
    at = nextWallOccurrence(schedule, schedule.startDateTime - 1);
    if (at !== null && at <= afterEpochMs) return null;
  } else {
    at = nextWallOccurrence(schedule, afterEpochMs);
  }
  if (at === null || (end !== null && at > end)) return null;
  return at;
}

/** Occurrences in (fromEpochMs, toEpochMs], earliest first, at most `limit` of them. */
export function occurrencesBetween(
  schedule: RecurrenceInput,
  fromEpochMs: number,
  toEpochMs: number,
  limit = 1000,
): number[] {
  const found: number[] = [];
  let cursor = fromEpochMs;
  while (found.length < limit) {
    const at = nextOccurrence(schedule, cursor);
    if (at === null || at > toEpochMs) break;
    found.push(at);
    cursor = at;
  }
  return found;
}
