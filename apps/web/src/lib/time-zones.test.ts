import { describe, expect, it } from 'vitest';
import { timeZoneOptions } from './time-zones.ts';

describe('timeZoneOptions', () => {
  it('keeps the profile zone first when the browser list lacks it', () => {
    expect(timeZoneOptions('UTC', ['Africa/Abidjan', 'Europe/Istanbul'])).toEqual([
      'UTC',
      'Africa/Abidjan',
      'Europe/Istanbul',
    ]);
  });
  it('does not repeat a zone already listed, and falls back to UTC', () => {
    expect(timeZoneOptions('Europe/Istanbul', ['Africa/Abidjan', 'Europe/Istanbul'])).toHaveLength(2);
    expect(timeZoneOptions('', undefined)).toEqual(['UTC']);
  });
});
