import { parseDeviceTopic } from '@hestia/contract';
import type { DeviceMessage } from '@hestia/server';
import { describe, expect, it } from 'vitest';
import { internalTopic } from './edge.ts';

const id = '0b9c1d2e-3f40-4a5b-8c6d-7e8f90a1b2c3';
const msg = (kind: DeviceMessage['kind'], requestId?: string): DeviceMessage =>
  requestId === undefined
    ? { deviceId: id, kind, payload: '{}' }
    : { deviceId: id, kind, requestId, payload: '{}' };

describe('internalTopic: what a device sends through an edge, on the internal broker', () => {
  it('names the device and keeps the request ids, in the form the servers parse back', () => {
    const cases: Array<[DeviceMessage, string]> = [
      [msg('telemetry'), `devices/${id}/telemetry`],
      [msg('attributes'), `devices/${id}/attributes`],
      [msg('claim'), `devices/${id}/claim`],
      [msg('attributes/request', '7'), `devices/${id}/attributes/request/7`],
      [msg('rpc/response', '2147483647'), `devices/${id}/rpc/response/2147483647`],
      [msg('rpc/call', '3'), `devices/${id}/rpc/call/3`],
      [msg('fw/request', '12/4'), `devices/${id}/fw/request/12/chunk/4`],
      [msg('activity'), `devices/${id}/activity`],
    ];
    for (const [m, topic] of cases) {
      expect(internalTopic(m)).toBe(topic);
      // The servers' own parser (external-broker-thread.ts) reads it back as the same message.
      const parsed = parseDeviceTopic(topic);
      expect(parsed).toMatchObject({ deviceId: id, kind: m.kind });
      expect(parsed?.requestId).toBe(m.requestId);
    }
  });

  it('keeps a provisioning request at the edge', () => {
    expect(internalTopic(msg('provision'))).toBeNull();
  });
});
