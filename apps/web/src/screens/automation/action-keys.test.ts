import { getProfile, type KeyDef, keyOf } from '@hestia/catalog';
import { describe, expect, it } from 'vitest';
import { defaultActionValue, isRequestKey, singleKeyName } from './action-keys.ts';

const def = (profileId: string, key: string): KeyDef | undefined => {
  const profile = getProfile(profileId);
  return profile ? keyOf(profile, key) : undefined;
};

describe('defaultActionValue', () => {
  it('starts a curtain target position inside its range, and a request at its one value', () => {
    expect(defaultActionValue(def('curtain-single', 'positionsetpoint'))).toBe(50);
    expect(defaultActionValue(def('curtain-triple', 'positionsetpoint_2'))).toBe(0);
    expect(defaultActionValue(def('curtain-single', 'open_request_1'))).toBe(1);
  });
  it('keeps the middle on the key’s step and leaves on/off keys unset', () => {
    const k: KeyDef = { key: 'x', kind: 'number', access: 'w', min: 16, max: 31, step: 2, title: 'keys.x' };
    expect(defaultActionValue(k)).toBe(24);
    expect(defaultActionValue(def('switch-two-pole', 'relay_1'))).toBeNull();
    expect(defaultActionValue(undefined)).toBeNull();
  });
});

describe('isRequestKey', () => {
  it('is true for open/close/stop and false for positions and outputs', () => {
    expect(isRequestKey(def('curtain-single', 'close_request_1'))).toBe(true);
    expect(isRequestKey(def('curtain-single', 'positionsetpoint'))).toBe(false);
    expect(isRequestKey(def('switch-two-pole', 'relay_1'))).toBe(false);
  });
});

describe('singleKeyName', () => {
  it('names a single curtain’s requests without a number, and keeps the numbers of a multi-curtain model', () => {
    expect(singleKeyName(getProfile('curtain-single'), 'open_request_1')).toBe('open_request');
    expect(singleKeyName(getProfile('curtain-single-v2'), 'pause_request_1')).toBe('pause_request');
    expect(singleKeyName(getProfile('curtain-triple'), 'open_request_1')).toBeUndefined();
    expect(singleKeyName(getProfile('curtain-single'), 'positionsetpoint')).toBeUndefined();
    expect(singleKeyName(undefined, 'open_request_1')).toBeUndefined();
  });
});
