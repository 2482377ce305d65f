import { beep, relays } from '../../capabilities.ts';
import { defineFamily } from '../../family.ts';
import { choice } from '../../keys.ts';
import { defineModel, route } from '../../model.ts';

/** The spec gives pole screens up to six; a relay module opens the one with its channel count. */
const screens = { 1: 'one-pole', 2: 'two-pole', 4: 'four-pole', 6: 'six-pole' } as const;

function relayModule(id: string, n: keyof typeof screens, mount: 'din' | 'inwall') {
  return defineModel({
    id,
    deviceType: `relay-${n}-channel`,
    variant: `${n}-channel-${mount}`,
    features: ['quick_toggle', ...(n > 1 ? (['master_power'] as const) : [])],
    parts: [
      relays(n, { bits: true }),
      beep,
      ...Array.from({ length: n }, (_, i) =>
        choice(`relay_memory_mode_${i + 1}`, 'memory', [0, 1, 2], 2, { source: 'chosen' }),
      ),
    ],
    route: route(screens[n], 'chosen'),
    errors: ['device.error', 'device.relay_board'],
  });
}

/** Relay modules; the 6-relay module takes part in master power (spec section 4). */
export default defineFamily({
  id: 'relay',
  models: [
    relayModule('relay-1ch-din', 1, 'din'),
    relayModule('relay-1ch-inwall', 1, 'inwall'),
    relayModule('relay-2ch-din', 2, 'din'),
    relayModule('relay-2ch-inwall', 2, 'inwall'),
    relayModule('relay-4ch-din', 4, 'din'),
    relayModule('relay-4ch-inwall', 4, 'inwall'),
    relayModule('relay-6ch-din', 6, 'din'),
    relayModule('relay-6ch-inwall', 6, 'inwall'),
  ],
});
