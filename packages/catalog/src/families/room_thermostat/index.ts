import { defineFamily } from '../../family.ts';
import { choice, flag, onOff, reading, setting } from '../../keys.ts';
import { defineModel, route } from '../../model.ts';
import { TIMER_MAX_MIN, timerRule } from '../../rule-kit.ts';

/** Room thermostats switching a heater or cooler around a setpoint with hysteresis. */
export default defineFamily({
  id: 'room_thermostat',
  models: (
    [
      ['room-thermostat-wall', 'wall'],
      ['room-thermostat-wall-touch', 'wall-touch'],
      ['room-thermostat-battery', 'battery'],
      ['room-thermostat-floor-heating', 'floor-heating'],
    ] as const
  ).map(([id, variant]) =>
    defineModel({
      id,
      deviceType: 'roomThermostat',
      variant,
      icon: 'thermostat',
      features: ['quick_toggle', 'temperature', 'setpoint', 'timer'],
      toggleKeys: ['power'],
      parts: [
        onOff('power', 'control', 0),
        choice('summer_winter', 'control', [0, 1], 1),
        setting('temperature_setpoint', 'setpoint', 5, 35, 22, { unit: '°C', step: 0.5 }),
        setting('up_hysteresis', 'setpoint', 0.5, 5, 0.5, { unit: '°C', step: 0.5, source: 'chosen' }),
        setting('down_hysteresis', 'setpoint', 0.5, 5, 0.5, { unit: '°C', step: 0.5, source: 'chosen' }),
        reading('temperature', -10, 50, {
          unit: '°C',
          sim: {
            type: 'drift',
            toward: 'temperature_setpoint',
            perMinute: 0.2,
            initial: 19,
            idle: 17,
            while: { key: 'power', eq: 1 },
          },
        }),
        setting('temperature_offset', 'settings', -5, 5, 0, { unit: '°C', step: 0.5 }),
        setting('timer', 'timer', 0, TIMER_MAX_MIN, 0, {
          unit: 'min',
          source: 'chosen',
          sim: { type: 'countdown', unitMs: 60_000, while: { key: 'power', eq: 1 }, onZero: { power: 0 } },
        }),
        flag(
          'output_status',
          {
            all: [
              { key: 'power', eq: 1 },
              { key: 'temperature', below: 'temperature_setpoint' },
            ],
          },
          { source: 'chosen' },
        ),
      ],
      route: route('roomThermostat'),
      rules: [timerRule(['timer'], 'power')],
      errors: ['device.error', 'sensor.temperature', 'sensor.open', 'sensor.short'],
    }),
  ),
});
