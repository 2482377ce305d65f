import type { CommandValue } from '@hestia/contract';
import { ComparisonType, ConditionType } from '@hestia/contract';
import { describe, expect, it } from 'vitest';
import type { AnalysedAutomation } from './analysis.ts';
import { findLoops } from './loops.ts';

const when = (deviceId: string, key: string, comparisonType: ComparisonType, value: CommandValue) => ({
  conditionType: ConditionType.DeviceParam,
  deviceId,
  deviceParameterId: key,
  comparisonType,
  value,
});
const set = (deviceId: string, key: string, value: CommandValue | null) => ({
  deviceId,
  deviceParameterId: key,
  value,
});
const automation = (
  id: string,
  conditions: AnalysedAutomation['conditions'],
  commands: AnalysedAutomation['commands'],
) => ({
  id,
  name: id,
  conditions,
  commands,
});

describe('findLoops', () => {
  it('finds two automations that trigger each other and explains the cycle', () => {
    const a = automation(
      'Hall on',
      [when('switch', 'relay_1', ComparisonType.Equal, 1)],
      [set('lamp', 'relay_1', 1)],
    );
    const b = automation(
      'Lamp mirror',
      [when('lamp', 'relay_1', ComparisonType.Equal, 1)],
      [set('switch', 'relay_1', 1)],
    );
    const loops = findLoops([a, b], { deviceName: (id) => (id === 'lamp' ? 'Lamp' : undefined) });
    expect(loops).toHaveLength(1);
    expect(loops[0]?.automationIds).toEqual(['Hall on', 'Lamp mirror']);
    expect(loops[0]?.explanation).toBe(
      '"Hall on" sets Lamp relay_1 to 1, which triggers "Lamp mirror"; "Lamp mirror" sets switch relay_1 to 1, which triggers "Hall on" again. These automations could keep triggering each other.',
    );
  });

  it('finds an automation that triggers itself', () => {
    const heater = automation(
      'Heater',
      [when('boiler', 'setpoint', ComparisonType.Bigger, 40)],
      [set('boiler', 'setpoint', 50)],
    );
    const [loop] = findLoops([heater]);
    expect(loop?.automationIds).toEqual(['Heater']);
    expect(loop?.explanation).toMatch(/"Heater" sets boiler setpoint to 50, which meets its own condition/);
  });

  it('ignores writes whose value cannot meet the condition', () => {
    const offWhenOn = automation(
      'Off',
      [when('plug', 'relay_1', ComparisonType.Equal, 1)],
      [set('plug', 'relay_1', 0)],
    );
    expect(findLoops([offWhenOn])).toEqual([]);
  });

  it('counts a write of unknown value as able to trigger', () => {
    const unknown = automation(
      'Pass on',
      [when('plug', 'relay_1', ComparisonType.Equal, 1)],
      [set('plug', 'relay_1', null)],
    );
    expect(findLoops([unknown])).toHaveLength(1);
  });

  it('finds a longer cycle and leaves chains without a cycle alone', () => {
    const a = automation('A', [when('x', 'k', ComparisonType.Equal, 1)], [set('y', 'k', 1)]);
    const b = automation('B', [when('y', 'k', ComparisonType.BiggerEqual, 1)], [set('z', 'k', 5)]);
    const c = automation('C', [when('z', 'k', ComparisonType.Bigger, 2)], [set('x', 'k', 1)]);
    const d = automation('D', [when('z', 'k', ComparisonType.Bigger, 2)], [set('w', 'k', 1)]);
    const loops = findLoops([d, a, b, c]);
    expect(loops.map((l) => l.automationIds)).toEqual([['A', 'B', 'C']]);
    expect(loops[0]?.links.map((l) => `${l.from}->${l.to}`)).toEqual(['A->B', 'B->C', 'C->A']);
    expect(findLoops([a, b, d])).toEqual([]);
  });
});
