import { defineFamily } from '../../family.ts';
import { flag, onOff, reading, request, setting } from '../../keys.ts';
import { defineModel, route } from '../../model.ts';
import { rule, TIMER_SHORT_MAX_MIN } from '../../rule-kit.ts';
import type { Condition, KeyDef } from '../../types.ts';

/**
 * Which burners burn, as the stove reports them in `flame_status`: bit i (value 2^i) for `flame{i+1}`.
 * A burner burns while the stove is on, its level is above 0 and no gas is detected (the gas valve
 * shuts on a gas fault); turning all off sets every level to 0, so the status follows. One case per
 * combination of lit burners, the most lit first; with none the status is 0.
 */
export function flameStatusCases(flameKeys: readonly string[]): { when: Condition; value: number }[] {
  const cases: { when: Condition; value: number }[] = [];
  const burning: Condition[] = [
    { key: 'power', eq: 1 },
    { key: 'gas_detected', eq: 0 },
  ];
  for (let mask = 2 ** flameKeys.length - 1; mask > 0; mask--)
    cases.push({
      when: {
        all: [
          ...burning,
          ...flameKeys.map((key, i): Condition => (mask & (1 << i) ? { key, min: 1 } : { key, eq: 0 })),
        ],
      },
      value: mask,
    });
  cases.push({ when: { all: [] }, value: 0 });
  return cases;
}

/** Gas stoves with 2 to 5 flames: per-flame level registers flame1..flame5 (0 off, 1..9). */
function stoveKeys(flames: number): KeyDef[] {
  const keys: KeyDef[] = [onOff('power', 'control', 0)];
  const flameKeys = Array.from({ length: flames }, (_, i) => `flame${i + 1}`);
  for (const key of flameKeys) keys.push(setting(key, 'flames', 0, 9, 0, { source: 'chosen' }));
  keys.push(
    reading('flame_status', 0, 2 ** flames - 1, {
      source: 'chosen',
      sim: { type: 'cases', cases: flameStatusCases(flameKeys) },
    }),
    onOff('mute', 'settings', 0),
    onOff('lock', 'settings', 0),
    setting('back_light', 'settings', 0, 100, 50, { unit: '%' }),
    request('turn_off_all', 'flames', {
      sim: { type: 'apply', values: Object.fromEntries(flameKeys.map((k) => [k, 0])) },
    }),
    onOff('timer_type_is_second', 'settings', 0),
    setting('stove_timer', 'timer', 0, TIMER_SHORT_MAX_MIN, 0, {
      unit: 'min',
      source: 'chosen',
      sim: { type: 'countdown', unitMs: 60_000, while: { key: 'power', eq: 1 } },
    }),
    flag('zero_cross_detected', undefined, { sim: { type: 'state', initial: 1 } }),
    flag('gas_detected'),
  );
  return keys;
}

function stove(id: string, n: number, finish: 'glass' | 'steel') {
  return defineModel({
    id,
    deviceType: 'stove',
    variant: `${n}-flame-${finish}`,
    features: ['timer', 'lock'],
    parts: stoveKeys(n),
    route: route('stove'),
    rules: [
      rule('lock_standby_only', { key: 'power', eq: 1 }, [{ key: 'lock', value: 1 }], 'rule.standby_only'),
      rule('timer_needs_power', { key: 'power', eq: 0 }, ['stove_timer'], 'rule.timer_off_or_auto'),
    ],
    errors: ['device.error', 'gas.detected', 'sensor.temperature'],
  });
}

export default defineFamily({
  id: 'stove',
  models: [
    stove('stove-2-flame-glass', 2, 'glass'),
    stove('stove-2-flame-steel', 2, 'steel'),
    stove('stove-3-flame-glass', 3, 'glass'),
    stove('stove-3-flame-steel', 3, 'steel'),
    stove('stove-4-flame-glass', 4, 'glass'),
    stove('stove-4-flame-steel', 4, 'steel'),
    stove('stove-5-flame-glass', 5, 'glass'),
    stove('stove-5-flame-steel', 5, 'steel'),
  ],
});
