import { choice, onOff, setting } from '../../keys.ts';
import { defineModel, route } from '../../model.ts';
import { TIMER_MAX_MIN, TIMER_SHORT_MAX_MIN, timerRule } from '../../rule-kit.ts';
import type { ModelProfile } from '../../types.ts';

const fans = [
  ['ceiling', 5, true],
  ['stand', 3, false],
  ['wall', 3, false],
  ['tower', 6, true],
  ['exhaust', 2, false],
  ['box', 3, false],
] as const;

/** Fans: on/off, speed, swing and an off timer. Key spellings and speed counts are chosen. */
export const fanModels: ModelProfile[] = fans.map(([variant, speeds, longTimer]) => {
  const timerMax = longTimer ? TIMER_MAX_MIN : TIMER_SHORT_MAX_MIN;
  return defineModel({
    id: `fan-${variant}`,
    deviceType: 'fan',
    family: 'fan',
    variant,
    features: ['quick_toggle', 'timer'],
    toggleKeys: ['onoff'],
    keys: [
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
});
