import { beep, pushKeys } from '../../capabilities.ts';
import { defineModel, route } from '../../model.ts';
import type { ModelProfile } from '../../types.ts';

/** Battery push-button devices with 1..6 keys reporting tap and hold. */
export const pushButtonModels: ModelProfile[] = [1, 2, 3, 4, 6].map((n) =>
  defineModel({
    id: `push-button-${n}key`,
    deviceType: 'push-button-device',
    family: 'push_button',
    variant: `${n}-key`,
    features: ['events'],
    keys: [...pushKeys(n, 20_000), beep],
    route: route('push-button-device'),
    errors: ['device.error'],
  }),
);
