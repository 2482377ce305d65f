import { describe, expect, it } from 'vitest';
import { deviceToMeTopic, meToDeviceTopic, parseDeviceTopic } from './mqtt.ts';

const id = '2da1627e-f22e-4111-95da-985cec416d8b';

describe('MQTT topics', () => {
  it('parses device-named topics', () => {
    expect(parseDeviceTopic(`devices/${id}/telemetry`)).toEqual({ deviceId: id, kind: 'telemetry' });
    expect(parseDeviceTopic(`devices/${id}/rpc/response/42`)).toEqual({
      deviceId: id,
      kind: 'rpc/response',
      requestId: '42',
    });
    expect(parseDeviceTopic(`devices/${id}/rpc/response`)).toBeNull();
    expect(parseDeviceTopic(`devices/${id}/telemetry/5`)).toBeNull();
    expect(parseDeviceTopic('devices/not-a-uuid/telemetry')).toBeNull();
  });

  it('maps ThingsBoard me topics both ways', () => {
    expect(meToDeviceTopic('v1/devices/me/telemetry', id)).toBe(`devices/${id}/telemetry`);
    expect(meToDeviceTopic('v1/devices/me/rpc/request/+', id)).toBe(`devices/${id}/rpc/request/+`);
    expect(meToDeviceTopic('v1/devices/other/telemetry', id)).toBeNull();
    expect(deviceToMeTopic(`devices/${id}/rpc/request/7`)).toBe('v1/devices/me/rpc/request/7');
  });
});
