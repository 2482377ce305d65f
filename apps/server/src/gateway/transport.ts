import type { DeviceTopicKind } from '@hestia/contract';

export interface DeviceMessage {
  /** The device; for `provision`, the asking connection's reference (no device exists yet). */
  deviceId: string;
  /** What the device sent (its topic), a provisioning request, or a ping (`activity`). */
  kind: DeviceTopicKind | 'provision' | 'activity';
  /** The request id of an RPC answer, an RPC call or an attributes request; `{id}/{chunk}` for `fw/request`. */
  requestId?: string;
  /** The message as UTF-8 text. */
  payload: string;
}

/**
 * How the gateway reaches devices, whatever the broker. Topics are always device-named
 * (`devices/{id}/...`); the embedded broker translates ThingsBoard's `me` topics at its edge.
 */
export interface BrokerTransport {
  /** Text goes out as UTF-8, bytes (firmware chunks) as they are. */
  publish(topic: string, payload: string | Uint8Array): Promise<void>;
  onMessage(handler: (msg: DeviceMessage) => void): void;
  /** Device connections as the broker sees them (embedded); scaled mode learns them from status topics. */
  onConnection(handler: (deviceId: string, connected: boolean) => void): void;
  close(): Promise<void>;
}
