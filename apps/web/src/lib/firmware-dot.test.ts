import { getProfile, profiles } from '@hestia/catalog';
import { describe, expect, it } from 'vitest';
import { hasFirmwareDot } from './device-state.ts';

const v = (entries: Record<string, string | number>) =>
  Object.fromEntries(Object.entries(entries).map(([k, value]) => [k, [1, value] as [number, typeof value]]));

describe('the firmware red dot', () => {
  const plug = getProfile('plug-metering');
  const ir = profiles.find((p) => p.firmware.latest === 10);

  it('shows when the reported version is above 6 and the update is not done', () => {
    expect(hasFirmwareDot(plug, v({ current_fw_version: '7.15', fw_state: 'DOWNLOADED' }))).toBe(true);
    expect(hasFirmwareDot(plug, v({ current_fw_version: '7.15' }))).toBe(true);
  });

  it('hides at or below 6, once UPDATED, without a version, or for an unknown profile', () => {
    expect(hasFirmwareDot(plug, v({ current_fw_version: '6.9' }))).toBe(false);
    expect(hasFirmwareDot(plug, v({ current_fw_version: '8.0', fw_state: 'UPDATED' }))).toBe(false);
    expect(hasFirmwareDot(plug, v({ fw_state: 'FAILED' }))).toBe(false);
    expect(hasFirmwareDot(undefined, v({ current_fw_version: '9' }))).toBe(false);
  });

  it('uses 10 for the IR universal profile, which a single first digit never exceeds', () => {
    expect(ir).toBeDefined();
    expect(hasFirmwareDot(ir, v({ current_fw_version: '9.1' }))).toBe(false);
  });
});
