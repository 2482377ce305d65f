import { describe, expect, it } from 'vitest';
import { clockOffset, defaultDayBounds, isDayTime } from './clock.ts';

describe('clock offset (spec sections 4 and 9)', () => {
  it('is 0 when the clocks differ by 60 s or less', () => {
    expect(clockOffset(1_060_000, 1_000_000, 1_000_000)).toBe(0);
    expect(clockOffset(940_000, 1_000_000, 1_000_000)).toBe(0);
    expect(clockOffset(1_000_000, 1_000_000, 1_000_000)).toBe(0);
  });

  it('is server minus local when over 60 s, either way', () => {
    expect(clockOffset(1_060_001, 1_000_000, 1_000_000)).toBe(60_001);
    expect(clockOffset(0, 3_600_000, 3_600_000)).toBe(-3_600_000);
  });

  it('compares with the middle of the round trip', () => {
    expect(clockOffset(2_000_000, 1_000_000, 1_400_000)).toBe(800_000);
  });
});

describe('day/night flag', () => {
  it('is day between the bounds', () => {
    const [rise, set] = defaultDayBounds(new Date(2025, 5, 1, 12).getTime());
    expect(isDayTime(new Date(2025, 5, 1, 12).getTime(), rise, set)).toBe(true);
    expect(isDayTime(new Date(2025, 5, 1, 5, 59).getTime(), rise, set)).toBe(false);
    expect(isDayTime(new Date(2025, 5, 1, 18).getTime(), rise, set)).toBe(false);
  });
});
