import { beep, relays } from '../../capabilities.ts';
import { choice } from '../../keys.ts';
import { defineModel, route } from '../../model.ts';
import type { ModelProfile } from '../../types.ts';

/** A wall switch with a light relay and a stepped fan speed (0 off). Speed counts are chosen. */
export const fanSwitchModels: ModelProfile[] = [
  [3, 'light-3speed'],
  [5, 'light-5speed'],
  [3, 'touch-3speed'],
].map(([speeds, variant]) =>
  defineModel({
    id: `fan-switch-${variant}`,
    deviceType: 'fan-switch',
    family: 'fan_switch',
    variant: String(variant),
    features: ['quick_toggle'],
    toggleKeys: ['relay_1'],
    keys: [
      ...relays(1),
      choice(
        'fan_speed',
        'fan',
        Array.from({ length: Number(speeds) + 1 }, (_, i) => i),
        0,
        { source: 'chosen' },
      ),
      beep,
    ],
    route: route('fan-switch'),
    errors: ['device.error'],
  }),
);
