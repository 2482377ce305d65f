import { getProfile } from '@hestia/catalog';
import { describe, expect, it } from 'vitest';
import { outdatedKeysOf, reportingPlanOf } from './freshness.ts';

describe('reporting plan', () => {
  it('reads a metering plug as reporting power, voltage and current every 5 s', () => {
    expect(reportingPlanOf(getProfile('plug-metering'))).toEqual({
      intervalMs: 5000,
      keys: ['power', 'voltage', 'current'],
    });
  });

  it('has no plan for a model that reports only changes', () => {
    expect(reportingPlanOf(getProfile('plug-basic'))).toBeNull();
    expect(reportingPlanOf(undefined)).toBeNull();
  });

  it('marks a reading older than two intervals, never a state key', () => {
    const plan = reportingPlanOf(getProfile('plug-metering'));
    const now = 100_000;
    const values = {
      power: [now - 10_001, '12'],
      voltage: [now - 2000, '220'],
      relay_1: [now - 1_000_000, '1'],
    } as const;
    expect(outdatedKeysOf(plan, values, now)).toEqual(['power']);
    expect(outdatedKeysOf(plan, undefined, now)).toEqual([]);
  });
});
