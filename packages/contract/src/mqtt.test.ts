import { describe, expect, it } from 'vitest';
import { firmwareTopics, meTopics, parseDeviceTopic } from './mqtt.ts';

const id = '2da1627e-f22e-4111-95da-985cec416d8b';

describe('MQTT topics', () => {
  it('parses what devices send on device-named topics', () => {
    expect(parseDeviceTopic(`devices/${id}/telemetry`)).toEqual({ deviceId: id, kind: 'telemetry' });
    expect(parseDeviceTopic(`devices/${id}/rpc/response/42`)).toEqual({
      deviceId: id,
      kind: 'rpc/response',
      requestId: '42',
    });
    expect(parseDeviceTopic(`devices/${id}/rpc/call/7`)).toEqual({
      deviceId: id,
      kind: 'rpc/call',
      requestId: '7',
    });
    expect(parseDeviceTopic(`devices/${id}/attributes/request/3`)).toMatchObject({
      kind: 'attributes/request',
    });
    expect(parseDeviceTopic(`devices/${id}/claim`)).toEqual({ deviceId: id, kind: 'claim' });
    expect(parseDeviceTopic(`devices/${id}/rpc/response`)).toBeNull();
    expect(parseDeviceTopic(`devices/${id}/telemetry/5`)).toBeNull();
    expect(parseDeviceTopic(`devices/${id}/attributes/shared`)).toBeNull();
    expect(parseDeviceTopic(`devices/${id}/rpc/reply/1`)).toBeNull();
    expect(parseDeviceTopic('devices/not-a-uuid/telemetry')).toBeNull();
  });

  it("parses a firmware chunk request with its request id and chunk number (ThingsBoard's v2/fw)", () => {
    expect(parseDeviceTopic(firmwareTopics.request(id, 12, 3))).toEqual({
      deviceId: id,
      kind: 'fw/request',
      requestId: '12/3',
    });
    expect(firmwareTopics.tbRequest(12, 3)).toBe('v2/fw/request/12/chunk/3');
    expect(firmwareTopics.tbResponse(12, 3)).toBe('v2/fw/response/12/chunk/3');
    expect(parseDeviceTopic(firmwareTopics.response(id, 12, 3))).toBeNull();
    expect(parseDeviceTopic(`devices/${id}/fw/request/12`)).toBeNull();
    expect(parseDeviceTopic(`devices/${id}/fw/request/x/chunk/1`)).toBeNull();
  });

  it("maps ThingsBoard's me names, whose directions share a name, to one name per direction", () => {
    expect(meTopics.publish('telemetry')).toBe('telemetry');
    expect(meTopics.publish('rpc/request/5')).toBe('rpc/call/5');
    expect(meTopics.publish('rpc/response/5')).toBe('rpc/response/5');
    expect(meTopics.subscribe('rpc/request/+')).toBe('rpc/request/+');
    expect(meTopics.subscribe('rpc/response/+')).toBe('rpc/reply/+');
    expect(meTopics.subscribe('attributes')).toBe('attributes/shared');
    expect(meTopics.deliver('attributes/shared')).toBe('attributes');
    expect(meTopics.deliver('rpc/reply/9')).toBe('rpc/response/9');
    expect(meTopics.deliver('rpc/request/9')).toBe('rpc/request/9');
    expect(meTopics.deliver('attributes/response/2')).toBe('attributes/response/2');
  });
});
