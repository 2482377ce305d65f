/**
 * MQTT topics. Devices on the embedded broker speak ThingsBoard's device API v1 (`v1/devices/me/...`,
 * access token as username). Inside Hestia, and for devices on an external broker, every topic names
 * its device: `devices/{deviceId}/...`, with the same payloads.
 */
export const tbTopics = {
  telemetry: 'v1/devices/me/telemetry',
  attributes: 'v1/devices/me/attributes',
  rpcRequestPrefix: 'v1/devices/me/rpc/request/',
  rpcResponsePrefix: 'v1/devices/me/rpc/response/',
} as const;

export const deviceTopics = {
  telemetry: (id: string) => `devices/${id}/telemetry`,
  attributes: (id: string) => `devices/${id}/attributes`,
  rpcRequest: (id: string, requestId: number | string) => `devices/${id}/rpc/request/${requestId}`,
  rpcResponse: (id: string, requestId: number | string) => `devices/${id}/rpc/response/${requestId}`,
  /** Scaled mode only: `online` on connect and `offline` as the will, both retained. */
  status: (id: string) => `devices/${id}/status`,
} as const;

export type DeviceTopicKind = 'telemetry' | 'attributes' | 'rpc/request' | 'rpc/response' | 'status';

export interface ParsedDeviceTopic {
  deviceId: string;
  kind: DeviceTopicKind;
  requestId?: string;
}

const DEVICE_TOPIC =
  /^devices\/([0-9a-f-]{36})\/(telemetry|attributes|status|rpc\/request|rpc\/response)(?:\/(\d+))?$/;

export function parseDeviceTopic(topic: string): ParsedDeviceTopic | null {
  const m = DEVICE_TOPIC.exec(topic);
  if (!m) return null;
  const kind = m[2] as DeviceTopicKind;
  const isRpc = kind === 'rpc/request' || kind === 'rpc/response';
  if (isRpc !== (m[3] !== undefined)) return null;
  return m[3] === undefined
    ? { deviceId: m[1] as string, kind }
    : { deviceId: m[1] as string, kind, requestId: m[3] };
}

/** Map a ThingsBoard `me` topic to the device-named topic, or null when it is not one. */
export function meToDeviceTopic(topic: string, deviceId: string): string | null {
  if (!topic.startsWith('v1/devices/me/')) return null;
  const rest = topic.slice('v1/devices/me/'.length);
  const mapped = `devices/${deviceId}/${rest}`;
  return parseDeviceTopic(mapped) || /^rpc\/request\/\+$/.test(rest) ? mapped : null;
}

/** Map a device-named topic back to the `me` form for a ThingsBoard device. */
export function deviceToMeTopic(topic: string): string | null {
  const parsed = parseDeviceTopic(topic);
  if (!parsed) return null;
  return `v1/devices/me/${parsed.kind}${parsed.requestId ? `/${parsed.requestId}` : ''}`;
}
