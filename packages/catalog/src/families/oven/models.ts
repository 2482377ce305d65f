import { defineModel, route } from '../../model.ts';
import { rule } from '../../rule-kit.ts';
import type { ModelProfile } from '../../types.ts';
import { cavity, ovenCommon } from './cavity.ts';

const errors = [
  'device.error',
  'sensor.open',
  'sensor.short',
  'sensor.not_connected',
  'sensor.probe_not_connected',
];

/** Brand variants of the built-in oven (brand names chosen; the spec says only that they exist). */
const builtInBrands = [
  'generic',
  'aria',
  'nova',
  'zagros',
  'helia',
  'sorena',
  'lilac',
  'tara',
  'pars',
  'delta',
  'orion',
  'vega',
];

function oven(opts: {
  id: string;
  deviceType: string;
  variant: string;
  brand?: string;
  routeName: string;
  routeGiven: boolean;
  double?: boolean;
  maxElements: number;
  probe: boolean;
}): ModelProfile {
  const common = ovenCommon();
  const cavities = [cavity({ suffix: '', maxElements: opts.maxElements, probe: opts.probe, fork: true })];
  if (opts.double) cavities.push(cavity({ suffix: '_2', maxElements: 2, probe: false, fork: false }));
  const cookingKeys = cavities.map((_, i) => (i === 0 ? 'cooking' : 'cooking_2'));
  return defineModel({
    id: opts.id,
    deviceType: opts.deviceType,
    family: 'oven',
    variant: opts.variant,
    ...(opts.brand ? { brand: opts.brand } : {}),
    features: ['temperature', 'setpoint', 'timer', 'program', 'lock'],
    keys: [...common.keys, ...cavities.flatMap((c) => c.keys)],
    route: route(opts.routeName, opts.routeGiven ? 'given' : 'chosen'),
    rules: [
      ...cavities.flatMap((c) => c.rules),
      rule(
        'power_off_needs_stop',
        { any: cookingKeys.map((key) => ({ key, eq: 1 })) },
        [{ key: 'power', value: 0 }],
        'rule.stop_cooking_first',
      ),
    ],
    limits: cavities.flatMap((c) => c.limits),
    errors,
  });
}

export const ovenModels: ModelProfile[] = [
  ...builtInBrands.flatMap((brand) =>
    (['60cm', '90cm'] as const).map((size) =>
      oven({
        id: `oven-built-in-${brand}-${size}`,
        deviceType: 'built-in-oven',
        variant: `built-in-${size}`,
        brand,
        routeName: brand === 'generic' ? 'built-in-oven' : `built-in-oven-${brand}`,
        routeGiven: false,
        maxElements: 3,
        probe: size === '90cm' || brand !== 'generic',
      }),
    ),
  ),
  ...(['generic', 'aria', 'nova'] as const).map((brand) =>
    oven({
      id: `oven-double-${brand}`,
      deviceType: 'double-oven',
      variant: 'double',
      brand,
      routeName: 'double-oven',
      routeGiven: true,
      double: true,
      maxElements: 3,
      probe: true,
    }),
  ),
  ...(['generic', 'aria', 'nova', 'helia'] as const).map((brand) =>
    oven({
      id: `oven-compact-${brand}`,
      deviceType: 'compact-oven',
      variant: 'compact',
      brand,
      routeName: 'compact-oven',
      routeGiven: false,
      maxElements: 2,
      probe: false,
    }),
  ),
];
