import { randomInt } from 'node:crypto';
import { deviceTopics, firmwareTopics, type RpcResult } from '@hestia/contract';
import type { Clock } from '../core/clock.ts';
import { AppError } from '../core/errors.ts';
import type { ActivityNotice } from '../live/bus.ts';
import type { AttributeService } from '../modules/telemetry/attribute.service.ts';
import { LIMITS } from '../modules/telemetry/decode.ts';
import type { TelemetryPipeline } from '../modules/telemetry/pipeline.ts';
import type { TelemetryService } from '../modules/telemetry/telemetry.service.ts';
import { provisionTopic } from './broker-protocol.ts';
import type { BrokerTransport, DeviceMessage } from './transport.ts';

interface Pending {
  resolve: (r: RpcResult) => void;
  reject: (e: AppError) => void;
  timer: NodeJS.Timeout;
}

/** Command request ids fit a signed 32-bit integer: ThingsBoard's firmware SDKs read them with `atoi`. */
export const MAX_REQUEST_ID = 2 ** 31 - 1;

/** The limits a device may ask for with ThingsBoard's `getSessionLimits` client-side call. */
const SESSION_LIMITS = {
  maxPayloadSize: LIMITS.payloadBytes,
  maxInflightMessages: 100,
};

/**
 * Command request ids: from `start`, one up each time, wrapping within 1…MAX_REQUEST_ID, and never
 * an id that `pending` says still awaits an answer from the same device. A random start keeps
 * instances sharing a broker apart.
 */
export function requestIds(
  pending: (deviceId: string, id: number) => boolean,
  start = randomInt(1, MAX_REQUEST_ID + 1),
): (deviceId: string) => number {
  let next = start;
  return (deviceId) => {
    for (;;) {
      const id = next;
      next = next >= MAX_REQUEST_ID ? 1 : next + 1;
      if (!pending(deviceId, id)) return id;
    }
  };
}

/**
 * A firmware chunk request (issue 20): the bytes of chunk `chunk` of `size` bytes of the package the
 * device was told about, or null to leave the request unanswered (no such package, or none told).
 */
export type FirmwareChunks = (
  deviceId: string,
  chunk: number,
  size: number | null,
) => Promise<Uint8Array | null>;

/** Provisioning and claiming, answered by the provisioning service. */
export interface DeviceEdgeHandlers {
  /** A provisioning request's payload → ThingsBoard's answer object. */
  provision(payload: string): Promise<Record<string, unknown>>;
  /** ThingsBoard's claiming message from a connected device. */
  claimFromDevice(deviceId: string, payload: string): Promise<void>;
}

/**
 * Device side of the server: what devices send (telemetry through the pipeline, attributes,
 * attribute requests, client-side RPC, claims, provisioning requests), connection state with an
 * inactivity timeout, and commands (server-side RPC) out with their answer.
 *
 * Connection state across instances (scaled mode, decision 019): devices' messages reach whichever
 * instance the broker's shared subscription picks, so each instance tells the others on the bus
 * when a device connects or disconnects here, is marked inactive or speaks again, and that it heard
 * a device (at most once per `shareMs` per device). Every instance knows every connected device,
 * and marks one inactive only when nobody has heard it for the timeout: it counts its own hearing
 * exactly and the others' with the slack their notices may lag by, so the instance that heard the
 * device last marks it first and the others hear that before their own sweep would.
 */
export function createGateway(deps: {
  transport: BrokerTransport;
  telemetry: TelemetryService;
  pipeline: TelemetryPipeline;
  attributes: AttributeService;
  clock: Clock;
  log: { warn(obj: unknown, msg: string): void; error(obj: unknown, msg: string): void };
  /** A connected device silent this long is marked inactive (ThingsBoard's inactivity timeout). */
  inactivityTimeoutMs: number;
  edge?: DeviceEdgeHandlers;
}) {
  const { transport, telemetry, pipeline, attributes, clock, log } = deps;
  const pending = new Map<string, Pending>();
  const requestId = requestIds((deviceId, id) => pending.has(`${deviceId}|${id}`));

  const timeoutMs = deps.inactivityTimeoutMs;
  const sweepMs = Math.min(10_000, Math.max(1000, timeoutMs / 4));
  // A device heard here is told to the others at most this often; their hearing is counted with
  // this lag, and two sweeps more, so the instance that heard the device last is the one to mark it.
  const shareMs = Math.max(sweepMs, timeoutMs / 20);
  const elsewhereSlackMs = shareMs + 2 * sweepMs;

  /**
   * A connected device (connected here or, by the others' notices, elsewhere): when this instance
   * last heard it, when another one said it did (-Infinity: never), and whether it is marked
   * inactive.
   */
  interface Presence {
    here: number;
    elsewhere: number;
    inactive: boolean;
  }
  const presence = new Map<string, Presence>();
  /** When this instance last told the others it heard each device. */
  const toldAt = new Map<string, number>();
  const tell = (deviceId: string, kind: ActivityNotice['kind']) =>
    telemetry.shareActivity({ deviceId, kind });

  function gone(deviceId: string): void {
    presence.delete(deviceId);
    toldAt.delete(deviceId);
    pipeline.forget(deviceId);
  }

  function connection(deviceId: string, connected: boolean): void {
    const ts = clock.now();
    if (connected) {
      presence.set(deviceId, { here: ts, elsewhere: Number.NEGATIVE_INFINITY, inactive: false });
      toldAt.set(deviceId, ts);
    } else gone(deviceId);
    tell(deviceId, connected ? 'connected' : 'disconnected');
    pipeline.record(
      deviceId,
      connected ? { active: true, lastConnectTime: ts } : { active: false, lastDisconnectTime: ts },
      ts,
    );
  }

  /** A device marked inactive spoke (here, or elsewhere to an instance that did not know). */
  function activeAgain(deviceId: string, p: Presence, now: number): void {
    p.inactive = false;
    toldAt.set(deviceId, now);
    tell(deviceId, 'active');
    pipeline.record(deviceId, { active: true, lastActivityTime: now }, now);
  }

  function heard(deviceId: string): void {
    const now = clock.now();
    const p = presence.get(deviceId);
    if (p) {
      p.here = now;
      if (p.inactive) {
        activeAgain(deviceId, p, now);
        return;
      }
    }
    const told = toldAt.get(deviceId);
    if (told === undefined || now - told >= shareMs) {
      toldAt.set(deviceId, now);
      tell(deviceId, 'heard');
    }
  }

  /** What the other instances tell (never this one's own notices). */
  const stopListening = telemetry.onActivity(({ deviceId, kind }) => {
    const now = clock.now();
    const p = presence.get(deviceId);
    switch (kind) {
      case 'connected':
      case 'active':
        if (!p) presence.set(deviceId, { here: Number.NEGATIVE_INFINITY, elsewhere: now, inactive: false });
        else {
          p.elsewhere = now;
          p.inactive = false;
        }
        return;
      case 'disconnected':
        gone(deviceId);
        return;
      case 'inactive':
        if (p) p.inactive = true;
        return;
      case 'heard':
        if (!p) return;
        p.elsewhere = now;
        if (p.inactive) activeAgain(deviceId, p, now);
        return;
    }
  });

  /**
   * Marks connected devices nobody has heard for longer than the timeout inactive (they stay
   * connected): heard here, exactly; elsewhere, with the slack the notices may lag by.
   */
  function sweep(): void {
    const now = clock.now();
    for (const [deviceId, p] of presence) {
      if (p.inactive || now - p.here <= timeoutMs || now - p.elsewhere <= timeoutMs + elsewhereSlackMs)
        continue;
      p.inactive = true;
      tell(deviceId, 'inactive');
      pipeline.record(deviceId, { active: false, inactivityAlarmTime: now }, now);
    }
  }
  const sweeper = setInterval(sweep, sweepMs);
  sweeper.unref();

  let firmwareChunks: FirmwareChunks = async () => null;
  /** ThingsBoard's `v2/fw/request/{requestId}/chunk/{n}` with the chunk size (empty: the whole package). */
  function answerChunk(deviceId: string, ids: string, payload: string): void {
    const [requestId = '', chunkText = ''] = ids.split('/');
    const chunk = Number(chunkText);
    const asked = payload.trim();
    const size = asked === '' ? null : Number(asked);
    if (!Number.isSafeInteger(chunk) || (size !== null && (!Number.isSafeInteger(size) || size <= 0))) return;
    firmwareChunks(deviceId, chunk, size).then(
      (bytes) => {
        if (bytes)
          transport
            .publish(firmwareTopics.response(deviceId, requestId, chunk), bytes)
            .catch((err: Error) =>
              log.warn({ err: err.message, deviceId }, 'a firmware chunk could not be sent'),
            );
      },
      (err: unknown) => log.error({ err }, 'firmware chunk request failed'),
    );
  }

  const reply = (topic: string, body: unknown) =>
    transport
      .publish(topic, JSON.stringify(body))
      .catch((err: Error) =>
        log.warn({ err: err.message, topic }, 'an answer to a device could not be sent'),
      );

  /** Client-side RPC: the device asks the server. */
  function answerCall(deviceId: string, id: string, payload: string): void {
    let method = '';
    try {
      const body = JSON.parse(payload) as { method?: unknown };
      if (typeof body?.method === 'string') method = body.method;
    } catch {
      // answered below as a call without a method
    }
    const result =
      method === 'getCurrentTime'
        ? clock.now()
        : method === 'getSessionLimits'
          ? SESSION_LIMITS
          : { error: method ? `Unknown RPC method: ${method.slice(0, 64)}` : 'The call has no method' };
    void reply(deviceTopics.rpcReply(deviceId, id), result);
  }

  function answerRpc(deviceId: string, id: string | undefined, payload: string): void {
    const key = `${deviceId}|${id}`;
    const p = pending.get(key);
    if (!p) return;
    pending.delete(key);
    clearTimeout(p.timer);
    let result: unknown;
    try {
      result = JSON.parse(payload);
    } catch {
      result = { result: payload };
    }
    if (typeof result !== 'object' || result === null || Array.isArray(result)) result = { result };
    const record = result as RpcResult;
    if ('error' in record && record.error)
      p.reject(new AppError('DEVICE_REJECTED', `The device refused the command: ${String(record.error)}`));
    else p.resolve(record);
  }

  transport.onConnection(connection);
  transport.onMessage((msg: DeviceMessage) => {
    // A status is the device's word on its connection (or its will, sent by the broker), not activity.
    if (msg.kind !== 'provision' && msg.kind !== 'status') heard(msg.deviceId);
    switch (msg.kind) {
      case 'telemetry':
        pipeline.accept(msg.deviceId, msg.payload);
        return;
      case 'attributes':
        pipeline.acceptAttributes(msg.deviceId, msg.payload);
        return;
      case 'attributes/request':
        attributes
          .answerRequest(msg.deviceId, msg.requestId ?? '', msg.payload)
          .catch((err: unknown) => log.error({ err }, 'attributes request failed'));
        return;
      case 'rpc/response':
        answerRpc(msg.deviceId, msg.requestId, msg.payload);
        return;
      case 'rpc/call':
        answerCall(msg.deviceId, msg.requestId ?? '', msg.payload);
        return;
      case 'claim':
        deps.edge
          ?.claimFromDevice(msg.deviceId, msg.payload)
          .catch((err: unknown) => log.error({ err }, 'claim message failed'));
        return;
      case 'provision': {
        const answer = deps.edge
          ? deps.edge.provision(msg.payload)
          : Promise.resolve({ status: 'FAILURE', errorMsg: 'Provisioning is not available' });
        answer.then(
          (body) => reply(provisionTopic(msg.deviceId), body),
          (err: unknown) => {
            log.error({ err }, 'provisioning failed');
            return reply(provisionTopic(msg.deviceId), {
              status: 'FAILURE',
              errorMsg: 'Provisioning failed',
            });
          },
        );
        return;
      }
      case 'fw/request':
        answerChunk(msg.deviceId, msg.requestId ?? '', msg.payload);
        return;
      case 'status': {
        const text = msg.payload.trim();
        if (text === 'online' || text === 'offline') connection(msg.deviceId, text === 'online');
        return;
      }
      default:
        return;
    }
  });

  return {
    /**
     * Send an RPC. Two-way waits for the device's answer up to `timeoutMs`; one-way returns once the
     * broker has the request.
     */
    async rpc(
      deviceId: string,
      body: { method: string; params?: unknown },
      opts: { twoWay: boolean; timeoutMs: number },
    ): Promise<RpcResult> {
      const id = requestId(deviceId);
      const payload = JSON.stringify({ method: body.method, params: body.params ?? {} });
      if (!opts.twoWay) {
        await transport.publish(deviceTopics.rpcRequest(deviceId, id), payload);
        return {};
      }
      const key = `${deviceId}|${id}`;
      const answer = new Promise<RpcResult>((resolve, reject) => {
        const timer = setTimeout(() => {
          pending.delete(key);
          reject(new AppError('DEVICE_NO_ANSWER'));
        }, opts.timeoutMs);
        pending.set(key, { resolve, reject, timer });
      });
      try {
        await transport.publish(deviceTopics.rpcRequest(deviceId, id), payload);
      } catch {
        const p = pending.get(key);
        if (p) clearTimeout(p.timer);
        pending.delete(key);
        throw new AppError('DEVICE_NO_ANSWER');
      }
      return answer;
    },

    /** Marks devices silent past the inactivity timeout now (the server does so every few seconds). */
    sweep,

    /** Who answers devices' firmware chunk requests (the firmware module, made after the gateway). */
    onFirmwareChunk(handler: FirmwareChunks): void {
      firmwareChunks = handler;
    },

    close(): void {
      clearInterval(sweeper);
      stopListening();
      for (const p of pending.values()) {
        clearTimeout(p.timer);
        p.reject(new AppError('DEVICE_NO_ANSWER'));
      }
      pending.clear();
    },
  };
}

export type Gateway = ReturnType<typeof createGateway>;
