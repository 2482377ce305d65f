import { defineFamily } from '../../family.ts';
import { defineModel, route } from '../../model.ts';
import { rule } from '../../rule-kit.ts';
import { cavity, ovenCommon } from './cavity.ts';

const errors = [
  'device.error',
  'sensor.open',
  'sensor.short',
  'sensor.not_connected',
  'sensor.probe_not_connected',
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
}) {
  const common = ovenCommon();
  const cavities = [cavity({ suffix: '', maxElements: opts.maxElements, probe: opts.probe, fork: true })];
  if (opts.double) cavities.push(cavity({ suffix: '_2', maxElements: 2, probe: false, fork: false }));
  const cookingKeys = cavities.map((_, i) => (i === 0 ? 'cooking' : 'cooking_2'));
  return defineModel({
    id: opts.id,
    deviceType: opts.deviceType,
    variant: opts.variant,
    ...(opts.brand ? { brand: opts.brand } : {}),
    features: ['temperature', 'setpoint', 'timer', 'program', 'lock'],
    parts: [common, ...cavities],
    route: route(opts.routeName, opts.routeGiven ? 'given' : 'chosen'),
    rules: [
      rule(
        'power_off_needs_stop',
        { any: cookingKeys.map((key) => ({ key, eq: 1 })) },
        [{ key: 'power', value: 0 }],
        'rule.stop_cooking_first',
      ),
    ],
    errors,
  });
}

/** Built-in ovens of 60 and 90 cm; brand variants (names chosen: the spec says only that they exist). */
const builtIn = (id: string, brand: string, size: '60cm' | '90cm') =>
  oven({
    id,
    deviceType: 'built-in-oven',
    variant: `built-in-${size}`,
    brand,
    routeName: brand === 'generic' ? 'built-in-oven' : `built-in-oven-${brand}`,
    routeGiven: false,
    maxElements: 3,
    probe: size === '90cm' || brand !== 'generic',
  });

const double = (id: string, brand: string) =>
  oven({
    id,
    deviceType: 'double-oven',
    variant: 'double',
    brand,
    routeName: 'double-oven',
    routeGiven: true,
    double: true,
    maxElements: 3,
    probe: true,
  });

const compact = (id: string, brand: string) =>
  oven({
    id,
    deviceType: 'compact-oven',
    variant: 'compact',
    brand,
    routeName: 'compact-oven',
    routeGiven: false,
    maxElements: 2,
    probe: false,
  });

export default defineFamily({
  id: 'oven',
  models: [
    builtIn('oven-built-in-generic-60cm', 'generic', '60cm'),
    builtIn('oven-built-in-generic-90cm', 'generic', '90cm'),
    builtIn('oven-built-in-aria-60cm', 'aria', '60cm'),
    builtIn('oven-built-in-aria-90cm', 'aria', '90cm'),
    builtIn('oven-built-in-nova-60cm', 'nova', '60cm'),
    builtIn('oven-built-in-nova-90cm', 'nova', '90cm'),
    builtIn('oven-built-in-zagros-60cm', 'zagros', '60cm'),
    builtIn('oven-built-in-zagros-90cm', 'zagros', '90cm'),
    builtIn('oven-built-in-helia-60cm', 'helia', '60cm'),
    builtIn('oven-built-in-helia-90cm', 'helia', '90cm'),
    builtIn('oven-built-in-sorena-60cm', 'sorena', '60cm'),
    builtIn('oven-built-in-sorena-90cm', 'sorena', '90cm'),
    builtIn('oven-built-in-lilac-60cm', 'lilac', '60cm'),
    builtIn('oven-built-in-lilac-90cm', 'lilac', '90cm'),
    builtIn('oven-built-in-tara-60cm', 'tara', '60cm'),
    builtIn('oven-built-in-tara-90cm', 'tara', '90cm'),
    builtIn('oven-built-in-pars-60cm', 'pars', '60cm'),
    builtIn('oven-built-in-pars-90cm', 'pars', '90cm'),
    builtIn('oven-built-in-delta-60cm', 'delta', '60cm'),
    builtIn('oven-built-in-delta-90cm', 'delta', '90cm'),
    builtIn('oven-built-in-orion-60cm', 'orion', '60cm'),
    builtIn('oven-built-in-orion-90cm', 'orion', '90cm'),
    builtIn('oven-built-in-vega-60cm', 'vega', '60cm'),
    builtIn('oven-built-in-vega-90cm', 'vega', '90cm'),
    double('oven-double-generic', 'generic'),
    double('oven-double-aria', 'aria'),
    double('oven-double-nova', 'nova'),
    compact('oven-compact-generic', 'generic'),
    compact('oven-compact-aria', 'aria'),
    compact('oven-compact-nova', 'nova'),
    compact('oven-compact-helia', 'helia'),
  ],
});
