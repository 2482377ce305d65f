import type { CommandValue } from '@hestia/contract';
import { ComparisonType, ConditionCheckType, ConditionType } from '@hestia/contract';
import { describe, expect, it } from 'vitest';
import {
  type EvaluationContext,
  evaluateAll,
  evaluateCondition,
  type TelemetryLookup,
} from './conditions.ts';
import { distanceMeters } from './geo.ts';
import type { Condition } from './schemas.ts';
import { localWeatherProvider } from './weather.ts';

const live =
  (values: Record<string, CommandValue>): TelemetryLookup =>
  (deviceId, key) =>
    values[`${deviceId}.${key}`];
const context = (patch: Partial<EvaluationContext> = {}): EvaluationContext => ({
  trigger: null,
  telemetry: live({ 'plug.power': 120, 'plug.relay_1': true, 'hvac.mode': 'heat' }),
  ...patch,
});
const param = (
  deviceParameterId: string,
  comparisonType: ComparisonType,
  value: CommandValue,
): Condition => ({
  conditionType: ConditionType.DeviceParam,
  deviceId: deviceParameterId === 'mode' ? 'hvac' : 'plug',
  deviceParameterId,
  comparisonType,
  value,
});

describe('DeviceParam conditions', () => {
  it('compares live telemetry and explains the verdict', () => {
    expect(evaluateCondition(param('power', ComparisonType.Bigger, 100), context())).toEqual({
      observedValue: 120,
      verdict: true,
      explanation: 'power is 120, which is bigger than 100',
    });
    expect(evaluateCondition(param('power', ComparisonType.SmallerEqual, 100), context())).toMatchObject({
      verdict: false,
      explanation: 'power is 120, not at most 100',
    });
  });

  it('compares booleans with 1/0 and text case-insensitively', () => {
    expect(evaluateCondition(param('relay_1', ComparisonType.Equal, 1), context()).verdict).toBe(true);
    expect(evaluateCondition(param('mode', ComparisonType.Equal, 'HEAT'), context()).verdict).toBe(true);
    expect(evaluateCondition(param('mode', ComparisonType.NotEqual, 'heat'), context()).verdict).toBe(false);
  });

  it('is false, with the reason, when no value is known or the order of text is asked', () => {
    expect(evaluateCondition(param('voltage', ComparisonType.Bigger, 1), context())).toMatchObject({
      verdict: false,
      observedValue: null,
      explanation: 'no value for voltage',
    });
    expect(evaluateCondition(param('mode', ComparisonType.Bigger, 'cool'), context()).explanation).toMatch(
      /cannot be/,
    );
    expect(evaluateCondition({ conditionType: ConditionType.DeviceParam }, context()).verdict).toBe(false);
  });
});

describe('event conditions', () => {
  it.each([ConditionType.TapToRun, ConditionType.Schedule, ConditionType.Timer, ConditionType.Notify])(
    'type %i holds only when its own event is the trigger',
    (conditionType) => {
      const condition: Condition = { conditionType };
      expect(evaluateCondition(condition, context({ trigger: { conditionType } })).verdict).toBe(true);
      expect(evaluateCondition(condition, context()).verdict).toBe(false);
      const other =
        conditionType === ConditionType.TapToRun ? ConditionType.Schedule : ConditionType.TapToRun;
      expect(evaluateCondition(condition, context({ trigger: { conditionType: other } })).verdict).toBe(
        false,
      );
    },
  );

  it('matches a fired schedule to its own condition when the trigger names one', () => {
    const trigger = { conditionType: ConditionType.Schedule, conditionIndex: 1 };
    const schedule: Condition = { conditionType: ConditionType.Schedule };
    expect(evaluateCondition(schedule, context({ trigger }), 1).verdict).toBe(true);
    expect(evaluateCondition(schedule, context({ trigger }), 0).verdict).toBe(false);
  });

  it('a Notify condition holds for an event of its own device, of its kind when it names one', () => {
    const trigger = { conditionType: ConditionType.Notify, deviceId: 'door', event: 'door_open' };
    const onDoor: Condition = { conditionType: ConditionType.Notify, deviceId: 'door' };
    const opened: Condition = { ...onDoor, metadata: { event: 'door_open' } };
    const failed: Condition = { ...onDoor, metadata: '{"event":"error"}' };
    expect(evaluateCondition(onDoor, context({ trigger }))).toMatchObject({
      verdict: true,
      observedValue: 'door_open',
      explanation: 'Notify fired: the device raised door_open',
    });
    expect(evaluateCondition(opened, context({ trigger })).verdict).toBe(true);
    expect(evaluateCondition(failed, context({ trigger }))).toMatchObject({
      verdict: false,
      explanation: 'the device raised door_open, not error',
    });
    expect(
      evaluateCondition(opened, context({ trigger: { ...trigger, deviceId: 'hall' } })).explanation,
    ).toBe('door_open came from another device');
    expect(
      evaluateCondition(opened, context({ trigger: { conditionType: ConditionType.DeviceParam } })).verdict,
    ).toBe(false);
  });

  it('never holds for the "none" type', () => {
    expect(evaluateCondition({ conditionType: ConditionType.none }, context()).verdict).toBe(false);
  });
});

describe('Location conditions', () => {
  const home = { latitude: 35.6892, longitude: 51.389 }; // Tehran
  const near = { latitude: 35.6897, longitude: 51.389 }; // about 56 m north
  const far = { latitude: 35.7, longitude: 51.389 }; // about 1.2 km north
  const enter: Condition = {
    conditionType: ConditionType.Location,
    metadata: { ...home, radius: 200, event: 'enter' },
  };
  const leave: Condition = { ...enter, metadata: JSON.stringify({ ...home, radius: 200, event: 'leave' }) };

  it('measures distance with the haversine formula', () => {
    expect(distanceMeters(home, near)).toBeCloseTo(55.6, 0);
    expect(distanceMeters({ latitude: 0, longitude: 0 }, { latitude: 0, longitude: 180 })).toBeCloseTo(
      20_015_115,
      -2,
    );
  });

  it('holds on entering: outside before, inside now', () => {
    expect(evaluateCondition(enter, context({ location: { previous: far, current: near } }))).toMatchObject({
      verdict: true,
      observedValue: 56,
    });
    expect(evaluateCondition(enter, context({ location: { previous: near, current: near } })).verdict).toBe(
      false,
    );
    expect(evaluateCondition(enter, context({ location: { previous: null, current: near } })).verdict).toBe(
      false,
    );
  });

  it('holds on leaving (metadata given as JSON text): inside before, outside now', () => {
    expect(evaluateCondition(leave, context({ location: { previous: near, current: far } })).verdict).toBe(
      true,
    );
    expect(evaluateCondition(leave, context({ location: { previous: far, current: far } })).verdict).toBe(
      false,
    );
    expect(evaluateCondition(leave, context()).explanation).toBe('the phone position is unknown');
  });
});

describe('Weather conditions', () => {
  const weather = localWeatherProvider({ temperature: 31, condition: 'rain' });
  it('compares readings of the provider', () => {
    const hot: Condition = {
      conditionType: ConditionType.Weather,
      metadata: { key: 'temperature' },
      comparisonType: ComparisonType.BiggerEqual,
      value: 30,
    };
    expect(evaluateCondition(hot, context({ weather }))).toMatchObject({ verdict: true, observedValue: 31 });
    const rain: Condition = {
      conditionType: ConditionType.Weather,
      deviceParameterId: 'condition',
      value: 'rain',
    };
    expect(evaluateCondition(rain, context({ weather })).verdict).toBe(true);
    expect(evaluateCondition(rain, context()).explanation).toBe('no weather provider');
    expect(evaluateCondition({ ...rain, deviceParameterId: 'uv' }, context({ weather })).verdict).toBe(false);
  });
});

describe('evaluateAll', () => {
  const over100 = param('power', ComparisonType.Bigger, 100);
  const heating = param('mode', ComparisonType.Equal, 'cool');

  it('needs every condition for allCondition and one for perCondition, tracing each', () => {
    const all = evaluateAll([over100, heating], ConditionCheckType.allCondition, context());
    expect(all.verdict).toBe(false);
    expect(all.trace.map((t) => [t.index, t.observedValue, t.verdict])).toEqual([
      [0, 120, true],
      [1, 'heat', false],
    ]);
    expect(evaluateAll([over100, heating], ConditionCheckType.perCondition, context()).verdict).toBe(true);
  });

  it('treats an empty list as holding for "all" and not for "any"', () => {
    expect(evaluateAll([], ConditionCheckType.allCondition, context()).verdict).toBe(true);
    expect(evaluateAll([], ConditionCheckType.perCondition, context()).verdict).toBe(false);
  });

  it('runs a telemetry-triggered automation once per crossing, not on every report above', () => {
    const trigger = {
      conditionType: ConditionType.DeviceParam,
      deviceId: 'plug',
      deviceParameterId: 'power',
    };
    const crossing = context({ trigger, previousTelemetry: live({ 'plug.power': 80 }) });
    expect(evaluateAll([over100], ConditionCheckType.allCondition, crossing)).toMatchObject({
      verdict: true,
      shouldRun: true,
    });
    const stillAbove = context({ trigger, previousTelemetry: live({ 'plug.power': 110 }) });
    expect(evaluateAll([over100], ConditionCheckType.allCondition, stillAbove)).toMatchObject({
      verdict: true,
      shouldRun: false,
    });
  });

  it('runs on a schedule whenever the verdict holds', () => {
    const atSeven: Condition = { conditionType: ConditionType.Schedule };
    const fired = context({ trigger: { conditionType: ConditionType.Schedule } });
    expect(evaluateAll([atSeven, over100], ConditionCheckType.allCondition, fired).shouldRun).toBe(true);
  });
});
