import { describe, expect, it } from 'vitest';
import { changes, energyByBucket, localBucket, onTime } from './report-math.ts';

const H = 3_600_000;
const T0 = Date.UTC(2026, 5, 1, 0, 0, 0);

describe('energy', () => {
  it('integrates a steady 1 kW load to 1 kWh an hour', () => {
    const power = Array.from({ length: 121 }, (_, i) => ({ ts: T0 + i * 60_000, value: 1000 }));
    expect(energyByBucket(power, { startTs: T0, endTs: T0 + 2 * H }, 'HOUR', 'UTC')).toEqual([
      { bucket: '2026-06-01T00', startTs: T0, kwh: 1 },
      { bucket: '2026-06-01T01', startTs: T0 + H, kwh: 1 },
    ]);
  });

  it('uses trapezoids and ignores gaps longer than 15 minutes', () => {
    const power = [
      { ts: T0, value: 0 },
      { ts: T0 + 10 * 60_000, value: 600 },
      { ts: T0 + 50 * 60_000, value: 600 },
    ];
    // 0→600 W over 10 min = 300 W average × 1/6 h = 0.05 kWh; the 40-minute gap counts nothing.
    expect(energyByBucket(power, { startTs: T0, endTs: T0 + H }, 'HOUR', 'UTC')[0]?.kwh).toBeCloseTo(0.05, 6);
  });

  it('puts energy into local days, half-hour zones included', () => {
    // Tehran is UTC+3:30: 20:30 UTC is local midnight.
    const start = Date.UTC(2026, 5, 1, 20, 0);
    const power = Array.from({ length: 61 }, (_, i) => ({ ts: start + i * 60_000, value: 1200 }));
    const days = energyByBucket(power, { startTs: start, endTs: start + H }, 'DAY', 'Asia/Tehran');
    expect(days.map((d) => d.bucket)).toEqual(['2026-06-01', '2026-06-02']);
    expect(days[0]?.kwh).toBeCloseTo(0.6, 6);
    expect(days[1]?.kwh).toBeCloseTo(0.6, 6);
  });

  it('labels local hours across a daylight-saving change', () => {
    // London springs forward at 01:00 UTC on 29 March 2026: local 00:59 is followed by 02:00.
    expect(localBucket(Date.UTC(2026, 2, 29, 0, 59), 'HOUR', 'Europe/London')).toBe('2026-03-29T00');
    expect(localBucket(Date.UTC(2026, 2, 29, 1, 0), 'HOUR', 'Europe/London')).toBe('2026-03-29T02');
  });
});

describe('on-time and changes', () => {
  it('counts time at 1, starting from the state before the range', () => {
    const points = [
      { ts: T0 + 10, value: 0 },
      { ts: T0 + 30, value: 1 },
    ];
    expect(onTime(points, { startTs: T0, endTs: T0 + 100 }, 1)).toBe(10 + 70);
    expect(onTime([], { startTs: T0, endTs: T0 + 100 }, 0)).toBe(0);
  });

  it('lists only real changes', () => {
    const points = [
      { ts: 1, value: 1 },
      { ts: 2, value: 1 },
      { ts: 3, value: 0 },
    ];
    expect(changes(points, 1)).toEqual([{ ts: 3, value: 0 }]);
    expect(changes(points, 0).map((p) => p.ts)).toEqual([1, 3]);
  });
});
