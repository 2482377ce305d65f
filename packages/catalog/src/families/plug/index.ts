import { beep, powerMeter, relays } from '../../capabilities.ts';
import { defineFamily } from '../../family.ts';
import { choice, flag, onOff, reading, setting } from '../../keys.ts';
import { defineModel, route } from '../../model.ts';
import type { KeyDef } from '../../types.ts';

/** Current limit input 50 to 3000 (spec sections 5 and 9); unit mA chosen. */
const currentLimit = setting('current_limit', 'protection', 50, 3000, 3000, { unit: 'mA', source: 'given' });

/** Plug v4 protections and its room-thermostat mode (spec section 3). */
function v4Keys(): KeyDef[] {
  return [
    onOff('over_voltage_protection_enable', 'protection', 1, { source: 'chosen' }),
    setting('over_voltage_limit', 'protection', 230, 270, 250, { unit: 'V', source: 'chosen' }),
    onOff('under_voltage_protection_enable', 'protection', 1, { source: 'chosen' }),
    setting('under_voltage_limit', 'protection', 150, 210, 180, { unit: 'V', source: 'chosen' }),
    setting('power_limit', 'protection', 0, 3500, 3500, { unit: 'W' }),
    onOff('room_thermostat_mode', 'thermostat', 0, { source: 'chosen' }),
    choice('summer_winter', 'thermostat', [0, 1], 1),
    setting('temperature_setpoint', 'thermostat', 5, 35, 22, { unit: '°C', step: 0.5 }),
    setting('up_hysteresis', 'thermostat', 0.5, 5, 1, { unit: '°C', step: 0.5, source: 'chosen' }),
    setting('down_hysteresis', 'thermostat', 0.5, 5, 1, { unit: '°C', step: 0.5, source: 'chosen' }),
    reading('temperature', -10, 60, {
      unit: '°C',
      sim: {
        type: 'drift',
        toward: 'temperature_setpoint',
        perMinute: 0.5,
        initial: 20,
        idle: 18,
        while: { key: 'relay_1', eq: 1 },
      },
    }),
    flag(
      'thermostat_output',
      {
        all: [
          { key: 'room_thermostat_mode', eq: 1 },
          { key: 'temperature', below: 'temperature_setpoint' },
        ],
      },
      { source: 'chosen' },
    ),
  ];
}

type Kind = 'basic' | 'metering' | 'protected' | 'v4';

/**
 * A plug: one relay; `metering` adds the power meter, `protected` (v2, v3, 16 A) a current limit too,
 * and `v4` the protections and thermostat mode of the v4 board.
 */
function plug(id: string, variant: string, kind: Kind, watts = 0) {
  const v4 = kind === 'v4';
  return defineModel({
    id,
    deviceType: v4 ? 'plugV4' : 'plug',
    variant,
    features: [
      'quick_toggle',
      'master_power',
      ...(kind === 'basic' ? [] : (['power_metering'] as const)),
      ...(variant === 'v4-thermostat' ? (['temperature', 'setpoint'] as const) : []),
    ],
    parts: [
      relays(1),
      ...(kind === 'basic' ? [] : [powerMeter(['relay_1'], watts)]),
      ...(kind === 'protected' || v4 ? [currentLimit] : []),
      beep,
      ...(v4 ? v4Keys() : []),
    ],
    route: route(v4 ? 'plugV4' : 'plug'),
    errors: kind === 'metering' ? [] : v4 ? ['device.error', 'sensor.temperature'] : ['device.error'],
  });
}

export default defineFamily({
  id: 'plug',
  models: [
    plug('plug-metering', 'metering', 'metering', 1200),
    plug('plug-basic', 'basic', 'basic'),
    plug('plug-outdoor', 'outdoor', 'basic'),
    plug('plug-mini', 'mini', 'basic'),
    plug('plug-v2', 'v2', 'protected', 1200),
    plug('plug-v3', 'v3', 'protected', 2000),
    plug('plug-16a', '16a', 'protected', 3500),
    plug('plug-v4', 'v4', 'v4', 2000),
    plug('plug-v4-thermostat', 'v4-thermostat', 'v4', 2000),
  ],
});
