import { describe, expect, it } from 'vitest';
import {
  formatJalaliDate,
  jalaliDateAt,
  PERSIAN_MONTH_NAMES,
  persianMonthName,
  toLatinDigits,
  toPersianDigits,
} from './jalali.ts';

const TEHRAN = 'Asia/Tehran';

describe('Jalali dates', () => {
  it('puts Nowruz 1404 on 21 March 2025 in Tehran', () => {
    expect(jalaliDateAt(Date.parse('2025-03-21T06:00:00Z'), TEHRAN)).toEqual({
      year: 1404,
      month: 1,
      day: 1,
    });
    expect(jalaliDateAt(Date.parse('2025-03-20T06:00:00Z'), TEHRAN)).toEqual({
      year: 1403,
      month: 12,
      day: 30,
    });
  });

  it('reads the date in the given time zone, not UTC', () => {
    // 22:00 UTC on 20 March 2025 is already 21 March (01:30) in Tehran.
    const instant = Date.parse('2025-03-20T22:00:00Z');
    expect(jalaliDateAt(instant, TEHRAN).day).toBe(1);
    expect(jalaliDateAt(instant, 'UTC').day).toBe(30);
  });

  it('names every month as the persian calendar of Intl does', () => {
    const intl = new Intl.DateTimeFormat('fa-IR-u-ca-persian', { month: 'long', timeZone: TEHRAN });
    for (let month = 1; month <= 12; month++) {
      // The 10th day of each Jalali month of 1404: six months of 31 days, then months of 30.
      const firstDay = month <= 7 ? 31 * (month - 1) : 186 + 30 * (month - 7);
      const instant = Date.parse('2025-03-21T08:00:00Z') + (firstDay + 9) * 86_400_000;
      expect(jalaliDateAt(instant, TEHRAN).month).toBe(month);
      expect(persianMonthName(month)).toBe(intl.format(instant));
    }
    expect(PERSIAN_MONTH_NAMES).toHaveLength(12);
    expect(() => persianMonthName(13)).toThrow(RangeError);
  });

  it('formats with Persian digits, weekday and time', () => {
    const instant = Date.parse('2025-03-21T03:35:00Z'); // Friday 07:05 in Tehran
    expect(formatJalaliDate(instant, TEHRAN)).toBe('۱ فروردین ۱۴۰۴');
    expect(formatJalaliDate(instant, TEHRAN, { weekday: true, time: true })).toBe(
      'جمعه ۱ فروردین ۱۴۰۴ ساعت ۰۷:۰۵',
    );
  });

  it('converts digits both ways', () => {
    expect(toPersianDigits('12:05 and 1404')).toBe('۱۲:۰۵ and ۱۴۰۴');
    expect(toLatinDigits('۱۲:۰۵ ٣')).toBe('12:05 3');
  });
});
