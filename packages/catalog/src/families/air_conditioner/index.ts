import { defineFamily } from '../../family.ts';
import { choice, onOff, reading, setting } from '../../keys.ts';
import { defineModel, route } from '../../model.ts';
import { TIMER_MAX_MIN, timerRule } from '../../rule-kit.ts';

const capacities = [
  ['air-conditioner-9000', '9000'],
  ['air-conditioner-12000', '12000'],
  ['air-conditioner-18000', '18000'],
  ['air-conditioner-24000', '24000'],
  ['air-conditioner-30000', '30000'],
  ['air-conditioner-inverter-12000', 'inverter-12000'],
  ['air-conditioner-inverter-18000', 'inverter-18000'],
  ['air-conditioner-inverter-24000', 'inverter-24000'],
] as const;

/** Mode: 0 cool, 1 heat, 2 dry, 3 fan, 4 auto (chosen order). */
const AUTO = 4;

export default defineFamily({
  id: 'air_conditioner',
  models: capacities.map(([id, variant]) =>
    defineModel({
      id,
      deviceType: 'air-conditioner',
      variant,
      features: ['quick_toggle', 'temperature', 'setpoint', 'timer'],
      toggleKeys: ['onoff'],
      parts: [
        onOff('onoff', 'control', 0, { source: 'chosen' }),
        choice('mode', 'control', [0, 1, 2, 3, AUTO], 0),
        setting('temperature_setpoint', 'control', 16, 30, 24, { unit: '°C' }),
        onOff('swing', 'control', 0),
        onOff('turbo', 'control', 0),
        onOff('sleep', 'control', 0),
        setting('on_timer', 'timer', 0, TIMER_MAX_MIN, 0, { unit: 'min', source: 'chosen' }),
        setting('off_timer', 'timer', 0, TIMER_MAX_MIN, 0, {
          unit: 'min',
          source: 'chosen',
          sim: { type: 'countdown', unitMs: 60_000, while: { key: 'onoff', eq: 1 }, onZero: { onoff: 0 } },
        }),
        reading('temperature', -10, 50, {
          unit: '°C',
          sim: {
            type: 'drift',
            toward: 'temperature_setpoint',
            perMinute: 0.4,
            initial: 29,
            idle: 29,
            while: { key: 'onoff', eq: 1 },
          },
        }),
      ],
      // The spec names no air-conditioner screen; the cooler screen is the closest.
      route: route('cooler', 'chosen'),
      rules: [timerRule(['off_timer'], 'onoff', { key: 'mode', eq: AUTO })],
      errors: [
        'device.error',
        'sensor.temperature',
        ...[1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => `motor.P${n}`),
      ],
    }),
  ),
});
