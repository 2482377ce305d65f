import { ConditionType, RepeatType } from '@hestia/contract';
import { describe, expect, it } from 'vitest';
import { conditionRecurrence, incompleteTimedConditions, nextTimedFire } from './timed.ts';

const start = Date.UTC(2026, 0, 1, 0, 0);

describe('timed conditions', () => {
  it('reads a Schedule condition from metadata.schedule (object or JSON text) with the owner zone', () => {
    const schedule = { repeatType: RepeatType.Daily, startDateTime: start, time: '07:30' };
    const fromObject = conditionRecurrence(
      { conditionType: ConditionType.Schedule, metadata: { schedule } },
      'Asia/Tehran',
    );
    expect(fromObject).toMatchObject({ repeatType: 1, time: '07:30', timeZone: 'Asia/Tehran' });
    const fromText = conditionRecurrence(
      { conditionType: ConditionType.Schedule, metadata: JSON.stringify(schedule) },
      'UTC',
    );
    expect(fromText?.time).toBe('07:30');
  });

  it('treats a Timer condition as an interval in minutes', () => {
    const rec = conditionRecurrence(
      { conditionType: ConditionType.Timer, metadata: { startDateTime: start, timerInterval: 15 } },
      'UTC',
    );
    expect(rec).toMatchObject({ repeatType: RepeatType.Timer, timerInterval: 15 });
  });

  it('finds incomplete timed conditions and ignores others', () => {
    expect(
      incompleteTimedConditions(
        [
          { conditionType: ConditionType.TapToRun },
          { conditionType: ConditionType.Schedule, metadata: { time: '25:00', startDateTime: start } },
          { conditionType: ConditionType.Timer },
          { conditionType: ConditionType.Timer, metadata: { startDateTime: start, timerInterval: 5 } },
        ],
        'UTC',
      ),
    ).toEqual([1, 2]);
  });

  it('gives the earliest next fire across conditions and every condition due then', () => {
    const conditions = [
      { conditionType: ConditionType.Timer, metadata: { startDateTime: start, timerInterval: 30 } },
      {
        conditionType: ConditionType.Schedule,
        metadata: { schedule: { repeatType: RepeatType.Daily, startDateTime: start, time: '00:30' } },
      },
      { conditionType: ConditionType.Timer, metadata: { startDateTime: start, timerInterval: 20 } },
    ];
    expect(nextTimedFire(conditions, 'UTC', start)).toEqual({ at: start + 20 * 60_000, indexes: [2] });
    expect(nextTimedFire(conditions, 'UTC', start + 20 * 60_000)).toEqual({
      at: start + 30 * 60_000,
      indexes: [0, 1],
    });
    expect(nextTimedFire([{ conditionType: ConditionType.TapToRun }], 'UTC', start)).toBeNull();
  });
});
