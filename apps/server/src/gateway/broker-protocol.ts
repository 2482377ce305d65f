import type { MessagePort } from 'node:worker_threads';

/** What a broker thread hands over in a batch, per entry. */
export const Kind = {
  Telemetry: 0,
  Attributes: 1,
  RpcResponse: 2,
  Connected: 3,
  Disconnected: 4,
  /** Scaled mode: a device's retained `online`/`offline` (the payload). */
  Status: 5,
  /** The device asks for attribute values; the request id is in `extras`. */
  AttributesRequest: 6,
  /** The device calls the server (client-side RPC); the request id is in `extras`. */
  RpcCall: 7,
  /** ThingsBoard's claiming message. */
  Claim: 8,
  /**
   * A provisioning request from a client without a device yet: `ids` holds the connection's
   * reference to answer on (`provisionTopic(ref)`), not a device id.
   */
  Provision: 9,
  /** The device showed it is alive without a message (an MQTT ping). */
  Activity: 10,
  /** A firmware chunk request (issue 20); `extras` is `{requestId}/{chunk}`, the payload the chunk size. */
  FirmwareChunk: 11,
} as const;
export type Kind = (typeof Kind)[keyof typeof Kind];

/** Where the answer to a provisioning request goes, for the connection `ref` that asked. */
export const provisionTopic = (ref: string) => `provision/${ref}/response`;

/** Broker thread → main thread. */
export type FromBroker =
  /** Started: listening on `port` (the embedded broker) or connected (an external broker). */
  | { t: 'ready'; port: number | null }
  | { t: 'failed'; code: string; message: string }
  /**
   * Device messages and connection changes in arrival order, as parallel arrays: `extras` holds an
   * RPC answer's request id, `payloads` the message as text (empty for connection changes).
   */
  | {
      t: 'batch';
      kinds: Kind[];
      ids: string[];
      extras: string[];
      payloads: string[];
      /**
       * With `durableAcks` (decision 040): the sequence number of this batch's last message whose
       * PUBACK waits; answer `durable` with it once what the batch brought is stored.
       */
      seq?: number;
    }
  /** A device connects with `token` as its MQTT user name: which device is it? */
  | { t: 'token'; id: number; token: string }
  | { t: 'published'; id: number; error: string | null }
  | { t: 'warn'; message: string }
  /** Answers `stop`: no new connection is taken; `seq` is the last sequence number handed over. */
  | { t: 'stopped'; seq: number }
  | { t: 'closed' };

/** Main thread → broker thread. */
export type ToBroker =
  | { t: 'token'; id: number; deviceId: string | null }
  /** A payload as bytes (firmware chunks) goes out as they are; text as UTF-8. */
  | { t: 'publish'; id: number; topic: string; payload: string | Uint8Array }
  /** With `durableAcks`: every message up to sequence `upTo` is stored; its PUBACK may go out. */
  | { t: 'durable'; upTo: number }
  /** With `durableAcks`, before `close`: stop taking connections and hand over what is queued. */
  | { t: 'stop' }
  /**
   * The device's access changed (deleted, new token): each of its connections' tokens is looked up
   * again, and a connection whose token no longer names the device is closed.
   */
  | { t: 'recheck'; deviceId: string }
  | { t: 'close' };

/**
 * The broker thread's side of the hand-over: entries queued during one turn of its event loop go
 * to the main thread together, as one structured clone of four arrays (not an object per message).
 */
export function handOver(port: MessagePort) {
  let kinds: Kind[] = [];
  let ids: string[] = [];
  let extras: string[] = [];
  let payloads: string[] = [];
  let seq = 0;
  const flush = (): void => {
    if (kinds.length === 0) return;
    port.postMessage(
      (seq > 0
        ? { t: 'batch', kinds, ids, extras, payloads, seq }
        : { t: 'batch', kinds, ids, extras, payloads }) satisfies FromBroker,
    );
    seq = 0;
    kinds = [];
    ids = [];
    extras = [];
    payloads = [];
  };
  return {
    /** `durable`: the message's sequence number when its PUBACK waits until it is stored. */
    queue(kind: Kind, deviceId: string, extra: string, payload: string, durable?: number): void {
      if (kinds.length === 0) setImmediate(flush);
      if (durable !== undefined) seq = durable;
      kinds.push(kind);
      ids.push(deviceId);
      extras.push(extra);
      payloads.push(payload);
    },
    /** Sends what is queued now (before the thread says it has closed). */
    flush,
  };
}
