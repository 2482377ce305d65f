import { beep, relayKeys, relays, touchPanel } from '../../capabilities.ts';
import { defineModel, relayBits, route } from '../../model.ts';
import type { ModelProfile } from '../../types.ts';

/** Two-way (staircase) switches: the relay follows whichever of the linked switches was pressed last. */
export const waySwitchModels: ModelProfile[] = [1, 2, 3].flatMap((n) =>
  (['classic', 'touch'] as const).map((v) =>
    defineModel({
      id: `way-switch-${n}g-${v}`,
      deviceType: 'way-switch',
      family: 'way_switch',
      variant: `${n}-gang-${v}`,
      features: ['quick_toggle', ...(n > 1 ? (['master_power'] as const) : [])],
      toggleKeys: relayKeys(n),
      keys: [...relays(n), beep, ...(v === 'touch' ? touchPanel(n) : [])],
      route: route('way-switch'),
      errors: ['device.error'],
      addMap: relayBits(n),
    }),
  ),
);
