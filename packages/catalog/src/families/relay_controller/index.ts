import { relays } from '../../capabilities.ts';
import { defineFamily } from '../../family.ts';
import { choice } from '../../keys.ts';
import { defineModel, route } from '../../model.ts';

function controller(id: string, n: number) {
  return defineModel({
    id,
    deviceType: 'relay-channel-controller',
    variant: `${n}-channel`,
    features: ['quick_toggle', 'master_power'],
    parts: [
      relays(n, { bits: true }),
      ...Array.from({ length: n }, (_, i) =>
        choice(`channel_action_mode_${i + 1}`, 'channel_modes', [0, 1], 0, { source: 'chosen' }),
      ),
    ],
    route: route('relay-channel-controller', 'given', ['id']),
    errors: ['device.error', 'device.relay_board'],
  });
}

/** A controller driving relay channels of a separate board; its screen takes the id only. */
export default defineFamily({
  id: 'relay_controller',
  models: [
    controller('relay-channel-controller-2ch', 2),
    controller('relay-channel-controller-4ch', 4),
    controller('relay-channel-controller-6ch', 6),
  ],
});
