import { ConditionCheckType } from '@hestia/contract';
import { describe, expect, it } from 'vitest';
import { automationInputSchema, conditionSchema } from './schemas.ts';

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
