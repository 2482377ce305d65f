import { beep, relays } from '../../capabilities.ts';
import { defineFamily } from '../../family.ts';
import { choice } from '../../keys.ts';
import { defineModel, route } from '../../model.ts';

function fanSwitch(id: string, variant: string, speeds: number) {
  return defineModel({
    id,
    deviceType: 'fan-switch',
    variant,
    features: ['quick_toggle'],
    parts: [
      relays(1),
      choice(
        'fan_speed',
        'fan',
        Array.from({ length: speeds + 1 }, (_, i) => i),
        0,
        { source: 'chosen' },
      ),
      beep,
    ],
    route: route('fan-switch'),
    errors: ['device.error'],
  });
}

/** A wall switch with a light relay and a stepped fan speed (0 off). Speed counts are chosen. */
export default defineFamily({
  id: 'fan_switch',
  models: [
    fanSwitch('fan-switch-light-3speed', 'light-3speed', 3),
    fanSwitch('fan-switch-light-5speed', 'light-5speed', 5),
    fanSwitch('fan-switch-touch-3speed', 'touch-3speed', 3),
  ],
});
