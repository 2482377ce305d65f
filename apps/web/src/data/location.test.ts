import { describe, expect, it } from 'vitest';
import { locationOf, parseLocalNumber } from '../screens/automation/condition-meta.ts';
import {
  distanceMeters,
  LOCATION_MIN_INTERVAL_MS,
  LOCATION_MIN_MOVE_M,
  sendDecision,
} from './location-rules.ts';

const home = { latitude: 35.7, longitude: 51.4 };
/** About `m` metres north of a point (one degree of latitude is about 111.2 km). */
const north = (p: typeof home, m: number) => ({ ...p, latitude: p.latitude + m / 111_195 });

describe('the position reporter', () => {
  it('measures distances in metres', () => {
    expect(distanceMeters(home, home)).toBe(0);
    expect(distanceMeters(home, north(home, 1000))).toBeCloseTo(1000, -1);
    // Tehran to Istanbul is about 2,040 km.
    expect(distanceMeters(home, { latitude: 41.01, longitude: 28.98 }) / 1000).toBeCloseTo(2040, -2);
  });

  it('sends the first fix at once, skips small moves, and holds a big one until the interval ends', () => {
    expect(sendDecision(null, home, 0)).toBe('now');
    const last = { point: home, at: 10_000 };
    expect(sendDecision(last, north(home, LOCATION_MIN_MOVE_M - 5), 100_000)).toBe('skip');
    expect(sendDecision(last, north(home, 300), 12_000)).toBe(LOCATION_MIN_INTERVAL_MS - 2_000);
    expect(sendDecision(last, north(home, 300), 10_000 + LOCATION_MIN_INTERVAL_MS)).toBe('now');
  });
});

describe('Location condition fields', () => {
  it('reads numbers in Persian and Arabic digits and either decimal mark', () => {
    expect(parseLocalNumber('۳۵٫۶۸۹۲')).toBe(35.6892);
    expect(parseLocalNumber('٥١,٣٨٩')).toBe(51.389);
    expect(parseLocalNumber('-12.5')).toBe(-12.5);
    expect(parseLocalNumber('12a')).toBeNull();
    expect(parseLocalNumber('')).toBeNull();
  });

  it('reads a stored condition, as an object or as JSON text', () => {
    const meta = { latitude: 35.7, longitude: 51.4, radius: 200, event: 'leave' };
    expect(locationOf({ conditionType: 5, metadata: meta })).toEqual(meta);
    expect(locationOf({ conditionType: 5, metadata: JSON.stringify(meta) })).toEqual(meta);
    expect(locationOf({ conditionType: 5, metadata: { key: 'temperature' } })).toBeNull();
  });
});
