import { describe, expect, it } from 'vitest';
import {
  axisLabel,
  formatAmount,
  formatDate,
  formatDateTime,
  formatMoney,
  fromLocalInput,
  intlLocale,
  splitDuration,
  toLocalInput,
} from './chart-format.ts';

// Nowruz 1403: 20 March 2024 is 1 Farvardin 1403 in the Jalali calendar.
const NOWRUZ_1403 = Date.UTC(2024, 2, 20, 12, 5);
const PERSIAN_DIGITS = /^[^0-9]*$/;

describe('Jalali dates for Persian', () => {
  it('uses the Persian calendar', () => {
    expect(intlLocale('fa')).toBe('fa-IR-u-ca-persian');
    expect(intlLocale('en')).toBe('en');
  });

  it('formats a date as its Jalali day, month and year, in Persian digits', () => {
    const text = formatDate(NOWRUZ_1403, 'fa', 'UTC');
    expect(text).toContain('فروردین');
    expect(text).toContain('۱۴۰۳');
    expect(text).toMatch(/^۱ /);
    expect(text).toMatch(PERSIAN_DIGITS);
  });

  it('keeps the Gregorian calendar in English', () => {
    expect(formatDate(NOWRUZ_1403, 'en', 'UTC')).toBe('Mar 20, 2024');
  });

  it('formats times and axis ticks with Persian digits', () => {
    expect(formatDateTime(NOWRUZ_1403, 'fa', 'UTC')).toContain('۱۲:۰۵');
    expect(axisLabel(NOWRUZ_1403, 3_600_000, 'fa', 'UTC')).toBe('۱۲:۰۵');
    expect(axisLabel(NOWRUZ_1403, 30 * 86_400_000, 'fa', 'UTC')).toContain('فروردین');
    expect(axisLabel(NOWRUZ_1403, 3_600_000, 'en', 'UTC')).toBe('12:05 PM');
  });

  it('formats amounts and prices in the language digits', () => {
    expect(formatAmount(12.345, 'fa')).toBe('۱۲٫۳۵');
    expect(formatAmount(12.345, 'en')).toBe('12.35');
    expect(formatMoney(3.5, 'EUR', 'en')).toBe('€3.50');
    expect(formatMoney(3.5, 'IRR', 'fa')).toMatch(PERSIAN_DIGITS);
  });
});

describe('durations and inputs', () => {
  it('splits a duration into hours and minutes', () => {
    expect(splitDuration(2 * 3_600_000 + 30 * 60_000)).toEqual([2, 30]);
    expect(splitDuration(59_000)).toEqual([0, 1]);
  });

  it('round-trips a datetime-local value', () => {
    const ts = new Date(2024, 2, 20, 8, 30).getTime();
    expect(toLocalInput(ts)).toBe('2024-03-20T08:30');
    expect(fromLocalInput('2024-03-20T08:30')).toBe(ts);
    expect(fromLocalInput('')).toBeNull();
  });
});
