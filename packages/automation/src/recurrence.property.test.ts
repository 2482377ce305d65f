import { RepeatType } from '@hestia/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nextOccurrence, type RecurrenceInput } from './recurrence.ts';
import { referenceNext } from './testing/reference-recurrence.ts';

const MIN = 60_000;
const DAY = 86_400_000;
const ZONES = ['Europe/London', 'America/New_York', 'Asia/Tehran', 'Australia/Sydney'] as const;

/** Instants in 2024–2027, half of them in months where one of the zones changes its clocks. */
const instant = fc
  .record({
    year: fc.integer({ min: 2024, max: 2027 }),
    month: fc.oneof(fc.constantFrom(2, 3, 9, 10), fc.integer({ min: 0, max: 11 })),
    day: fc.integer({ min: 1, max: 28 }),
    minute: fc.integer({ min: 0, max: 24 * 60 - 1 }),
  })
  .map(({ year, month, day, minute }) => Date.UTC(year, month, day) + minute * MIN);

/** Times of day, often in the small hours where clocks jump. */
const timeOfDay = fc
  .oneof(
    fc.record({ h: fc.integer({ min: 0, max: 3 }), m: fc.integer({ min: 0, max: 59 }) }),
    fc.record({ h: fc.integer({ min: 0, max: 23 }), m: fc.integer({ min: 0, max: 59 }) }),
  )
  .map(({ h, m }) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`);

const HORIZON: Record<number, number> = {
  [RepeatType.Daily]: 3 * DAY,
  [RepeatType.Weekly]: 9 * DAY,
  [RepeatType.Monthly]: 33 * DAY,
  [RepeatType.Yearly]: 40 * DAY,
};

function startFor(repeatType: RepeatType, after: number, back: number, years: number): number {
  // Yearly starts sit near an anniversary of `after`, so the next run often falls inside the horizon.
  if (repeatType === RepeatType.Yearly) return after - years * 365 * DAY + back - 20 * DAY;
  return after - back;
}

const caseOf = (repeatType: RepeatType) =>
  fc
    .record({
      timeZone: fc.constantFrom(...ZONES),
      after: instant,
      back: fc.integer({ min: -3 * DAY, max: 70 * DAY }),
      years: fc.integer({ min: 0, max: 3 }),
      time: timeOfDay,
      dayOfWeeks: fc.uniqueArray(fc.integer({ min: 0, max: 6 }), { maxLength: 7 }),
      endIn: fc.option(fc.integer({ min: 0, max: 400 * DAY }), { nil: null }),
    })
    .map(({ timeZone, after, back, years, time, dayOfWeeks, endIn }) => {
      const startDateTime = startFor(repeatType, after, back, years);
      const schedule: RecurrenceInput = {
        repeatType,
        startDateTime,
        endDateTime: endIn === null ? null : startDateTime + endIn,
        dayOfWeeks: dayOfWeeks as RecurrenceInput['dayOfWeeks'],
        timerInterval: null,
        time,
        timeZone,
      };
      return { schedule, after };
    });

function agreesWithReference(schedule: RecurrenceInput, after: number, horizon: number): void {
  const expected = referenceNext(schedule, after, horizon);
  const actual = nextOccurrence(schedule, after);
  const show = (t: number | null) => (t === null ? 'null' : new Date(t).toISOString());
  const label = `${JSON.stringify(schedule)} after ${show(after)} got ${show(actual)}`;
  if (expected.kind === 'found') expect(show(actual), label).toBe(show(expected.at));
  else if (expected.kind === 'none') expect(actual, label).toBeNull();
  else if (actual !== null) expect(actual, label).toBeGreaterThan(after + horizon);
}

// The reference walks every minute of up to a year per case: about a second a test on a quiet machine, and
// several times that on a loaded one. The property is the check, not the time: 30 s each.
describe('nextOccurrence agrees with a minute-by-minute reference', { timeout: 30_000 }, () => {
  for (const repeatType of [RepeatType.Daily, RepeatType.Weekly, RepeatType.Monthly, RepeatType.Yearly]) {
    it(`repeat type ${repeatType} in London, New York, Tehran and Sydney`, () => {
      fc.assert(
        fc.property(caseOf(repeatType), ({ schedule, after }) =>
          agreesWithReference(schedule, after, HORIZON[repeatType] ?? DAY),
        ),
        { numRuns: 60 },
      );
    });
  }

  it('Once runs a single time, at its first wall-clock occurrence', () => {
    fc.assert(
      fc.property(caseOf(RepeatType.Once), fc.integer({ min: -2 * DAY, max: 2 * DAY }), (c, shift) =>
        agreesWithReference(c.schedule, c.schedule.startDateTime + shift, DAY),
      ),
      { numRuns: 80 },
    );
  });

  it('Timer runs every interval of elapsed time, whatever the clocks do', () => {
    const timer = fc.record({
      timeZone: fc.constantFrom(...ZONES),
      start: instant,
      interval: fc.integer({ min: 1, max: 24 * 60 }),
      elapsed: fc.integer({ min: -DAY, max: 20 * DAY }),
      endIn: fc.option(fc.integer({ min: 0, max: 30 * DAY }), { nil: null }),
    });
    fc.assert(
      fc.property(timer, ({ timeZone, start, interval, elapsed, endIn }) => {
        const schedule: RecurrenceInput = {
          repeatType: RepeatType.Timer,
          startDateTime: start,
          endDateTime: endIn === null ? null : start + endIn,
          timerInterval: interval,
          time: '00:00',
          timeZone,
        };
        agreesWithReference(schedule, start + elapsed, 30 * DAY);
      }),
      { numRuns: 200 },
    );
  });

  it('every answer lies strictly after the given instant and within start and end', () => {
    const anyType = fc.constantFrom(
      RepeatType.Daily,
      RepeatType.Weekly,
      RepeatType.Monthly,
      RepeatType.Yearly,
    );
    fc.assert(
      fc.property(
        anyType.chain((t) => caseOf(t)),
        ({ schedule, after }) => {
          const at = nextOccurrence(schedule, after);
          if (at === null) return;
          expect(at).toBeGreaterThan(after);
          expect(at).toBeGreaterThanOrEqual(schedule.startDateTime);
          if (schedule.endDateTime != null) expect(at).toBeLessThanOrEqual(schedule.endDateTime);
        },
      ),
      { numRuns: 300 },
    );
  });
});

/** Clock changes 2024–2026, and Tehran's last ones (2022, at midnight), as UTC instants. */
const TRANSITIONS: Record<(typeof ZONES)[number], string[]> = {
  'Europe/London': ['2024-03-31T01:00Z', '2024-10-27T01:00Z', '2025-03-30T01:00Z', '2026-10-25T01:00Z'],
  'America/New_York': ['2024-03-10T07:00Z', '2024-11-03T06:00Z', '2025-03-09T07:00Z', '2025-11-02T06:00Z'],
  'Asia/Tehran': ['2022-03-21T20:30Z', '2022-09-21T19:30Z'],
  'Australia/Sydney': ['2024-04-06T16:00Z', '2024-10-05T16:00Z', '2025-04-05T16:00Z', '2025-10-04T16:00Z'],
};
/** Wall-clock hours around each zone's clock change. */
const CHANGE_HOURS: Record<(typeof ZONES)[number], number[]> = {
  'Europe/London': [0, 1, 2],
  'America/New_York': [0, 1, 2, 3],
  'Asia/Tehran': [22, 23, 0, 1],
  'Australia/Sydney': [1, 2, 3],
};

describe('nextOccurrence across clock changes', { timeout: 30_000 }, () => {
  const nearChange = (repeatType: RepeatType) =>
    fc
      .constantFrom(...ZONES)
      .chain((timeZone) =>
        fc.record({
          timeZone: fc.constant(timeZone),
          change: fc.constantFrom(...TRANSITIONS[timeZone].map((t) => Date.parse(t))),
          hour: fc.constantFrom(...CHANGE_HOURS[timeZone]),
          minute: fc.constantFrom(0, 1, 15, 30, 45, 59),
          before: fc.integer({ min: 0, max: 2 * DAY }),
          periods: fc.integer({ min: 0, max: 3 }),
          dayOfWeeks: fc.oneof(
            fc.constant([0, 1, 2, 3, 4, 5, 6]),
            fc.uniqueArray(fc.integer({ min: 0, max: 6 }), { maxLength: 7 }),
          ),
        }),
      )
      .map(({ timeZone, change, hour, minute, before, periods, dayOfWeeks }) => {
        // Noon UTC-ish on the change's local date, moved back whole months or years to anchor the start.
        const noon = new Date(change + 12 * 3_600_000);
        const y = noon.getUTCFullYear() - (repeatType === RepeatType.Yearly ? periods : 0);
        const m = noon.getUTCMonth() - (repeatType === RepeatType.Monthly ? periods : 0);
        let start = Date.UTC(y, m, noon.getUTCDate(), noon.getUTCHours(), noon.getUTCMinutes());
        if (repeatType === RepeatType.Daily || repeatType === RepeatType.Weekly) start -= periods * 9 * DAY;
        const schedule: RecurrenceInput = {
          repeatType,
          startDateTime: Math.min(start, change - before - DAY),
          endDateTime: null,
          dayOfWeeks: dayOfWeeks as RecurrenceInput['dayOfWeeks'],
          time: `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`,
          timeZone,
        };
        return { schedule, after: change - before };
      });

  for (const repeatType of [RepeatType.Daily, RepeatType.Weekly, RepeatType.Monthly, RepeatType.Yearly]) {
    it(`repeat type ${repeatType}: a skipped time runs at the jump, a repeated one runs once`, () => {
      fc.assert(
        fc.property(nearChange(repeatType), ({ schedule, after }) =>
          agreesWithReference(schedule, after, 4 * DAY),
        ),
        { numRuns: 120 },
      );
    });
  }
});
