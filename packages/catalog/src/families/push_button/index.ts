import { beep, pushKeys } from '../../capabilities.ts';
import { defineFamily } from '../../family.ts';
import { defineModel, route } from '../../model.ts';

function pushButton(id: string, n: number) {
  return defineModel({
    id,
    deviceType: 'push-button-device',
    variant: `${n}-key`,
    features: ['events'],
    parts: [pushKeys(n, 20_000), beep],
    route: route('push-button-device'),
    errors: ['device.error'],
  });
}

/** Battery push-button devices with 1..6 keys reporting tap and hold. */
export default defineFamily({
  id: 'push_button',
  models: [
    pushButton('push-button-1key', 1),
    pushButton('push-button-2key', 2),
    pushButton('push-button-3key', 3),
    pushButton('push-button-4key', 4),
    pushButton('push-button-6key', 6),
  ],
});
