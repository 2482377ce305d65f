import { codesOf } from '../../errors/index.ts';
import { defineFamily } from '../../family.ts';
import { choice, flag, reading, request, setting } from '../../keys.ts';
import { defineModel, route } from '../../model.ts';
import { HOT_WATER_MAX, HOT_WATER_MIN } from '../../rule-kit.ts';
import type { Condition, KeyDef } from '../../types.ts';

/** System mode: 0 off, 1 winter (heating and hot water), 2 summer (hot water only). Values chosen. */
const heating: Condition = {
  all: [
    { key: 'system_mode', eq: 1 },
    { key: 'ch_temperature', below: 'ch_setpoint' },
  ],
};
/** A boiler that reports a fault is locked out: it does not burn until the fault is reset. */
const burning: Condition = {
  all: [
    { key: 'error_code', eq: '' },
    {
      any: [
        heating,
        {
          all: [
            { key: 'system_mode', ne: 0 },
            { key: 'dhw_temperature', below: 'dhw_setpoint' },
          ],
        },
      ],
    },
  ],
};

/** The requested mode is kept apart from what the boiler is doing (its status flags). */
function boilerKeys(outsideSensor: boolean): KeyDef[] {
  const keys: KeyDef[] = [
    choice('system_mode', 'control', [0, 1, 2], 0),
    setting('ch_setpoint', 'setpoint', HOT_WATER_MIN, HOT_WATER_MAX, 60, { unit: '°C', source: 'chosen' }),
    setting('dhw_setpoint', 'setpoint', HOT_WATER_MIN, HOT_WATER_MAX, 50, { unit: '°C', source: 'chosen' }),
    reading('ch_temperature', 0, 100, {
      unit: '°C',
      source: 'chosen',
      sim: {
        type: 'drift',
        toward: 'ch_setpoint',
        perMinute: 2,
        initial: 25,
        idle: 25,
        while: { key: 'system_mode', eq: 1 },
      },
    }),
    reading('dhw_temperature', 0, 100, {
      unit: '°C',
      source: 'chosen',
      sim: {
        type: 'drift',
        toward: 'dhw_setpoint',
        perMinute: 3,
        initial: 20,
        idle: 20,
        while: { key: 'system_mode', ne: 0 },
      },
    }),
    reading('ch_temperature_min', 0, 100, { unit: '°C', initial: HOT_WATER_MIN, source: 'chosen' }),
    reading('ch_temperature_max', 0, 100, { unit: '°C', initial: HOT_WATER_MAX, source: 'chosen' }),
    reading('modulator_current', 0, 300, { unit: 'mA', initial: 0, source: 'chosen' }),
    // The boiler answers a reset by clearing the fault it reports (error_code and its b_e flag).
    request('reset_error', 'service', { source: 'chosen', sim: { type: 'clear_errors' } }),
    request('reset_to_manual', 'service', { source: 'chosen' }),
    flag('flame_status', burning),
    flag('pump_status', { key: 'system_mode', ne: 0 }),
    flag('fan_status', burning),
    flag('gas_valve_status', burning),
    flag('ignitor_status', undefined, { source: 'chosen' }),
    flag('three_way_valve_status', { all: [{ key: 'system_mode', ne: 0 }, { not: heating }] }),
    flag('air_pressure_switch', burning),
    flag('water_pressure_switch', undefined, { sim: { type: 'state', initial: 1 } }),
    flag('water_flow_status', { key: 'system_mode', eq: 2 }),
  ];
  if (outsideSensor)
    keys.push(reading('outside_temperature', -40, 60, { unit: '°C', initial: 12, source: 'chosen' }));
  // Fault flags b_e1..b_e76 (spec section 3).
  for (let n = 1; n <= 76; n++) keys.push(flag(`b_e${n}`));
  return keys;
}

const models = [
  ['boiler-combi-24', 'combi-24', false],
  ['boiler-combi-28', 'combi-28', false],
  ['boiler-combi-32', 'combi-32', true],
  ['boiler-combi-24-outdoor', 'combi-24-outdoor', true],
  ['boiler-condensing-24', 'condensing-24', true],
  ['boiler-condensing-32', 'condensing-32', true],
  ['boiler-wall-hung-heating', 'wall-hung-heating', false],
  ['boiler-floor-standing', 'floor-standing', true],
] as const;

export default defineFamily({
  id: 'boiler',
  models: models.map(([id, variant, outside]) =>
    defineModel({
      id,
      deviceType: 'boiler-combi',
      variant,
      features: ['temperature', 'setpoint'],
      parts: boilerKeys(outside),
      route: route('boiler-combi'),
      errors: [...codesOf('boiler.'), 'sensor.open', 'sensor.short', 'gas.detected'],
    }),
  ),
});
