import { beep, relayKeys, relays, touchPanel } from '../../capabilities.ts';
import { defineModel, relayBits, route } from '../../model.ts';
import type { ModelProfile } from '../../types.ts';

/** Crossover (intermediate) switches for three or more control points. */
export const crossoverSwitchModels: ModelProfile[] = [1, 2].flatMap((n) =>
  (['classic', 'touch'] as const).map((v) =>
    defineModel({
      id: `crossover-switch-${n}g-${v}`,
      deviceType: 'crossOverSwitch',
      family: 'crossover_switch',
      variant: `${n}-gang-${v}`,
      features: ['quick_toggle', ...(n > 1 ? (['master_power'] as const) : [])],
      toggleKeys: relayKeys(n),
      keys: [...relays(n), beep, ...(v === 'touch' ? touchPanel(n) : [])],
      route: route('crossOverSwitch'),
      errors: ['device.error'],
      addMap: relayBits(n),
    }),
  ),
);
