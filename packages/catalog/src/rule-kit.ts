import type { Condition, Forbidden, Limit, Rule, Source } from './types.ts';

/** Builders for the rules and limits families share (spec sections 4 and 5). */
export const rule = (
  id: string,
  when: Condition,
  forbid: readonly Forbidden[],
  error: string,
  source: Source = 'given',
): Rule => ({
  id,
  when,
  forbid,
  error,
  source,
});

export const limit = (l: Limit): Limit => l;

/** A timer cannot be added while the device is off or in auto mode. */
export function timerRule(timerKeys: readonly string[], powerKey: string, auto?: Condition): Rule {
  const off: Condition = { key: powerKey, eq: 0 };
  return rule('timer_off_or_auto', auto ? { any: [off, auto] } : off, timerKeys, 'rule.timer_off_or_auto');
}

/** Timers up to 10 h, or 1 h 39 min (99 min) on two-digit displays; in minutes. */
export const TIMER_MAX_MIN = 600;
export const TIMER_SHORT_MAX_MIN = 99;

/** Water heater and boiler set temperature 30 to 75. */
export const HOT_WATER_MIN = 30;
export const HOT_WATER_MAX = 75;
