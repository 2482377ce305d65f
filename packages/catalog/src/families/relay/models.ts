import { beep, relayKeys, relays } from '../../capabilities.ts';
import { choice } from '../../keys.ts';
import { defineModel, relayBits, route } from '../../model.ts';
import type { ModelProfile } from '../../types.ts';

const mounts = ['din', 'inwall'] as const;

/** Relay modules; the 6-relay module takes part in master power (spec section 4). */
export const relayModels: ModelProfile[] = [1, 2, 4, 6].flatMap((n) =>
  mounts.map((mount) =>
    defineModel({
      id: `relay-${n}ch-${mount}`,
      deviceType: `relay-${n}-channel`,
      family: 'relay',
      variant: `${n}-channel-${mount}`,
      features: ['quick_toggle', ...(n > 1 ? (['master_power'] as const) : [])],
      toggleKeys: relayKeys(n),
      keys: [
        ...relays(n),
        beep,
        ...relayKeys(n).map((_, i) =>
          choice(`relay_memory_mode_${i + 1}`, 'memory', [0, 1, 2], 2, { source: 'chosen' }),
        ),
      ],
      // The spec gives pole screens up to six; a relay module opens the one with its channel count.
      route: route(
        n === 1 ? 'one-pole' : n === 2 ? 'two-pole' : n === 4 ? 'four-pole' : 'six-pole',
        'chosen',
      ),
      errors: ['device.error', 'device.relay_board'],
      addMap: relayBits(n),
    }),
  ),
);
