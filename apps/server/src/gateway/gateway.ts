import { randomInt } from 'node:crypto';
import { deviceTopics, type RpcResult } from '@hestia/contract';
import { AppError } from '../errors.ts';
import type { AttributeService } from '../services/attribute.service.ts';
import type { Clock } from '../services/clock.ts';
import type { TelemetryService } from '../services/telemetry.service.ts';
import { LIMITS } from '../telemetry/decode.ts';
import type { TelemetryPipeline } from '../telemetry/pipeline.ts';
import { provisionTopic } from './broker-protocol.ts';
import type { BrokerTransport, DeviceMessage } from './transport.ts';

interface Pending {
  resolve: (r: RpcResult) => void;
  reject: (e: AppError) => void;
  timer: NodeJS.Timeout;
}

/** Command request ids fit a signed 32-bit integer: ThingsBoard's firmware SDKs read them with `atoi`. */
export const MAX_REQUEST_ID = 2 ** 31 - 1;

/**
 * Telemetry keys the gateway keeps for a device's connection: users may read them, never write them
 * (ThingsBoard keeps them as server attributes; Hestia as telemetry, decision 019).
 */
export const CONNECTION_KEYS: ReadonlySet<string> = new Set([
  'active',
  'lastConnectTime',
  'lastDisconnectTime',
  'lastActivityTime',
  'inactivityAlarmTime',
]);

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

  /** Connected devices and when each was last heard from; those marked inactive since. */
  const lastHeard = new Map<string, number>();
  const inactive = new Set<string>();

  function connection(deviceId: string, connected: boolean): void {
    const ts = clock.now();
    inactive.delete(deviceId);
    if (connected) lastHeard.set(deviceId, ts);
    else {
      lastHeard.delete(deviceId);
      pipeline.forget(deviceId);
    }
    telemetry.ingest(
      deviceId,
      connected ? { active: true, lastConnectTime: ts } : { active: false, lastDisconnectTime: ts },
      ts,
    );
  }

  function heard(deviceId: string): void {
    const now = clock.now();
    if (lastHeard.has(deviceId)) lastHeard.set(deviceId, now);
    if (inactive.delete(deviceId)) telemetry.ingest(deviceId, { active: true, lastActivityTime: now }, now);
  }

  /** Marks connected devices silent for longer than the timeout inactive (they stay connected). */
  function sweep(): void {
    const now = clock.now();
    for (const [deviceId, at] of lastHeard) {
      if (inactive.has(deviceId) || now - at <= deps.inactivityTimeoutMs) continue;
      inactive.add(deviceId);
      telemetry.ingest(deviceId, { active: false, inactivityAlarmTime: now }, now);
    }
  }
  const sweeper = setInterval(sweep, Math.min(10_000, Math.max(1000, deps.inactivityTimeoutMs / 4)));
  sweeper.unref();

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
    if (msg.kind !== 'provision') heard(msg.deviceId);
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

    close(): void {
      clearInterval(sweeper);
      for (const p of pending.values()) {
        clearTimeout(p.timer);
        p.reject(new AppError('DEVICE_NO_ANSWER'));
      }
      pending.clear();
    },
  };
}

export type Gateway = ReturnType<typeof createGateway>;
