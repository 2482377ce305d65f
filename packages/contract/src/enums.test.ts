import { describe, expect, it } from 'vitest';
import {
  ComparisonType,
  ConditionCheckType,
  ConditionType,
  enumName,
  RepeatType,
  repeatTypeFromText,
  Weekday,
  weekdayFromJsDay,
} from './enums.ts';

describe('enums of spec section 3', () => {
  it('keep the spec values', () => {
    expect(RepeatType).toEqual({ Once: 0, Daily: 1, Weekly: 2, Monthly: 3, Yearly: 4, Timer: 5 });
    expect(Object.values(ConditionType)).toEqual([-1, 0, 1, 2, 3, 4, 5, 6]);
    expect(ComparisonType).toMatchObject({ Equal: 0, Bigger: 2, NotEqual: 5 });
    expect(ConditionCheckType).toEqual({ allCondition: 0, perCondition: 1 });
    expect(Weekday.Saturday).toBe(0);
    expect(Weekday.Friday).toBe(6);
  });

  it.each([
    ['Daily', RepeatType.Daily],
    ['Timer', RepeatType.Timer],
    ['Yearly', RepeatType.Yearly],
    ['daily', RepeatType.Once],
    ['toString', RepeatType.Once],
    ['', RepeatType.Once],
    [null, RepeatType.Once],
  ])('maps the text %j to %i, any other text to Once', (text, value) => {
    expect(repeatTypeFromText(text)).toBe(value);
  });

  it('turns JavaScript days (Sunday 0) into Saturday-first weekdays', () => {
    expect([0, 1, 5, 6].map(weekdayFromJsDay)).toEqual([
      Weekday.Sunday,
      Weekday.Monday,
      Weekday.Friday,
      Weekday.Saturday,
    ]);
    expect(enumName(ConditionType, 3)).toBe('DeviceParam');
  });
});
