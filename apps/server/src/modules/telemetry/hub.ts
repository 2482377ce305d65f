import { type TelemetryValue, valueText, type WsData, type WsUpdate } from '@hestia/contract';
import type { LatestValues } from '../../core/live-bus.ts';
import type { AttributeEvent, LiveBus, TelemetryEvent } from '../../live/bus.ts';
import type { AttributeScope } from './attribute.repository.ts';

/** One client subscription: a socket's `cmdId` on one device, for some keys or all. */
export interface Subscription {
  cmdId: number;
  deviceId: string;
  userId: string;
  keys: Set<string> | null;
  /** An attribute subscription (of one scope, or all when null) rather than telemetry. */
  attributes?: { scope: AttributeScope | null };
  send(update: WsUpdate): void;
  /** Forget this subscription on its socket (access was withdrawn). */
  drop(): void;
}

export function toWsData(
  values: Iterable<[string, [number, TelemetryValue]]>,
  keys: Set<string> | null,
): WsData {
  const data: WsData = {};
  for (const [key, [ts, value]] of values) {
    if (keys && !keys.has(key)) continue;
    data[key] = [[ts, valueText(value)]];
  }
  return data;
}

/** Routes telemetry and attribute events from the bus to the subscriptions of their device. */
export function createHub(bus: LiveBus) {
  const byDevice = new Map<string, Set<Subscription>>();

  /**
   * Sends one event's values (and removed keys, as ThingsBoard's socket sends them: the key with no
   * points) to the device's subscriptions that `wants` it.
   */
  function deliver(
    deviceId: string,
    ts: number,
    values: Record<string, TelemetryValue>,
    wants: (sub: Subscription) => boolean,
    deleted: string[] = [],
  ): void {
    const subs = byDevice.get(deviceId);
    if (!subs) return;
    const entries: Array<[string, [number, TelemetryValue]]> = Object.entries(values).map(([k, v]) => [
      k,
      [ts, v],
    ]);
    for (const sub of subs) {
      if (!wants(sub)) continue;
      const data = toWsData(entries, sub.keys);
      for (const key of deleted) if (!sub.keys || sub.keys.has(key)) data[key] = [];
      if (Object.keys(data).length > 0)
        sub.send({ subscriptionId: sub.cmdId, errorCode: 0, errorMsg: null, data });
    }
  }

  const unsubscribe = bus.subscribe((e: TelemetryEvent) =>
    deliver(e.deviceId, e.ts, e.values, (sub) => !sub.attributes),
  );
  const unsubscribeAttributes = bus.onAttributes((e: AttributeEvent) =>
    deliver(
      e.deviceId,
      e.ts,
      e.values,
      (sub) => !!sub.attributes && (!sub.attributes.scope || sub.attributes.scope === e.scope),
      e.deleted,
    ),
  );

  return {
    add(sub: Subscription, latest: LatestValues): void {
      let set = byDevice.get(sub.deviceId);
      if (!set) {
        set = new Set();
        byDevice.set(sub.deviceId, set);
      }
      set.add(sub);
      sub.send({ subscriptionId: sub.cmdId, errorCode: 0, errorMsg: null, data: toWsData(latest, sub.keys) });
    },
    remove(sub: Subscription): void {
      const set = byDevice.get(sub.deviceId);
      set?.delete(sub);
      if (set && set.size === 0) byDevice.delete(sub.deviceId);
    },
    /** The subscriptions of one device (a copy, safe to change the hub while iterating). */
    forDevice(deviceId: string): Subscription[] {
      return [...(byDevice.get(deviceId) ?? [])];
    },
    close(): void {
      unsubscribe();
      unsubscribeAttributes();
      byDevice.clear();
    },
  };
}

export type Hub = ReturnType<typeof createHub>;
