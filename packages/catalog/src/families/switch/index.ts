import { beep, boardTemperature, powerMeter, relayKeys, relays, touchPanel } from '../../capabilities.ts';
import { defineFamily } from '../../family.ts';
import { defineModel, route } from '../../model.ts';

type Variant = 'classic' | 'touch' | 'glass' | 'meter';
const poles = { 1: 'one', 2: 'two', 3: 'three', 4: 'four', 6: 'six' } as const;

function pole(id: string, n: keyof typeof poles, variant: Variant) {
  const name = poles[n];
  return defineModel({
    id,
    deviceType: `${name}-pole`,
    variant: variant === 'classic' ? `${n}-pole` : `${n}-pole-${variant}`,
    features: [
      'quick_toggle',
      ...(n > 1 ? (['master_power'] as const) : []),
      ...(variant === 'meter' ? (['power_metering'] as const) : []),
    ],
    parts: [
      relays(n, { bits: true }),
      beep,
      ...(variant === 'touch' || variant === 'glass' ? [touchPanel(n)] : []),
      ...(variant === 'glass' ? [boardTemperature()] : []),
      ...(variant === 'meter' ? [powerMeter(relayKeys(n), 60 * n)] : []),
    ],
    route: route(`${name}-pole`),
    errors: variant === 'classic' ? [] : ['device.error'],
  });
}

/** Wall switches of 1 to 6 poles. The four classic ids predate the variants and keep their names. */
export default defineFamily({
  id: 'switch',
  models: [
    pole('switch-one-pole', 1, 'classic'),
    pole('switch-one-pole-touch', 1, 'touch'),
    pole('switch-one-pole-glass', 1, 'glass'),
    pole('switch-one-pole-meter', 1, 'meter'),
    pole('switch-two-pole', 2, 'classic'),
    pole('switch-two-pole-touch', 2, 'touch'),
    pole('switch-two-pole-glass', 2, 'glass'),
    pole('switch-two-pole-meter', 2, 'meter'),
    pole('switch-three-pole', 3, 'classic'),
    pole('switch-three-pole-touch', 3, 'touch'),
    pole('switch-three-pole-glass', 3, 'glass'),
    pole('switch-three-pole-meter', 3, 'meter'),
    pole('switch-four-pole', 4, 'classic'),
    pole('switch-four-pole-touch', 4, 'touch'),
    pole('switch-four-pole-glass', 4, 'glass'),
    pole('switch-four-pole-meter', 4, 'meter'),
    pole('switch-six-pole', 6, 'classic'),
    pole('switch-six-pole-touch', 6, 'touch'),
    pole('switch-six-pole-glass', 6, 'glass'),
    pole('switch-six-pole-meter', 6, 'meter'),
  ],
});
