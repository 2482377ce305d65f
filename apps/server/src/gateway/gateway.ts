import { randomInt } from 'node:crypto';
import { deviceTopics, type RpcResult, type TelemetryValue } from '@hestia/contract';
import { AppError } from '../errors.ts';
import type { Clock } from '../services/clock.ts';
import type { TelemetryService } from '../services/telemetry.service.ts';
import type { BrokerTransport, DeviceMessage } from './transport.ts';

/** Characters of one telemetry message (64 Ki); longer ones are dropped. */
const MAX_PAYLOAD = 64 * 1024;
const MAX_KEYS = 500;

interface Pending {
  resolve: (r: RpcResult) => void;
  reject: (e: AppError) => void;
  timer: NodeJS.Timeout;
}

function isValue(v: unknown): v is TelemetryValue {
  return typeof v === 'string' || typeof v === 'boolean' || (typeof v === 'number' && Number.isFinite(v));
}

/**
 * ThingsBoard telemetry payloads: `{k: v}`, `{ts, values: {k: v}}`, or an array of either.
 * Nested objects are kept as JSON text; anything else is dropped.
 */
export function parseTelemetry(
  payload: string,
  now: number,
): Array<{ ts: number; values: Record<string, TelemetryValue> }> {
  if (payload.length > MAX_PAYLOAD) return [];
  let body: unknown;
  try {
    body = JSON.parse(payload);
  } catch {
    return [];
  }
  const items = Array.isArray(body) ? body : [body];
  const out: Array<{ ts: number; values: Record<string, TelemetryValue> }> = [];
  for (let i = 0; i < items.length && i < MAX_KEYS; i++) {
    const item: unknown = items[i];
    if (typeof item !== 'object' || item === null) continue;
    const rec = item as Record<string, unknown>;
    const hasTs = typeof rec.ts === 'number' && typeof rec.values === 'object' && rec.values !== null;
    const source = (hasTs ? rec.values : rec) as Record<string, unknown>;
    const values: Record<string, TelemetryValue> = {};
    let n = 0;
    for (const k in source) {
      if (n++ >= MAX_KEYS) break;
      if (k.length > 128) continue;
      const v = source[k];
      if (isValue(v)) values[k] = v;
      else if (typeof v === 'object' && v !== null) values[k] = JSON.stringify(v);
    }
    out.push({ ts: hasTs ? (rec.ts as number) : now, values });
  }
  return out;
}

/** Device side of the server: telemetry in, connection state, and RPC out with its answer. */
export function createGateway(deps: {
  transport: BrokerTransport;
  telemetry: TelemetryService;
  clock: Clock;
}) {
  const { transport, telemetry, clock } = deps;
  const pending = new Map<string, Pending>();
  // Request ids are unique per instance; a random start keeps instances sharing a broker apart.
  let nextId = randomInt(1, 2 ** 40);

  // Server-stamped telemetry gets a time per device that always moves forward: messages that
  // queued up and are read in the same millisecond stay separate samples instead of colliding on
  // (device, key, ts) and being dropped as repeats.
  const lastStamp = new Map<string, number>();
  function stamp(deviceId: string): number {
    const now = clock.now();
    const last = lastStamp.get(deviceId) ?? 0;
    const ts = now > last ? now : last + 1;
    lastStamp.set(deviceId, ts);
    return ts;
  }

  function connection(deviceId: string, connected: boolean): void {
    const ts = clock.now();
    if (!connected) lastStamp.delete(deviceId);
    telemetry.ingest(
      deviceId,
      connected ? { active: true, lastConnectTime: ts } : { active: false, lastDisconnectTime: ts },
      ts,
    );
  }

  transport.onConnection(connection);
  transport.onMessage((msg: DeviceMessage) => {
    switch (msg.kind) {
      case 'telemetry':
      case 'attributes':
        for (const { ts, values } of parseTelemetry(msg.payload, stamp(msg.deviceId)))
          telemetry.ingest(msg.deviceId, values, ts);
        return;
      case 'status': {
        const text = msg.payload.trim();
        if (text === 'online' || text === 'offline') connection(msg.deviceId, text === 'online');
        return;
      }
      case 'rpc/response': {
        const key = `${msg.deviceId}|${msg.requestId}`;
        const p = pending.get(key);
        if (!p) return;
        pending.delete(key);
        clearTimeout(p.timer);
        let result: unknown;
        try {
          result = JSON.parse(msg.payload);
        } catch {
          result = { result: msg.payload };
        }
        if (typeof result !== 'object' || result === null || Array.isArray(result)) result = { result };
        const record = result as RpcResult;
        if ('error' in record && record.error)
          p.reject(
            new AppError('DEVICE_REJECTED', `The device refused the command: ${String(record.error)}`),
          );
        else p.resolve(record);
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
      const id = nextId++;
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

    close(): void {
      for (const p of pending.values()) {
        clearTimeout(p.timer);
        p.reject(new AppError('DEVICE_NO_ANSWER'));
      }
      pending.clear();
    },
  };
}

export type Gateway = ReturnType<typeof createGateway>;
