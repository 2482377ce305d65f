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
import { automationInputSchema, conditionSchema } from './schemas.ts';

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

describe('input schemas', () => {
  it('fills automation defaults and refuses unknown enum values', () => {
    expect(automationInputSchema.parse({ name: 'x' })).toMatchObject({
      isActive: true,
      commandInorderExecution: false,
      conditionCheckType: ConditionCheckType.allCondition,
      conditions: [],
      commands: [],
    });
    expect(conditionSchema.safeParse({ conditionType: 7 }).success).toBe(false);
    expect(conditionSchema.safeParse({ conditionType: 3, comparisonType: 6 }).success).toBe(false);
    expect(
      automationInputSchema.safeParse({ commands: [{ deviceId: 'a', deviceParameterId: 'k', delay: -1 }] })
        .success,
    ).toBe(false);
  });
});
