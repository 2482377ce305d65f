import { RepeatType } from '@hestia/contract';
import { describe, expect, it } from 'vitest';
import { missedRunPlan } from './missed-runs.ts';
import type { RecurrenceInput } from './recurrence.ts';

const at = (iso: string) => Date.parse(iso);
const iso = (t: number | null) => (t === null ? null : new Date(t).toISOString());
const hourly: RecurrenceInput = {
  repeatType: RepeatType.Timer,
  timerInterval: 60,
  startDateTime: at('2025-05-01T00:00Z'),
  time: '00:00',
  timeZone: 'UTC',
};

describe('missedRunPlan', () => {
  it('runs the latest missed occurrence once when it is within 15 minutes, skipping older ones', () => {
    const plan = missedRunPlan({
      schedule: hourly,
      lastHandledAt: at('2025-05-01T01:00Z'),
      now: at('2025-05-01T04:10Z'),
    });
    expect(plan.missed.map(iso)).toEqual([
      '2025-05-01T02:00:00.000Z',
      '2025-05-01T03:00:00.000Z',
      '2025-05-01T04:00:00.000Z',
    ]);
    expect(iso(plan.runNow)).toBe('2025-05-01T04:00:00.000Z');
    expect(plan.skipped.map(iso)).toEqual(['2025-05-01T02:00:00.000Z', '2025-05-01T03:00:00.000Z']);
    expect(iso(plan.next)).toBe('2025-05-01T05:00:00.000Z');
  });

  it('skips everything when the latest missed occurrence is older than the grace window', () => {
    const plan = missedRunPlan({
      schedule: hourly,
      lastHandledAt: at('2025-05-01T01:00Z'),
      now: at('2025-05-01T04:16Z'),
    });
    expect(plan.runNow).toBeNull();
    expect(plan.skipped).toHaveLength(3);
  });

  it('treats exactly 15 minutes late as still in time, and takes a custom grace', () => {
    const now = at('2025-05-01T04:15Z');
    expect(iso(missedRunPlan({ schedule: hourly, lastHandledAt: at('2025-05-01T03:00Z'), now }).runNow)).toBe(
      '2025-05-01T04:00:00.000Z',
    );
    expect(
      missedRunPlan({ schedule: hourly, lastHandledAt: at('2025-05-01T03:00Z'), now, graceMs: 60_000 })
        .runNow,
    ).toBeNull();
  });

  it('never plans an occurrence already handled, so planning again after a run yields nothing', () => {
    const first = missedRunPlan({
      schedule: hourly,
      lastHandledAt: at('2025-05-01T03:00Z'),
      now: at('2025-05-01T04:05Z'),
    });
    expect(first.runNow).not.toBeNull();
    const again = missedRunPlan({
      schedule: hourly,
      lastHandledAt: first.runNow ?? 0,
      now: at('2025-05-01T04:06Z'),
    });
    expect(again).toMatchObject({ missed: [], runNow: null, skipped: [] });
  });

  it('lists at most `limit` missed occurrences and says the list is truncated', () => {
    const plan = missedRunPlan({
      schedule: hourly,
      lastHandledAt: at('2025-05-01T00:00Z'),
      now: at('2025-05-03T00:05Z'),
      limit: 10,
    });
    expect(plan.missed).toHaveLength(10);
    expect(plan.truncated).toBe(true);
    expect(iso(plan.runNow)).toBe('2025-05-03T00:00:00.000Z');
  });

  it('plans nothing for a Once schedule that already ran', () => {
    const once: RecurrenceInput = { ...hourly, repeatType: RepeatType.Once, time: '06:00' };
    const plan = missedRunPlan({
      schedule: once,
      lastHandledAt: at('2025-05-01T06:00Z'),
      now: at('2025-05-09T00:00Z'),
    });
    expect(plan).toMatchObject({ missed: [], runNow: null, next: null });
  });
});
