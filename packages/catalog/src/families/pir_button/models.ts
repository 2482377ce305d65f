import { pushKeys, relays } from '../../capabilities.ts';
import { setting, status } from '../../keys.ts';
import { defineModel, route } from '../../model.ts';
import type { ModelProfile } from '../../types.ts';

/** A wall button with a motion sensor that switches its relay on motion. */
export const pirButtonModels: ModelProfile[] = [1, 2].map((n) =>
  defineModel({
    id: `pir-button-${n}key`,
    deviceType: 'pir-button',
    family: 'pir_button',
    variant: `${n}-key`,
    features: ['quick_toggle', 'events'],
    toggleKeys: ['relay_1'],
    keys: [
      ...relays(1),
      ...pushKeys(n, 30_000),
      status('motion_status', [0, 1], { sim: { type: 'event', everyMs: 15_000, cycle: [1, 0] } }),
      setting('sensivity', 'pir', 1, 10, 5, { source: 'chosen' }),
      setting('delay', 'pir', 5, 600, 30, { unit: 's', source: 'chosen' }),
    ],
    route: route('pir-button'),
    errors: ['device.error'],
  }),
);
