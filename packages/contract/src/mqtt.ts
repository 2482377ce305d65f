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

/**
 * Inside Hestia (and on an external broker) every device topic names its device. A direction is
 * always clear from the name: server → device on `rpc/request`, `rpc/reply`, `attributes/shared`,
 * `attributes/response`, `provision`; device → server on the others (docs/decisions/003, 019).
 */
export const deviceTopics = {
  telemetry: (id: string) => `devices/${id}/telemetry`,
  /** Device → server: the device's own (client-scope) attributes. */
  attributes: (id: string) => `devices/${id}/attributes`,
  /** Server → device: shared attributes that changed (`{key: value}`, or `{deleted: [keys]}`). */
  sharedAttributes: (id: string) => `devices/${id}/attributes/shared`,
  attributesRequest: (id: string, requestId: number | string) =>
    `devices/${id}/attributes/request/${requestId}`,
  attributesResponse: (id: string, requestId: number | string) =>
    `devices/${id}/attributes/response/${requestId}`,
  /** Server → device: a command (server-side RPC). */
  rpcRequest: (id: string, requestId: number | string) => `devices/${id}/rpc/request/${requestId}`,
  /** Device → server: the answer to a command. */
  rpcResponse: (id: string, requestId: number | string) => `devices/${id}/rpc/response/${requestId}`,
  /** Device → server: the device asks the server (client-side RPC). */
  rpcCall: (id: string, requestId: number | string) => `devices/${id}/rpc/call/${requestId}`,
  /** Server → device: the answer to a client-side RPC. */
  rpcReply: (id: string, requestId: number | string) => `devices/${id}/rpc/reply/${requestId}`,
  /** Device → server: ThingsBoard's claiming message (`{secretKey, durationMs}`). */
  claim: (id: string) => `devices/${id}/claim`,
  /** Scaled mode only: `online` on connect and `offline` as the will, both retained. */
  status: (id: string) => `devices/${id}/status`,
  /**
   * Scaled mode only: an edge heard the device's MQTT ping (it is alive without a message), so the
   * servers' inactivity timeout hears of it as the embedded broker's does. Empty payload, QoS 0.
   */
  activity: (id: string) => `devices/${id}/activity`,
} as const;

export type DeviceTopicKind =
  | 'telemetry'
  | 'attributes'
  | 'attributes/request'
  | 'rpc/request'
  | 'rpc/response'
  | 'rpc/call'
  | 'claim'
  | 'status'
  | 'activity'
  | 'fw/request';

export interface ParsedDeviceTopic {
  deviceId: string;
  kind: DeviceTopicKind;
  requestId?: string;
}

/** What a device sends, below `devices/{id}/`; a request id follows the kinds that take one. */
const DEVICE_TOPIC =
  /^devices\/([0-9a-f-]{36})\/(telemetry|attributes|claim|status|activity|attributes\/request|rpc\/request|rpc\/response|rpc\/call)(?:\/(\d{1,10}))?$/;
const WITH_ID = new Set(['attributes/request', 'rpc/request', 'rpc/response', 'rpc/call']);

/** A firmware chunk request (`devices/{id}/fw/request/{requestId}/chunk/{n}`). */
const FIRMWARE_TOPIC = /^devices\/([0-9a-f-]{36})\/fw\/request\/(\d{1,10})\/chunk\/(\d{1,7})$/;

/**
 * ThingsBoard's firmware download (issue 20): the device asks for chunk `n` of the package its fw_*
 * shared attributes name, with the chunk size as payload, and hears the bytes on the response topic.
 * Not below `v1/devices/me/` in ThingsBoard's form; inside Hestia below the device's prefix. A parsed
 * request's `requestId` is `{requestId}/{n}`.
 */
export const firmwareTopics = {
  tbRequest: (requestId: number | string, chunk: number | string) =>
    `v2/fw/request/${requestId}/chunk/${chunk}`,
  tbResponse: (requestId: number | string, chunk: number | string) =>
    `v2/fw/response/${requestId}/chunk/${chunk}`,
  request: (id: string, requestId: number | string, chunk: number | string) =>
    `devices/${id}/fw/request/${requestId}/chunk/${chunk}`,
  response: (id: string, requestId: number | string, chunk: number | string) =>
    `devices/${id}/fw/response/${requestId}/chunk/${chunk}`,
} as const;

export function parseDeviceTopic(topic: string): ParsedDeviceTopic | null {
  const fw = FIRMWARE_TOPIC.exec(topic);
  if (fw) return { deviceId: fw[1] as string, kind: 'fw/request', requestId: `${fw[2]}/${fw[3]}` };
  const m = DEVICE_TOPIC.exec(topic);
  if (!m) return null;
  const kind = m[2] as DeviceTopicKind;
  if (WITH_ID.has(kind) !== (m[3] !== undefined)) return null;
  return m[3] === undefined
    ? { deviceId: m[1] as string, kind }
    : { deviceId: m[1] as string, kind, requestId: m[3] };
}

/**
 * ThingsBoard's `v1/devices/me/...` names for the same topics, after `v1/devices/me/`. ThingsBoard
 * uses one name for both directions where Hestia uses two: a device publishes its own RPC calls
 * on `rpc/request/{n}` and hears the replies on `rpc/response/{n}`, the reverse of commands, and
 * hears shared attributes on the `attributes` it publishes to.
 */
export const meTopics = {
  /** A device's publish, `me` form → internal form (below the device's prefix). */
  publish(rest: string): string {
    return rest.startsWith('rpc/request/') ? `rpc/call/${rest.slice('rpc/request/'.length)}` : rest;
  },
  /** A device's subscription, `me` form → internal form. */
  subscribe(rest: string): string {
    if (rest === 'attributes') return 'attributes/shared';
    if (rest === 'rpc/response/+' || rest === 'rpc/response/#') return 'rpc/reply/+';
    return rest;
  },
  /** A delivery to the device, internal form → `me` form. */
  deliver(rest: string): string {
    if (rest === 'attributes/shared') return 'attributes';
    if (rest.startsWith('rpc/reply/')) return `rpc/response/${rest.slice('rpc/reply/'.length)}`;
    return rest;
  },
};
