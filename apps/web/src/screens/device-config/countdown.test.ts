import { describe, expect, it } from 'vitest';
import { clockText, isFailureReason, JOIN_SECONDS, secondsLeft, stepOf } from './countdown.ts';
import { normaliseAddress } from './device-ap.ts';

describe('the 3-minute countdown', () => {
  const expiresAt = 1_000_000 + 180_000;
  it('counts whole seconds left, rounding up, never below 0', () => {
    expect(secondsLeft(expiresAt, 1_000_000)).toBe(180);
    expect(secondsLeft(expiresAt, 1_000_001)).toBe(180);
    expect(secondsLeft(expiresAt, expiresAt - 999)).toBe(1);
    expect(secondsLeft(expiresAt, expiresAt)).toBe(0);
    expect(secondsLeft(expiresAt, expiresAt + 60_000)).toBe(0);
  });
  it('reads as m:ss', () => {
    expect([180, 125, 59, 9, 0, -3].map(clockText)).toEqual(['3:00', '2:05', '0:59', '0:09', '0:00', '0:00']);
  });
  it('steps from joining to registering, and to done when the device is found', () => {
    expect(stepOf(0, false)).toBe('joining');
    expect(stepOf(JOIN_SECONDS, false)).toBe('registering');
    expect(stepOf(1, true)).toBe('done');
  });
  it("knows the device's failure reasons and nothing else", () => {
    expect(['wrong_password', 'unsupported_band', 'not_found'].every(isFailureReason)).toBe(true);
    expect(isFailureReason('rebooted')).toBe(false);
    expect(isFailureReason(undefined)).toBe(false);
  });
});

describe('the device address', () => {
  it('adds http://, drops a trailing slash, refuses what is not an address', () => {
    expect(normaliseAddress(' 192.168.4.1 ')).toBe('http://192.168.4.1');
    expect(normaliseAddress('http://127.0.0.1:41234/')).toBe('http://127.0.0.1:41234');
    expect(normaliseAddress('ftp://x')).toBeNull();
    expect(normaliseAddress('')).toBeNull();
    expect(normaliseAddress('http://')).toBeNull();
  });
});
