/**
 * An independent, deliberately naive model of schedule recurrence, for property tests only.
 * It shares no code with `recurrence.ts` or `zoned-time.ts`: it walks real time minute by minute,
 * reads the wall clock with its own Intl formatter, and says an occurrence is "the first minute on a
 * qualifying date whose wall clock reads the chosen time or later". That one sentence is the stated
 * DST policy: a skipped time runs at the jump, a repeated hour runs at its first pass.
 */
import type { RecurrenceInput } from '../recurrence.ts';

const MIN = 60_000;
const QUARTER = 15 * MIN; // every real offset and transition is a multiple of 15 minutes
const LOOKBACK_MINUTES = 180;
const WEEKDAYS = ['Saturday', 'Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'];

interface Reading {
  date: string;
  year: number;
  month: number;
  day: number;
  minutes: number;
  weekday: number;
}

const cache = new Map<string, Intl.DateTimeFormat>();

function read(t: number, timeZone: string): Reading {
  let f = cache.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      weekday: 'long',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    cache.set(timeZone, f);
  }
  const p = Object.fromEntries(f.formatToParts(t).map((x) => [x.type, x.value]));
  const year = Number(p.year);
  const month = Number(p.month);
  const day = Number(p.day);
  return {
    date: `${p.year}-${p.month}-${p.day}`,
    year,
    month,
    day,
    minutes: (Number(p.hour) % 24) * 60 + Number(p.minute),
    weekday: WEEKDAYS.indexOf(String(p.weekday)),
  };
}

export type ReferenceAnswer = { kind: 'found'; at: number } | { kind: 'none' } | { kind: 'beyond' };

function lastDay(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The reference answer for "next run strictly after `after`", looking no further than `horizonMs`. */
export function referenceNext(s: RecurrenceInput, after: number, horizonMs: number): ReferenceAnswer {
  const end = s.endDateTime ?? Number.POSITIVE_INFINITY;
  if (s.repeatType === 5) {
    const interval = (s.timerInterval ?? 0) * MIN;
    let t = s.startDateTime + interval;
    while (t <= after) t += interval;
    return t > end ? { kind: 'none' } : { kind: 'found', at: t };
  }
  if (s.repeatType === 0) {
    const first = scan(s, s.startDateTime - 1, 3 * 86_400_000);
    if (first.kind !== 'found' || first.at <= after || first.at > end) return { kind: 'none' };
    return first;
  }
  const found = scan(s, after, horizonMs);
  if (found.kind === 'found' && found.at > end) return { kind: 'none' };
  return found;
}

function scan(s: RecurrenceInput, after: number, horizonMs: number): ReferenceAnswer {
  const [hh = 0, mm = 0] = s.time.split(':').map(Number);
  const target = hh * 60 + mm;
  const anchor = read(s.startDateTime, s.timeZone);
  const days = s.dayOfWeeks?.length ? s.dayOfWeeks : [anchor.weekday];
  const qualifies = (r: Reading): boolean => {
    switch (s.repeatType) {
      case 2:
        return (days as number[]).includes(r.weekday);
      case 3:
        return r.day === Math.min(anchor.day, lastDay(r.year, r.month));
      case 4:
        return r.month === anchor.month && r.day === Math.min(anchor.day, lastDay(r.year, anchor.month));
      default:
        return true;
    }
  };
  const isFirstAtOrPastTarget = (t: number, r: Reading): boolean => {
    for (let k = 1; k <= LOOKBACK_MINUTES; k++) {
      const earlier = read(t - k * MIN, s.timeZone);
      if (earlier.date === r.date && earlier.minutes >= target) return false;
    }
    return true;
  };
  let t = Math.max(Math.floor(after / MIN) * MIN + MIN, Math.ceil(s.startDateTime / MIN) * MIN);
  const stop = after + horizonMs;
  let doneDate = '';
  while (t <= stop) {
    const r = read(t, s.timeZone);
    if (r.date === doneDate || !qualifies(r)) {
      t = Math.floor(t / QUARTER) * QUARTER + QUARTER;
      continue;
    }
    if (r.minutes >= target) {
      if (isFirstAtOrPastTarget(t, r)) return { kind: 'found', at: t };
      doneDate = r.date;
      continue;
    }
    t += MIN;
  }
  return { kind: 'beyond' };
}
