import { describe, expect, it } from 'vitest';
import {
  browserTimeZone,
  formatDateTime,
  formatRelative,
  formatTime,
  gregorianMonthNames,
  weekdayNames,
} from './date-format.ts';

describe('the one date formatter', () => {
  it('names weekdays Saturday first and Gregorian months January first, in the language', () => {
    expect(weekdayNames('en')).toEqual(['Sat', 'Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri']);
    expect(weekdayNames('en', 'long')[0]).toBe('Saturday');
    expect(weekdayNames('fa')[0]).toBe('شنبه');
    expect(gregorianMonthNames('en')[0]).toBe('January');
    expect(gregorianMonthNames('tr')[11]).toBe('Aralık');
  });

  it('writes how long ago an instant was', () => {
    const now = Date.UTC(2025, 0, 1, 12);
    expect(formatRelative(now - 5 * 60_000, 'en', now)).toBe('5 minutes ago');
    expect(formatRelative(now - 26 * 3_600_000, 'en', now)).toBe('yesterday');
    expect(formatRelative(now - 3 * 3_600_000, 'fa', now)).toMatch(/۳/);
  });

  it('writes a run with seconds in Persian digits and the Jalali calendar in fa', () => {
    const ts = Date.UTC(2024, 2, 20, 8, 5, 9);
    expect(formatDateTime(ts, 'fa', 'UTC', { seconds: true })).toContain('۱۴۰۳');
    expect(formatTime(ts, 'en', true, 'UTC')).toMatch(/08:05:09/);
    expect(browserTimeZone()).toBeTruthy();
  });
});

/** Every date on screen goes through lib/date-format.ts: no screen builds its own formatter. */
describe('no other date formatters', () => {
  const sources = import.meta.glob<string>(['../**/*.ts', '../**/*.tsx', '!../**/*.test.ts'], {
    query: '?raw',
    import: 'default',
    eager: true,
  });
  it('finds Intl date and relative-time formatters and toLocale…String only in lib/date-format.ts', () => {
    expect(Object.keys(sources).length).toBeGreaterThan(50);
    const offenders = Object.entries(sources)
      .filter(([path]) => path !== './date-format.ts')
      .filter(([, text]) => /Intl\.(DateTimeFormat|RelativeTimeFormat)|\.toLocale\w*String\(/.test(text))
      .map(([path]) => path);
    expect(offenders).toEqual([]);
  });
});
