import { defineFamily } from '../../family.ts';
import { choice, flag, onOff, range, reading, setting } from '../../keys.ts';
import { defineModel, route } from '../../model.ts';
import { limit, rule } from '../../rule-kit.ts';
import type { Condition, KeyDef } from '../../types.ts';

const cooking: Condition = { key: 'cooking', eq: 1 };
const start = [{ key: 'cooking', value: 1 }];

/** Defrost mode: 0 none, 1 by time, 2 by weight (chosen). */
function microwaveKeys(grill: boolean, convection: boolean): KeyDef[] {
  const keys: KeyDef[] = [
    onOff('cooking', 'cooking', 0, { source: 'chosen' }),
    choice('program', 'cooking', range(0, 12), 0, { source: 'chosen' }),
    choice('power_level', 'cooking', range(1, 10), 10, { source: 'chosen' }),
    setting('micro_timer_minute', 'cooking', 0, 90, 0, {
      unit: 'min',
      source: 'chosen',
      sim: { type: 'countdown', unitMs: 60_000, while: cooking, onZero: { cooking: 0 } },
    }),
    setting('micro_timer_second', 'cooking', 0, 59, 0, { unit: 's', source: 'chosen' }),
    choice('defrost_mode', 'cooking', [0, 1, 2], 0, { source: 'chosen' }),
    setting('weight', 'cooking', 0, 3000, 0, { unit: 'g', step: 50, source: 'chosen' }),
    onOff('lock', 'settings', 0),
    onOff('mute', 'settings', 0),
    flag('door', undefined, { source: 'chosen' }),
    flag('magnetron', cooking, { source: 'chosen' }),
  ];
  if (grill) keys.push(onOff('grill', 'cooking', 0, { source: 'chosen' }));
  if (convection) {
    keys.push(
      setting('setpoint', 'cooking', 50, 230, 180, { unit: '°C', step: 10, source: 'chosen' }),
      reading('sensor_temperature', 0, 250, {
        unit: '°C',
        sim: { type: 'drift', toward: 'setpoint', perMinute: 20, initial: 25, idle: 25, while: cooking },
      }),
    );
  }
  return keys;
}

const variants = [
  ['microwave-solo-20l', 'solo-20l', false, false],
  ['microwave-solo-25l', 'solo-25l', false, false],
  ['microwave-grill-25l', 'grill-25l', true, false],
  ['microwave-grill-30l', 'grill-30l', true, false],
  ['microwave-convection-30l', 'convection-30l', true, true],
  ['microwave-convection-34l', 'convection-34l', true, true],
  ['microwave-built-in-grill', 'built-in-grill', true, false],
  ['microwave-built-in-convection', 'built-in-convection', true, true],
] as const;

export default defineFamily({
  id: 'microwave',
  models: variants.map(([id, variant, grill, convection]) =>
    defineModel({
      id,
      deviceType: 'microwave',
      variant,
      features: ['timer', 'program', 'lock'],
      parts: microwaveKeys(grill, convection),
      route: route(
        variant.startsWith('solo') ? 'microwave' : `microwave-${variant.split('-')[0]}`,
        variant.startsWith('solo') ? 'given' : 'chosen',
      ),
      rules: [
        rule(
          'no_change_while_cooking',
          cooking,
          ['micro_timer_minute', 'micro_timer_second', 'power_level', 'program', 'weight'],
          'rule.cooking_in_progress',
        ),
        rule(
          'time_first',
          {
            all: [
              { key: 'micro_timer_minute', eq: 0 },
              { key: 'micro_timer_second', eq: 0 },
            ],
          },
          start,
          'rule.time_first',
        ),
        rule('door_closed', { key: 'door', eq: 1 }, start, 'rule.door_open'),
        rule('lock_disabled', { key: 'lock', eq: 1 }, start, 'rule.lock_enabled'),
        rule(
          'weight_first',
          {
            all: [
              { key: 'defrost_mode', eq: 2 },
              { key: 'weight', eq: 0 },
            ],
          },
          start,
          'rule.weight_first',
        ),
        rule('program_first', { key: 'program', eq: 0 }, start, 'rule.program_first'),
      ],
      limits: [
        // Microwave values cannot exceed 90 (minutes) or 60 (seconds in a minute's count).
        limit({
          id: 'microwave_minutes',
          keys: ['micro_timer_minute'],
          max: 90,
          error: 'limit.microwave_cap',
          source: 'given',
        }),
        limit({
          id: 'microwave_seconds',
          keys: ['micro_timer_second'],
          max: 60,
          error: 'limit.microwave_cap',
          source: 'given',
        }),
      ],
      errors: ['device.error', 'sensor.temperature'],
    }),
  ),
});
