import type { FirmwareStatus } from '@hestia/contract';
import { describe, expect, it } from 'vitest';
import { FIRMWARE_SLOW_MS, firmwareView } from './firmware-view.ts';

const base: FirmwareStatus = {
  deviceId: 'd',
  currentVersion: '7.15',
  available: { version: '8.0', size: 4500 },
  targetVersion: null,
  requestedAt: null,
  state: null,
  stateTs: null,
  progress: null,
  error: null,
  online: true,
  owner: true,
};
const T0 = 1_800_000_000_000;

describe('firmwareView', () => {
  it('offers a newer version to an online owner only', () => {
    expect(firmwareView(base, T0)).toMatchObject({ phase: 'available', canUpdate: true, running: false });
    expect(firmwareView({ ...base, owner: false }, T0).canUpdate).toBe(false);
    expect(firmwareView({ ...base, online: false }, T0).canUpdate).toBe(false);
    expect(firmwareView({ ...base, available: null }, T0)).toMatchObject({
      phase: 'upToDate',
      canUpdate: false,
    });
  });

  it('follows the states with the download percent, and says when it takes longer than expected', () => {
    const sent = { ...base, targetVersion: '8.0', requestedAt: T0 };
    expect(firmwareView({ ...sent, state: 'INITIATED' }, T0).phase).toBe('starting');
    expect(firmwareView({ ...sent, state: 'DOWNLOADING', progress: 44 }, T0)).toMatchObject({
      phase: 'downloading',
      progress: 44,
      canUpdate: false,
      slow: false,
    });
    expect(firmwareView({ ...sent, state: 'UPDATING' }, T0 + FIRMWARE_SLOW_MS + 1)).toMatchObject({
      phase: 'installing',
      slow: true,
    });
    expect(
      firmwareView({ ...sent, state: 'UPDATED', available: null, currentVersion: '8.0' }, T0).phase,
    ).toBe('updated');
  });

  it('names size and checksum failures, keeps other reasons as the device said them, and lets the owner retry', () => {
    const failed = { ...base, state: 'FAILED' as const };
    expect(firmwareView({ ...failed, error: 'SIZE_ERROR: received 1 bytes' }, T0).failure?.kind).toBe('size');
    expect(firmwareView({ ...failed, error: 'CHECKSUM_ERROR: x' }, T0).failure?.kind).toBe('checksum');
    expect(firmwareView({ ...failed, error: 'Flash write failed' }, T0)).toMatchObject({
      phase: 'failed',
      failure: { kind: 'other', text: 'Flash write failed' },
      canUpdate: true,
      slow: false,
    });
  });
});
