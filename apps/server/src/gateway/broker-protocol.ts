/** What the broker thread hands over in a batch, per entry. */
export const Kind = {
  Telemetry: 0,
  Attributes: 1,
  RpcResponse: 2,
  Connected: 3,
  Disconnected: 4,
} as const;
export type Kind = (typeof Kind)[keyof typeof Kind];

/** Broker thread → main thread. */
export type FromBroker =
  | { t: 'listening'; port: number }
  | { t: 'failed'; code: string; message: string }
  /**
   * Device messages and connection changes in arrival order, as parallel arrays: `extras` holds an
   * RPC answer's request id, `payloads` the message as text (empty for connection changes).
   */
  | { t: 'batch'; kinds: Kind[]; ids: string[]; extras: string[]; payloads: string[] }
  /** A device connects with `token` as its MQTT user name: which device is it? */
  | { t: 'token'; id: number; token: string }
  | { t: 'published'; id: number; error: string | null }
  | { t: 'warn'; message: string }
  | { t: 'closed' };

/** Main thread → broker thread. */
export type ToBroker =
  | { t: 'token'; id: number; deviceId: string | null }
  | { t: 'publish'; id: number; topic: string; payload: string }
  | { t: 'close' };
