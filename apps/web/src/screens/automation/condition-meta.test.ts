import { describe, expect, it } from 'vitest';
import { ConditionType, REPEAT, scheduleOf, weatherKeyOf } from './condition-meta.ts';

describe('schedule conditions as the forms edit them', () => {
  it('reads back what it wrote, as an object or as JSON text', () => {
    const schedule = { repeatType: REPEAT.Weekly, startDateTime: 1, time: '21:05', dayOfWeeks: [1, 3] };
    const expected = { repeatType: REPEAT.Weekly, time: '21:05', dayOfWeeks: [1, 3], timerInterval: null };
    expect(scheduleOf({ conditionType: ConditionType.Schedule, metadata: { schedule } })).toEqual(expected);
    expect(
      scheduleOf({ conditionType: ConditionType.Schedule, metadata: JSON.stringify({ schedule }) }),
    ).toEqual(expected);
    // A Timer condition without a repeat type repeats every interval.
    expect(
      scheduleOf({ conditionType: ConditionType.Timer, metadata: { timerInterval: 10 } })?.repeatType,
    ).toBe(REPEAT.Timer);
    expect(scheduleOf({ conditionType: ConditionType.Schedule, metadata: 'not json' })).toBeNull();
  });

  it('finds the weather reading in the metadata, else in the parameter', () => {
    expect(weatherKeyOf({ conditionType: ConditionType.Weather, metadata: { key: 'humidity' } })).toBe(
      'humidity',
    );
    expect(weatherKeyOf({ conditionType: ConditionType.Weather, deviceParameterId: 'temperature' })).toBe(
      'temperature',
    );
  });
});
