import type { TelemetryValue } from '@hestia/contract';
import { Redis } from 'ioredis';

export interface TelemetryEvent {
  deviceId: string;
  ts: number;
  values: Record<string, TelemetryValue>;
}

/** Fan-out of device telemetry to every server instance (and so to every socket). */
export interface LiveBus {
  publish(event: TelemetryEvent): void;
  subscribe(handler: (event: TelemetryEvent) => void): () => void;
  close(): Promise<void>;
}

class Handlers {
  private readonly set = new Set<(e: TelemetryEvent) => void>();
  add(h: (e: TelemetryEvent) => void): () => void {
    this.set.add(h);
    return () => this.set.delete(h);
  }
  emit(e: TelemetryEvent): void {
    for (const h of this.set) h(e);
  }
}

/** Embedded mode: one process, so a direct call. */
export function inProcessBus(): LiveBus {
  const handlers = new Handlers();
  return {
    publish: (e) => handlers.emit(e),
    subscribe: (h) => handlers.add(h),
    close: async () => undefined,
  };
}

const CHANNEL = 'hestia:telemetry';

/** Scaled mode: Redis pub/sub; every instance, the publisher included, hears every event once. */
export async function redisBus(url: string, onError: (err: Error) => void): Promise<LiveBus> {
  const pub = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 3 });
  const sub = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 3 });
  pub.on('error', onError);
  sub.on('error', onError);
  await Promise.all([pub.connect(), sub.connect()]);
  const handlers = new Handlers();
  sub.on('message', (_channel: string, message: string) => {
    try {
      handlers.emit(JSON.parse(message) as TelemetryEvent);
    } catch (err) {
      onError(err as Error);
    }
  });
  await sub.subscribe(CHANNEL);
  return {
    publish: (e) => {
      pub.publish(CHANNEL, JSON.stringify(e)).catch(onError);
    },
    subscribe: (h) => handlers.add(h),
    close: async () => {
      sub.disconnect();
      await pub.quit().catch(() => undefined);
    },
  };
}
