import { MAX_POINTS } from '@hestia/contract';
import { describe, expect, it } from 'vitest';
import { CHART_RANGES, type ChartRange, niceInterval, rangeWindow } from './chart-range.ts';

const NOW = Date.UTC(2024, 5, 1, 12, 0, 0);
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

describe('rangeWindow', () => {
  it.each([
    ['5m', 5 * MIN, 5000, true],
    ['10m', 10 * MIN, 10_000, true],
    ['1h', HOUR, MIN, true],
    ['6h', 6 * HOUR, 5 * MIN, false],
    ['12h', 12 * HOUR, 10 * MIN, false],
    ['1d', DAY, 30 * MIN, false],
    ['1w', 7 * DAY, 3 * HOUR, false],
    ['1M', 30 * DAY, 12 * HOUR, false],
  ] as const)('%s ends now, spans %d ms in buckets of %d ms, live=%s', (range, span, interval, live) => {
    expect(rangeWindow(range, NOW)).toEqual({ startTs: NOW - span, endTs: NOW, interval, live });
  });

  it('keeps every fixed range within the server limits (at least 1 s buckets, at most 10,000)', () => {
    for (const range of CHART_RANGES.filter((r): r is Exclude<ChartRange, 'custom'> => r !== 'custom')) {
      const w = rangeWindow(range, NOW);
      expect(w.interval).toBeGreaterThanOrEqual(1000);
      expect((w.endTs - w.startTs) / w.interval).toBeLessThanOrEqual(MAX_POINTS);
    }
  });

  it('takes a custom range as given, never live, with a round bucket', () => {
    const w = rangeWindow('custom', NOW, { startTs: NOW - 3 * DAY, endTs: NOW - DAY });
    expect(w).toEqual({ startTs: NOW - 3 * DAY, endTs: NOW - DAY, interval: 30 * MIN, live: false });
  });

  it('swaps a reversed custom range and widens an empty one to a minute', () => {
    expect(rangeWindow('custom', NOW, { startTs: NOW, endTs: NOW - HOUR })).toMatchObject({
      startTs: NOW - HOUR,
      endTs: NOW,
    });
    expect(rangeWindow('custom', NOW, { startTs: NOW, endTs: NOW })).toMatchObject({
      startTs: NOW,
      endTs: NOW + MIN,
    });
  });

  it('refuses a custom range without bounds', () => {
    expect(() => rangeWindow('custom', NOW)).toThrow();
  });
});

describe('niceInterval', () => {
  it('picks the smallest round bucket that keeps about 96 buckets', () => {
    expect(niceInterval(HOUR)).toBe(MIN);
    expect(niceInterval(DAY)).toBe(30 * MIN);
    expect(niceInterval(366 * DAY)).toBe(7 * DAY);
  });
});
