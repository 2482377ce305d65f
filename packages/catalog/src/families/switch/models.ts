import { beep, boardTemperature, powerMeter, relayKeys, relays, touchPanel } from '../../capabilities.ts';
import { defineModel, relayBits, route } from '../../model.ts';
import type { ModelProfile } from '../../types.ts';

const poles = [
  [1, 'one'],
  [2, 'two'],
  [3, 'three'],
  [4, 'four'],
  [6, 'six'],
] as const;

const variants = ['classic', 'touch', 'glass', 'meter'] as const;

function pole(n: number, name: string, variant: (typeof variants)[number]): ModelProfile {
  const keys = [...relays(n), beep];
  if (variant === 'touch' || variant === 'glass') keys.push(...touchPanel(n));
  if (variant === 'glass') keys.push(...boardTemperature());
  if (variant === 'meter') keys.push(...powerMeter(relayKeys(n), 60 * n));
  return defineModel({
    // The four classic ids predate the variants and keep their names.
    id: variant === 'classic' ? `switch-${name}-pole` : `switch-${name}-pole-${variant}`,
    deviceType: `${name}-pole`,
    family: 'switch',
    variant: variant === 'classic' ? `${n}-pole` : `${n}-pole-${variant}`,
    icon: 'switch',
    features: [
      'quick_toggle',
      ...(n > 1 ? (['master_power'] as const) : []),
      ...(variant === 'meter' ? (['power_metering'] as const) : []),
    ],
    toggleKeys: relayKeys(n),
    keys,
    route: route(`${name}-pole`),
    errors: variant === 'classic' ? [] : ['device.error'],
    addMap: relayBits(n),
  });
}

export const switchModels: ModelProfile[] = poles.flatMap(([n, name]) =>
  variants.map((v) => pole(n, name, v)),
);
