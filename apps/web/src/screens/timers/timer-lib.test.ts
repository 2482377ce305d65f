import { PERSIAN_MONTH_NAMES } from '@hestia/automation';
import { getProfile } from '@hestia/catalog';
import { describe, expect, it } from 'vitest';
import {
  civilDateOf,
  daysInShownMonth,
  defaultTimerActions,
  formatRun,
  fromShown,
  gregorianOfJalali,
  instantOf,
  maxTimerMinutes,
  monthNames,
  timerRefusal,
  toShown,
  weekdayNames,
} from './timer-lib.ts';

const profile = (id: string) => {
  const p = getProfile(id);
  if (!p) throw new Error(`no profile ${id}`);
  return p;
};

describe('dates in the language calendar', () => {
  it('converts Jalali dates to Gregorian at known new years and leap days', () => {
    expect(gregorianOfJalali({ year: 1403, month: 1, day: 1 })).toEqual({ year: 2024, month: 3, day: 20 });
    expect(gregorianOfJalali({ year: 1404, month: 1, day: 1 })).toEqual({ year: 2025, month: 3, day: 21 });
    expect(gregorianOfJalali({ year: 1403, month: 12, day: 30 })).toEqual({ year: 2025, month: 3, day: 20 });
    expect(gregorianOfJalali({ year: 1405, month: 9, day: 4 })).toEqual({ year: 2026, month: 11, day: 25 });
  });

  it('round-trips every day of ten years through the Persian calendar', () => {
    for (let ms = Date.UTC(2020, 0, 1, 12); ms < Date.UTC(2030, 0, 1); ms += 86_400_000) {
      const d = new Date(ms);
      const date = { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
      const shown = toShown(date, 'fa');
      expect(shown.day).toBeLessThanOrEqual(daysInShownMonth(shown.year, shown.month, 'fa'));
      expect(fromShown(shown, 'fa')).toEqual(date);
    }
  });

  it('knows the length of Esfand in leap and common years, and Gregorian months elsewhere', () => {
    expect(daysInShownMonth(1403, 12, 'fa')).toBe(30);
    expect(daysInShownMonth(1404, 12, 'fa')).toBe(29);
    expect(daysInShownMonth(1404, 7, 'fa')).toBe(30);
    expect(daysInShownMonth(1404, 6, 'fa')).toBe(31);
    expect(daysInShownMonth(2024, 2, 'en')).toBe(29);
    expect(toShown({ year: 2024, month: 2, day: 29 }, 'tr')).toEqual({ year: 2024, month: 2, day: 29 });
  });

  it('names Persian months in fa and weekdays Saturday to Friday', () => {
    expect(monthNames('fa')).toEqual([...PERSIAN_MONTH_NAMES]);
    expect(monthNames('en')[0]).toBe('January');
    expect(weekdayNames('en')).toEqual(['Sat', 'Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri']);
  });

  it('reads and writes wall-clock times in the user zone', () => {
    const at = instantOf({ year: 2026, month: 3, day: 1 }, '07:30', 'Asia/Tehran');
    expect(at).toBe(Date.UTC(2026, 2, 1, 4, 0));
    expect(civilDateOf(Date.UTC(2026, 2, 1, 21, 0), 'Asia/Tehran')).toEqual({ year: 2026, month: 3, day: 2 });
  });
});

describe('catalogue rules for a timer', () => {
  it('refuses a timer while a fan is off and allows it once on', () => {
    const fan = profile('fan-ceiling');
    const actions = [{ deviceParameterId: 'onoff', value: 0 }];
    expect(timerRefusal(fan, { onoff: 0 }, actions, 30)?.code).toBe('rule.timer_off_or_auto');
    expect(timerRefusal(fan, { onoff: '1' }, actions, 30)).toBeNull();
  });

  it("refuses a cooktop element's timer while that element is off, not another's", () => {
    const cooktop = profile('cooktop-4-element-glass');
    const element1 = [{ deviceParameterId: 'stage_1', value: 0 }];
    expect(timerRefusal(cooktop, { stage_1: 0, stage_2: 5 }, element1, 10)?.code).toBe('rule.flame_off');
    expect(timerRefusal(cooktop, { stage_1: 4, stage_2: 0 }, element1, 10)).toBeNull();
  });

  it('has nothing to refuse for a switch, and caps timers by the device timer', () => {
    const sw = profile('switch-two-pole');
    expect(timerRefusal(sw, { relay_1: 0 }, [{ deviceParameterId: 'relay_1', value: 1 }], 30)).toBeNull();
    expect(maxTimerMinutes(sw, [])).toBe(600);
    expect(maxTimerMinutes(profile('cooler-3500'), [{ deviceParameterId: 'onoff', value: 0 }])).toBe(99);
  });
});

describe("a new timer's default actions", () => {
  it('turns off the outputs that are on and on the ones that are off, never off what is already off', () => {
    const two = profile('switch-two-pole');
    expect(defaultTimerActions(two, { relay_1: 1, relay_2: 0 })).toEqual([
      { deviceParameterId: 'relay_1', value: 0 },
      { deviceParameterId: 'relay_2', value: 1 },
    ]);
    expect(defaultTimerActions(two, { relay_2: true })).toEqual([{ deviceParameterId: 'relay_2', value: 0 }]);
    expect(defaultTimerActions(undefined, { relay_1: 1 })).toEqual([]);
  });
});

describe('a schedule run by the one date-time formatter', () => {
  it('writes the weekday and the date-time as every other screen does', () => {
    const at = Date.UTC(2024, 2, 20, 4, 0);
    expect(formatRun(at, 'en', 'UTC')).toBe('Wed, Mar 20, 2024, 04:00 AM');
    expect(formatRun(at, 'fa', 'UTC')).toContain('۱ فروردین ۱۴۰۳');
    expect(formatRun(at, 'fa', 'UTC')).toContain('۰۴:۰۰');
  });
});
