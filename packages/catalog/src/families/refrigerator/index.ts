import { codesOf } from '../../errors/index.ts';
import { defineFamily } from '../../family.ts';
import { flag, onOff, reading, setting } from '../../keys.ts';
import { defineModel, route } from '../../model.ts';
import { rule } from '../../rule-kit.ts';
import type { Condition, KeyDef, Rule } from '../../types.ts';

type Kind = 'combi' | 'refrigerator' | 'freezer-refrigerator';

const fridgeWarm: Condition = { not: { key: 'fridge_temperature', below: 'fridge_setpoint' } };
const freezerWarm: Condition = { not: { key: 'freezer_temperature', below: 'freezer_setpoint' } };

function fridgeKeys(kind: Kind): KeyDef[] {
  const freezer = kind !== 'refrigerator';
  const keys: KeyDef[] = [
    setting('fridge_setpoint', 'setpoints', 2, 8, 4, { unit: '°C', source: 'chosen' }),
    reading('fridge_temperature', -10, 30, {
      unit: '°C',
      source: 'chosen',
      sim: { type: 'drift', toward: 'fridge_setpoint', perMinute: 0.5, initial: 8, idle: 8 },
    }),
    // Display flags (spec section 3).
    onOff('lock', 'display', 0),
    onOff('economic', 'display', 0),
    onOff('mute', 'display', 0),
    onOff('supercool', 'display', 0),
    onOff('lightseg', 'display', 1),
    onOff('test_mode', 'service', 0, { source: 'chosen' }),
    reading('evaporator_temperature', -40, 30, { unit: '°C', initial: -20, source: 'chosen' }),
    reading('ambient_temperature', -10, 50, { unit: '°C', initial: 24, source: 'chosen' }),
    flag('compressor', freezer ? { any: [fridgeWarm, freezerWarm] } : fridgeWarm, { source: 'chosen' }),
    flag('condenser_fan', freezer ? { any: [fridgeWarm, freezerWarm] } : fridgeWarm, { source: 'chosen' }),
    flag('defrost_heater', undefined, { source: 'chosen' }),
    flag('fridge_door', undefined, {
      source: 'chosen',
      sim: { type: 'event', everyMs: 90_000, cycle: [1, 0] },
    }),
  ];
  if (freezer) {
    keys.push(
      setting('freezer_setpoint', 'setpoints', -24, -16, -18, { unit: '°C', source: 'chosen' }),
      reading('freezer_temperature', -40, 30, {
        unit: '°C',
        source: 'chosen',
        sim: { type: 'drift', toward: 'freezer_setpoint', perMinute: 0.5, initial: -10, idle: -10 },
      }),
      onOff('superfrost', 'display', 0),
      flag('freezer_fan', freezerWarm, { source: 'chosen' }),
      flag('freezer_door', undefined, { source: 'chosen' }),
    );
  }
  if (kind === 'freezer-refrigerator') {
    keys.push(
      onOff('iceon', 'display', 1),
      onOff('waterfilter', 'display', 0),
      reading('ice_maker_temperature', -30, 30, { unit: '°C', initial: -12, source: 'chosen' }),
    );
  }
  return keys;
}

function fridgeRules(kind: Kind): Rule[] {
  const setpoints = kind === 'refrigerator' ? ['fridge_setpoint'] : ['fridge_setpoint', 'freezer_setpoint'];
  const fast = kind === 'refrigerator' ? ['supercool'] : ['supercool', 'superfrost'];
  return [
    rule('no_temperature_in_test_mode', { key: 'test_mode', eq: 1 }, setpoints, 'rule.test_mode'),
    // Fast freeze or cool and eco exclude each other: disable one before enabling the other.
    rule(
      'eco_needs_fast_off',
      { any: fast.map((key) => ({ key, eq: 1 })) },
      [{ key: 'economic', value: 1 }],
      'rule.disable_fast_freeze_eco',
    ),
    rule(
      'fast_needs_eco_off',
      { key: 'economic', eq: 1 },
      fast.map((key) => ({ key, value: 1 })),
      'rule.disable_fast_freeze_eco',
    ),
  ];
}

const lineup: [string, Kind, string, string][] = [
  ['refrigerator-combi-generic-bottom-freezer', 'combi', 'combi-refrigerator', 'generic-bottom-freezer'],
  ['refrigerator-combi-generic-top-freezer', 'combi', 'combi-refrigerator', 'generic-top-freezer'],
  ['refrigerator-combi-aria-nofrost', 'combi', 'combi-refrigerator', 'aria-nofrost'],
  ['refrigerator-combi-nova-nofrost', 'combi', 'combi-refrigerator', 'nova-nofrost'],
  ['refrigerator-combi-slim-55', 'combi', 'combi-refrigerator', 'slim-55'],
  ['refrigerator-combi-xl-70', 'combi', 'combi-refrigerator', 'xl-70'],
  ['refrigerator-only-single-door', 'refrigerator', 'refrigerator-screen', 'single-door'],
  ['refrigerator-only-larder', 'refrigerator', 'refrigerator-screen', 'larder'],
  ['refrigerator-only-built-in', 'refrigerator', 'refrigerator-screen', 'built-in'],
  ['refrigerator-only-mini', 'refrigerator', 'refrigerator-screen', 'mini'],
  [
    'refrigerator-freezer-refrigerator-side-by-side',
    'freezer-refrigerator',
    'freezer-refrigerator',
    'side-by-side',
  ],
  [
    'refrigerator-freezer-refrigerator-side-by-side-dispenser',
    'freezer-refrigerator',
    'freezer-refrigerator',
    'side-by-side-dispenser',
  ],
  [
    'refrigerator-freezer-refrigerator-french-door',
    'freezer-refrigerator',
    'freezer-refrigerator',
    'french-door',
  ],
  ['refrigerator-freezer-refrigerator-twin', 'freezer-refrigerator', 'freezer-refrigerator', 'twin'],
];

const kindErrors: Record<Kind, string[]> = {
  combi: codesOf('fridge.').filter((c) => !c.includes('ice_maker') && !c.includes('water_dispenser')),
  refrigerator: codesOf('fridge.').filter((c) => !/freezer|ice_maker|water_dispenser/.test(c)),
  'freezer-refrigerator': codesOf('fridge.'),
};

export default defineFamily({
  id: 'refrigerator',
  models: lineup.map(([id, kind, screen, variant]) =>
    defineModel({
      id,
      deviceType: screen,
      variant: `${kind}-${variant}`,
      features: ['temperature', 'setpoint', 'lock'],
      parts: fridgeKeys(kind),
      route: route(screen),
      rules: fridgeRules(kind),
      errors: ['device.error', ...kindErrors[kind]],
    }),
  ),
});
