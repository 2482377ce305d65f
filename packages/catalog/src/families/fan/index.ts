import { defineFamily } from '../../family.ts';
import { choice, onOff, setting } from '../../keys.ts';
import { defineModel, route } from '../../model.ts';
import { TIMER_MAX_MIN, TIMER_SHORT_MAX_MIN, timerRule } from '../../rule-kit.ts';

const fans = [
  ['fan-ceiling', 'ceiling', 5, true],
  ['fan-stand', 'stand', 3, false],
  ['fan-wall', 'wall', 3, false],
  ['fan-tower', 'tower', 6, true],
  ['fan-exhaust', 'exhaust', 2, false],
  ['fan-box', 'box', 3, false],
] as const;

/** Fans: on/off, speed, swing and an off timer. Key spellings and speed counts are chosen. */
export default defineFamily({
  id: 'fan',
  models: fans.map(([id, variant, speeds, longTimer]) => {
    const timerMax = longTimer ? TIMER_MAX_MIN : TIMER_SHORT_MAX_MIN;
    return defineModel({
      id,
      deviceType: 'fan',
      variant,
      features: ['quick_toggle', 'timer'],
      toggleKeys: ['onoff'],
      parts: [
        onOff('onoff', 'control', 0, { source: 'chosen' }),
        choice(
          'speed',
          'control',
          Array.from({ length: speeds }, (_, i) => i + 1),
          1,
          { source: 'chosen' },
        ),
        onOff('swing', 'control', 0, { source: 'chosen' }),
        setting('timer', 'timer', 0, timerMax, 0, {
          unit: 'min',
          source: 'chosen',
          sim: { type: 'countdown', unitMs: 60_000, while: { key: 'onoff', eq: 1 }, onZero: { onoff: 0 } },
        }),
      ],
      route: route('fan-switch', 'chosen'),
      rules: [timerRule(['timer'], 'onoff')],
      errors: ['device.error', 'motor.P1', 'motor.P2', 'motor.P5', 'motor.P7'],
    });
  }),
});
