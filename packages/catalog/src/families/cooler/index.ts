import { defineFamily } from '../../family.ts';
import { choice, onOff, reading, setting } from '../../keys.ts';
import { defineModel, route } from '../../model.ts';
import { TIMER_SHORT_MAX_MIN, timerRule } from '../../rule-kit.ts';

const sizes = [
  ['cooler-3500', '3500'],
  ['cooler-5500', '5500'],
  ['cooler-7000', '7000'],
  ['cooler-8500', '8500'],
  ['cooler-window-3500', 'window-3500'],
  ['cooler-portable', 'portable'],
] as const;

/** Evaporative coolers: pump, fan speed, swing, auto and a timer of up to 1 h 39 min (chosen). */
export default defineFamily({
  id: 'cooler',
  models: sizes.map(([id, variant]) =>
    defineModel({
      id,
      deviceType: 'cooler',
      variant,
      features: ['quick_toggle', 'timer'],
      toggleKeys: ['onoff'],
      parts: [
        onOff('onoff', 'control', 0, { source: 'chosen' }),
        onOff('pump', 'control', 0, { source: 'chosen' }),
        choice('speed', 'control', [1, 2], 1, { source: 'chosen' }),
        onOff('swing', 'control', 0, { source: 'chosen' }),
        onOff('auto', 'control', 0, { source: 'chosen' }),
        setting('timer', 'timer', 0, TIMER_SHORT_MAX_MIN, 0, {
          unit: 'min',
          source: 'chosen',
          sim: { type: 'countdown', unitMs: 60_000, while: { key: 'onoff', eq: 1 }, onZero: { onoff: 0 } },
        }),
        reading('temperature', -10, 60, { unit: '°C', initial: 30, source: 'chosen' }),
      ],
      route: route('cooler'),
      rules: [timerRule(['timer'], 'onoff', { key: 'auto', eq: 1 })],
      errors: ['device.error', 'water.none', 'motor.P1', 'motor.P2', 'motor.P5', 'motor.P7', 'motor.P8'],
    }),
  ),
});
