import { pushKeys, relays } from '../../capabilities.ts';
import { defineFamily } from '../../family.ts';
import { setting, status } from '../../keys.ts';
import { defineModel, route } from '../../model.ts';

function pirButton(id: string, n: number) {
  return defineModel({
    id,
    deviceType: 'pir-button',
    variant: `${n}-key`,
    features: ['quick_toggle', 'events'],
    parts: [
      relays(1),
      pushKeys(n, 30_000),
      status('motion_status', [0, 1], { sim: { type: 'event', everyMs: 15_000, cycle: [1, 0] } }),
      setting('sensivity', 'pir', 1, 10, 5, { source: 'chosen' }),
      setting('delay', 'pir', 5, 600, 30, { unit: 's', source: 'chosen' }),
    ],
    route: route('pir-button'),
    errors: ['device.error'],
  });
}

/** A wall button with a motion sensor that switches its relay on motion. */
export default defineFamily({
  id: 'pir_button',
  models: [pirButton('pir-button-1key', 1), pirButton('pir-button-2key', 2)],
});
