import { defineFamily } from '../../family.ts';
import { flag, onOff, reading, request, setting } from '../../keys.ts';
import { defineModel, route } from '../../model.ts';
import { rule, TIMER_SHORT_MAX_MIN } from '../../rule-kit.ts';
import type { KeyDef } from '../../types.ts';

/** Gas stoves with 2 to 5 flames: per-flame level registers flame1..flame5 (0 off, 1..9). */
function stoveKeys(flames: number): KeyDef[] {
  const keys: KeyDef[] = [onOff('power', 'control', 0)];
  const flameKeys = Array.from({ length: flames }, (_, i) => `flame${i + 1}`);
  for (const key of flameKeys) keys.push(setting(key, 'flames', 0, 9, 0, { source: 'chosen' }));
  keys.push(
    reading('flame_status', 0, 2 ** flames - 1, { initial: 0, source: 'chosen' }),
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
