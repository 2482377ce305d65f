import { randomInt } from 'node:crypto';
import { deviceTopics, type RpcResult } from '@hestia/contract';
import { AppError } from '../errors.ts';
import type { Clock } from '../services/clock.ts';
import type { TelemetryService } from '../services/telemetry.service.ts';
import type { TelemetryPipeline } from '../telemetry/pipeline.ts';
import type { BrokerTransport, DeviceMessage } from './transport.ts';

interface Pending {
  resolve: (r: RpcResult) => void;
  reject: (e: AppError) => void;
  timer: NodeJS.Timeout;
}

/** Device side of the server: telemetry in, connection state, and RPC out with its answer. */
export function createGateway(deps: {
  transport: BrokerTransport;
  telemetry: TelemetryService;
  pipeline: TelemetryPipeline;
  clock: Clock;
}) {
  const { transport, telemetry, pipeline, clock } = deps;
  const pending = new Map<string, Pending>();
  // Request ids are unique per instance; a random start keeps instances sharing a broker apart.
  let nextId = randomInt(1, 2 ** 40);

  function connection(deviceId: string, connected: boolean): void {
    const ts = clock.now();
    if (!connected) pipeline.forget(deviceId);
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
        pipeline.accept(msg.deviceId, msg.payload);
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
