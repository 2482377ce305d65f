import { describe, expect, it } from 'vitest';
import {
  ConnectionStatus,
  connectionStatus,
  firmwareRedDot,
  groupIsOn,
  masterPowerWrite,
  truncateName,
} from './derived.ts';
import { getProfile } from './profiles.ts';
import { decodeTelemetry } from './telemetry.ts';

const p = (id: string) => {
  const profile = getProfile(id);
  if (!profile) throw new Error(id);
  return profile;
};

describe('derived rules', () => {
  it('derives the connection status from active', () => {
    expect(connectionStatus(undefined)).toBe(ConnectionStatus.Connecting);
    expect(connectionStatus('true')).toBe(ConnectionStatus.Connected);
    expect(connectionStatus(true)).toBe(ConnectionStatus.Connected);
    expect(connectionStatus('false')).toBe(ConnectionStatus.Disconnected);
    expect(connectionStatus('')).toBe(ConnectionStatus.Disconnected);
  });

  it('shows the firmware red dot above version 6, or 10 for the IR remote, unless UPDATED', () => {
    const sw = p('switch-two-pole');
    const ir = p('ir-remote-universal');
    expect(firmwareRedDot(sw, '7.15', 'INITIATED')).toBe(true);
    expect(firmwareRedDot(sw, '6.9', 'INITIATED')).toBe(false);
    expect(firmwareRedDot(sw, '7.15', 'UPDATED')).toBe(false);
    expect(firmwareRedDot(ir, '9.1', 'FAILED')).toBe(false);
    expect(firmwareRedDot(sw, undefined, undefined)).toBe(false);
  });

  it('master power turns every relay off when any is on, else all on', () => {
    const four = p('switch-four-pole');
    expect(masterPowerWrite(four, { relay_3: 1 })).toEqual([
      { Key: 'relay_1', Value: 0 },
      { Key: 'relay_2', Value: 0 },
      { Key: 'relay_3', Value: 0 },
      { Key: 'relay_4', Value: 0 },
    ]);
    expect(masterPowerWrite(four, {}).every((w) => w.Value === 1)).toBe(true);
    expect(masterPowerWrite(p('relay-6ch-din'), {})).toHaveLength(6);
    expect(groupIsOn(four, { relay_2: '1' })).toBe(true);
    expect(groupIsOn(four, { relay_2: 0 })).toBe(false);
  });

  it('truncates card names after 15 characters with an ellipsis', () => {
    expect(truncateName('Living room lamp')).toBe('Living room lam…');
    expect(truncateName('Kitchen')).toBe('Kitchen');
    expect(truncateName('123456789012345')).toBe('123456789012345');
  });

  it('decodes relays from ADD_109 bits, numbered words from offset 100, and named keys', () => {
    const two = p('switch-two-pole');
    expect(decodeTelemetry(two, { ADD_109: 2, beep_status: 1 })).toEqual({
      relay_1: 0,
      relay_2: 1,
      beep_status: 1,
    });
    expect(decodeTelemetry(two, { 100: 1, 101: 0 })).toMatchObject({ relay_1: 1, relay_2: 0 });
  });
});
