import { relayKeys, relays } from '../../capabilities.ts';
import { choice } from '../../keys.ts';
import { defineModel, relayBits, route } from '../../model.ts';
import type { ModelProfile } from '../../types.ts';

/** A controller driving relay channels of a separate board; its screen takes the id only. */
export const relayControllerModels: ModelProfile[] = [2, 4, 6].map((n) =>
  defineModel({
    id: `relay-channel-controller-${n}ch`,
    deviceType: 'relay-channel-controller',
    family: 'relay_controller',
    variant: `${n}-channel`,
    features: ['quick_toggle', 'master_power'],
    toggleKeys: relayKeys(n),
    keys: [
      ...relays(n),
      ...relayKeys(n).map((_, i) =>
        choice(`channel_action_mode_${i + 1}`, 'channel_modes', [0, 1], 0, { source: 'chosen' }),
      ),
    ],
    route: route('relay-channel-controller', 'given', ['id']),
    errors: ['device.error', 'device.relay_board'],
    addMap: relayBits(n),
  }),
);
