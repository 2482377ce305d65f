import { defineFamily } from '../../family.ts';
import { onOff, reading, setting } from '../../keys.ts';
import { defineModel, route } from '../../model.ts';
import { TIMER_MAX_MIN, timerRule } from '../../rule-kit.ts';

/** The output a running generator reports: household mains voltage (the spec names no frequency key). */
export const GENERATOR_OUTPUT_V = 230;

/** Generators (electro-gen): start/stop, auto start on mains loss, fuel level and a run timer. */
export default defineFamily({
  id: 'generator',
  models: (
    [
      ['generator-2kva', '2kva'],
      ['generator-5kva', '5kva'],
      ['generator-8kva', '8kva'],
      ['generator-inverter-3kva', 'inverter-3kva'],
    ] as const
  ).map(([id, variant]) =>
    defineModel({
      id,
      deviceType: 'electro-gen',
      variant,
      features: ['quick_toggle', 'timer'],
      toggleKeys: ['onoff'],
      parts: [
        onOff('onoff', 'control', 0, { source: 'chosen' }),
        onOff('auto_start', 'control', 0, { source: 'chosen' }),
        reading('OUT_Power_status', 0, 1, {
          sim: { type: 'flag', when: { key: 'onoff', eq: 1 } },
        }),
        reading('fuel_level', 0, 100, { unit: '%', initial: 80, source: 'chosen' }),
        // The output voltage while it runs, 0 once stopped (by the user or when its run timer ends).
        reading('voltage', 0, 300, {
          unit: 'V',
          source: 'chosen',
          sim: {
            type: 'cases',
            cases: [
              { when: { key: 'onoff', eq: 1 }, value: GENERATOR_OUTPUT_V },
              { when: { all: [] }, value: 0 },
            ],
          },
        }),
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
  ),
});
