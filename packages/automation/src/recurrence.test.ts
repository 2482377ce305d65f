import { RepeatType, Weekday } from '@hestia/contract';
import { describe, expect, it } from 'vitest';
import { nextOccurrence, occurrencesBetween, type RecurrenceInput } from './recurrence.ts';
import { recurrenceSchema } from './schemas.ts';

const at = (iso: string) => Date.parse(iso);
const iso = (t: number | null) => (t === null ? null : new Date(t).toISOString());
const daily = (timeZone: string, time: string): RecurrenceInput => ({
  repeatType: RepeatType.Daily,
  startDateTime: at('2025-01-01T00:00:00Z'),
  time,
  timeZone,
});

describe('daylight-saving policy', () => {
  it('runs a time skipped by the spring-forward at the moment of the jump (New York 02:30 → 03:00)', () => {
    const runs = occurrencesBetween(
      daily('America/New_York', '02:30'),
      at('2025-03-08T00:00Z'),
      at('2025-03-11T00:00Z'),
    );
    expect(runs.map(iso)).toEqual([
      '2025-03-08T07:30:00.000Z', // 02:30 EST
      '2025-03-09T07:00:00.000Z', // 03:00 EDT, the first valid instant after 02:30
      '2025-03-10T06:30:00.000Z', // 02:30 EDT
    ]);
  });

  it('runs a repeated autumn time once, at its first occurrence (London 01:30 BST)', () => {
    const runs = occurrencesBetween(
      daily('Europe/London', '01:30'),
      at('2025-10-25T12:00Z'),
      at('2025-10-27T12:00Z'),
    );
    expect(runs.map(iso)).toEqual(['2025-10-26T00:30:00.000Z', '2025-10-27T01:30:00.000Z']);
  });

  it('follows Sydney, where clocks change in April and October', () => {
    const runs = occurrencesBetween(
      daily('Australia/Sydney', '02:30'),
      at('2025-10-03T00:00Z'),
      at('2025-10-06T00:00Z'),
    );
    // 4 Oct 02:30 AEST, 5 Oct 03:00 AEDT (02:30 skipped), 6 Oct 02:30 AEDT
    expect(runs.map(iso)).toEqual([
      '2025-10-03T16:30:00.000Z',
      '2025-10-04T16:00:00.000Z',
      '2025-10-05T15:30:00.000Z',
    ]);
  });

  it('keeps Tehran at +03:30 all year now that Iran has no daylight saving', () => {
    const runs = occurrencesBetween(
      daily('Asia/Tehran', '08:00'),
      at('2025-03-20T00:00Z'),
      at('2025-09-23T00:00Z'),
    );
    expect(new Set(runs.map((t) => new Date(t).toISOString().slice(11)))).toEqual(new Set(['04:30:00.000Z']));
  });
});

describe('repeat types', () => {
  const base = { startDateTime: at('2025-01-31T06:00:00Z'), time: '09:00', timeZone: 'UTC' };

  it('Once runs at the first occurrence of the time at or after the start, then never again', () => {
    const once: RecurrenceInput = { ...base, repeatType: RepeatType.Once };
    expect(iso(nextOccurrence(once, 0))).toBe('2025-01-31T09:00:00.000Z');
    expect(nextOccurrence(once, at('2025-01-31T09:00:00Z'))).toBeNull();
    expect(iso(nextOccurrence({ ...once, time: '05:00' }, 0))).toBe('2025-02-01T05:00:00.000Z');
  });

  it('Weekly runs on the chosen weekdays, Saturday being 0', () => {
    const weekly: RecurrenceInput = {
      ...base,
      repeatType: RepeatType.Weekly,
      dayOfWeeks: [Weekday.Saturday, Weekday.Wednesday],
    };
    const runs = occurrencesBetween(weekly, at('2025-02-01T00:00Z'), at('2025-02-13T00:00Z'));
    expect(runs.map(iso)).toEqual([
      '2025-02-01T09:00:00.000Z', // Saturday
      '2025-02-05T09:00:00.000Z', // Wednesday
      '2025-02-08T09:00:00.000Z',
      '2025-02-12T09:00:00.000Z',
    ]);
  });

  it('Weekly with no day chosen repeats on the start weekday', () => {
    const weekly: RecurrenceInput = { ...base, repeatType: RepeatType.Weekly, dayOfWeeks: [] };
    expect(occurrencesBetween(weekly, 0, at('2025-02-15T00:00Z')).map(iso)).toEqual([
      '2025-01-31T09:00:00.000Z',
      '2025-02-07T09:00:00.000Z',
      '2025-02-14T09:00:00.000Z',
    ]);
  });

  it('Monthly on the 31st runs on the last day of shorter months', () => {
    const monthly: RecurrenceInput = { ...base, repeatType: RepeatType.Monthly };
    expect(occurrencesBetween(monthly, 0, at('2025-05-01T00:00Z')).map(iso)).toEqual([
      '2025-01-31T09:00:00.000Z',
      '2025-02-28T09:00:00.000Z',
      '2025-03-31T09:00:00.000Z',
      '2025-04-30T09:00:00.000Z',
    ]);
  });

  it('Yearly on 29 February runs on 28 February in common years', () => {
    const yearly: RecurrenceInput = {
      ...base,
      repeatType: RepeatType.Yearly,
      startDateTime: at('2024-02-29T00:00Z'),
    };
    expect(occurrencesBetween(yearly, 0, at('2028-12-31T00:00Z')).map(iso)).toEqual([
      '2024-02-29T09:00:00.000Z',
      '2025-02-28T09:00:00.000Z',
      '2026-02-28T09:00:00.000Z',
      '2027-02-28T09:00:00.000Z',
      '2028-02-29T09:00:00.000Z',
    ]);
  });

  it('Timer runs every interval after the start, ignoring the time of day', () => {
    const timer: RecurrenceInput = { ...base, repeatType: RepeatType.Timer, timerInterval: 90 };
    expect(occurrencesBetween(timer, 0, at('2025-01-31T11:00Z')).map(iso)).toEqual([
      '2025-01-31T07:30:00.000Z',
      '2025-01-31T09:00:00.000Z',
      '2025-01-31T10:30:00.000Z',
    ]);
    expect(nextOccurrence({ ...timer, timerInterval: null }, 0)).toBeNull();
  });

  it('stops after the end date, which is inclusive', () => {
    const ending: RecurrenceInput = {
      ...base,
      repeatType: RepeatType.Daily,
      endDateTime: at('2025-02-02T09:00Z'),
    };
    expect(occurrencesBetween(ending, 0, at('2026-01-01T00:00Z')).map(iso)).toEqual([
      '2025-01-31T09:00:00.000Z',
      '2025-02-01T09:00:00.000Z',
      '2025-02-02T09:00:00.000Z',
    ]);
    expect(nextOccurrence(ending, at('2025-02-02T09:00Z'))).toBeNull();
  });

  it('honours the limit of occurrencesBetween', () => {
    expect(
      occurrencesBetween({ ...base, repeatType: RepeatType.Daily }, 0, at('2030-01-01Z'), 5),
    ).toHaveLength(5);
  });
});

describe('recurrenceSchema', () => {
  it('accepts ISO date-times and fills defaults', () => {
    const parsed = recurrenceSchema.parse({
      repeatType: 1,
      startDateTime: '2025-01-01T08:00:00+03:30',
      time: '07:15',
      timeZone: 'Asia/Tehran',
    });
    expect(parsed).toMatchObject({
      startDateTime: at('2025-01-01T04:30:00Z'),
      endDateTime: null,
      dayOfWeeks: [],
    });
  });

  it.each([
    ['an unknown repeat type', { repeatType: 9 }],
    ['a weekday past Friday', { dayOfWeeks: [7] }],
    ['a time of 24:00', { time: '24:00' }],
    ['an unknown time zone', { timeZone: 'Mars/Olympus' }],
  ])('refuses %s', (_name, patch) => {
    const valid = { repeatType: 1, startDateTime: 0, time: '07:15', timeZone: 'UTC' };
    expect(recurrenceSchema.safeParse(valid).success).toBe(true);
    expect(recurrenceSchema.safeParse({ ...valid, ...patch }).success).toBe(false);
  });
});
