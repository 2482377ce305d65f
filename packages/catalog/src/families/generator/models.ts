import { onOff, reading, setting } from '../../keys.ts';
import { defineModel, route } from '../../model.ts';
import { TIMER_MAX_MIN, timerRule } from '../../rule-kit.ts';
import type { ModelProfile } from '../../types.ts';

/** Generators (electro-gen): start/stop, auto start on mains loss, fuel level and a run timer. */
export const generatorModels: ModelProfile[] = (['2kva', '5kva', '8kva', 'inverter-3kva'] as const).map(
  (variant) =>
    defineModel({
      id: `generator-${variant}`,
      deviceType: 'electro-gen',
      family: 'generator',
      variant,
      features: ['quick_toggle', 'timer'],
      toggleKeys: ['onoff'],
      keys: [
        onOff('onoff', 'control', 0, { source: 'chosen' }),
        onOff('auto_start', 'control', 0, { source: 'chosen' }),
        reading('OUT_Power_status', 0, 1, {
          sim: { type: 'flag', when: { key: 'onoff', eq: 1 } },
        }),
        reading('fuel_level', 0, 100, { unit: '%', initial: 80, source: 'chosen' }),
        reading('voltage', 0, 300, { unit: 'V', initial: 0, source: 'chosen' }),
        setting('timer', 'timer', 0, TIMER_MAX_MIN, 0, {
          unit: 'min',
          source: 'chosen',
          sim: { type: 'countdown', unitMs: 60_000, while: { key: 'onoff', eq: 1 }, onZero: { onoff: 0 } },
        }),
      ],
      route: route('electro-gen'),
      rules: [timerRule(['timer'], 'onoff', { key: 'auto_start', eq: 1 })],
      errors: ['device.error', 'sensor.temperature', 'motor.P3', 'motor.P8'],
    }),
);
