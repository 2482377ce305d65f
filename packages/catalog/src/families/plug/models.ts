import { beep, powerMeter, relays } from '../../capabilities.ts';
import { choice, flag, onOff, reading, setting } from '../../keys.ts';
import { defineModel, route } from '../../model.ts';
import type { KeyDef, ModelProfile } from '../../types.ts';

const plugBase = {
  family: 'plug',
  icon: 'plug',
  toggleKeys: ['relay_1'],
} as const;

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

export const plugModels: ModelProfile[] = [
  defineModel({
    ...plugBase,
    id: 'plug-metering',
    deviceType: 'plug',
    variant: 'metering',
    features: ['quick_toggle', 'master_power', 'power_metering'],
    keys: [...relays(1), ...powerMeter(['relay_1'], 1200), beep],
    route: route('plug'),
  }),
  ...(['basic', 'outdoor', 'mini'] as const).map((v) =>
    defineModel({
      ...plugBase,
      id: `plug-${v}`,
      deviceType: 'plug',
      variant: v,
      features: ['quick_toggle', 'master_power'],
      keys: [...relays(1), beep],
      route: route('plug'),
      errors: ['device.error'],
    }),
  ),
  ...(
    [
      ['v2', 1200],
      ['v3', 2000],
      ['16a', 3500],
    ] as const
  ).map(([v, watts]) =>
    defineModel({
      ...plugBase,
      id: `plug-${v}`,
      deviceType: 'plug',
      variant: v,
      features: ['quick_toggle', 'master_power', 'power_metering'],
      keys: [...relays(1), ...powerMeter(['relay_1'], watts), currentLimit, beep],
      route: route('plug'),
      errors: ['device.error'],
    }),
  ),
  ...(['v4', 'v4-thermostat'] as const).map((v) =>
    defineModel({
      ...plugBase,
      id: `plug-${v}`,
      deviceType: 'plugV4',
      variant: v,
      features: [
        'quick_toggle',
        'master_power',
        'power_metering',
        ...(v === 'v4-thermostat' ? (['temperature', 'setpoint'] as const) : []),
      ],
      keys: [...relays(1), ...powerMeter(['relay_1'], 2000), currentLimit, beep, ...v4Keys()],
      route: route('plugV4'),
      errors: ['device.error', 'sensor.temperature'],
    }),
  ),
];
