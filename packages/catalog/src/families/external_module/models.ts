import { relayKeys, relays } from '../../capabilities.ts';
import { status } from '../../keys.ts';
import { defineModel, route } from '../../model.ts';
import type { ModelProfile } from '../../types.ts';

/** External modules: dry-contact inputs reported as events, and output relays. */
export const externalModuleModels: ModelProfile[] = [
  [2, 1],
  [2, 2],
  [4, 2],
  [4, 4],
].map(([inputs = 0, outputs = 0]) =>
  defineModel({
    id: `external-module-${inputs}in-${outputs}out`,
    deviceType: 'external-module',
    family: 'external_module',
    variant: `${inputs}-in-${outputs}-out`,
    features: ['quick_toggle', 'events'],
    toggleKeys: relayKeys(outputs),
    keys: [
      ...relays(outputs),
      ...Array.from({ length: inputs }, (_, i) =>
        status(`input_${i + 1}`, [0, 1], {
          source: 'chosen',
          sim: { type: 'event', everyMs: 40_000 + i * 5000, cycle: [1, 0] },
        }),
      ),
    ],
    route: route('external-module'),
    errors: ['device.error', 'device.relay_board'],
  }),
);
