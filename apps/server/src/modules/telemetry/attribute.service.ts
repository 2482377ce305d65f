import { deviceTopics, type TelemetryValue } from '@hestia/contract';
import type { Clock } from '../../core/clock.ts';
import type { LiveBus } from '../../core/live-bus.ts';
import type { Attribute, AttributeRepository, AttributeScope } from './attribute.repository.ts';

/** Keys named in an attributes request: ThingsBoard sends them comma-separated (arrays taken too). */
function keyList(v: unknown): string[] | undefined {
  if (typeof v === 'string')
    return v
      .split(',')
      .map((k) => k.trim())
      .filter(Boolean)
      .slice(0, 1000);
  if (Array.isArray(v)) return v.filter((k): k is string => typeof k === 'string').slice(0, 1000);
  return undefined;
}

const asObject = (list: Attribute[]) => Object.fromEntries(list.map((a) => [a.key, a.value]));

/** Publishes to a device's topic; the broker transport is one. */
export interface DevicePublisher {
  publish(topic: string, payload: string): Promise<void>;
}

export interface AttributeDeps {
  repo: AttributeRepository;
  bus: LiveBus;
  /** Where shared attributes and attribute answers go to the device (the gateway's broker transport). */
  transport: DevicePublisher;
  clock: Clock;
  log: { warn(obj: unknown, msg: string): void };
}

/**
 * Device attributes in ThingsBoard's three scopes, kept apart from telemetry: `client` as the device
 * reports them, `shared` set by users and pushed to the device (which may also ask for them),
 * `server` set by users for the server's own use. Every change goes out on the bus (sockets'
 * attribute subscriptions).
 */
export class AttributeService {
  constructor(private readonly deps: AttributeDeps) {}

  private async save(
    deviceId: string,
    scope: AttributeScope,
    values: Record<string, TelemetryValue>,
    ts = this.deps.clock.now(),
  ): Promise<void> {
    const { bus, repo, transport } = this.deps;
    if (Object.keys(values).length === 0) return;
    await repo.save(deviceId, scope, values, ts);
    bus.publishAttributes({ deviceId, scope, ts, values });
    // A device that is offline gets them when it asks (ThingsBoard's firmware asks on connect).
    if (scope === 'shared')
      await transport
        .publish(deviceTopics.sharedAttributes(deviceId), JSON.stringify(values))
        .catch(() => undefined);
  }

  readonly list = (deviceId: string, scope?: AttributeScope, keys?: string[]) =>
    this.deps.repo.list(deviceId, scope, keys);

  /** The device reported its own attributes (already validated). */
  readonly fromDevice = (deviceId: string, values: Record<string, TelemetryValue>, ts: number) =>
    this.save(deviceId, 'client', values, ts);

  /** A user sets shared or server attributes (client attributes are the device's alone). */
  readonly set = (deviceId: string, scope: 'shared' | 'server', values: Record<string, TelemetryValue>) =>
    this.save(deviceId, scope, values);

  /** Removes keys; a device hears of removed shared attributes as ThingsBoard says it (`deleted`). */
  async remove(deviceId: string, scope: AttributeScope, keys: string[]): Promise<string[]> {
    const { bus, clock, repo, transport } = this.deps;
    const removed = await repo.remove(deviceId, scope, keys);
    if (removed.length === 0) return removed;
    bus.publishAttributes({ deviceId, scope, ts: clock.now(), values: {}, deleted: removed });
    if (scope === 'shared')
      await transport
        .publish(deviceTopics.sharedAttributes(deviceId), JSON.stringify({ deleted: removed }))
        .catch(() => undefined);
    return removed;
  }

  /**
   * Answers a device's `attributes/request/{n}`: `{clientKeys, sharedKeys}` (comma-separated)
   * gives `{client: {...}, shared: {...}}` with the scopes asked for, or both scopes whole when
   * neither is named. A request that is not JSON gets both scopes whole, as an empty one does.
   */
  async answerRequest(deviceId: string, requestId: string, payload: string): Promise<void> {
    const { log, repo, transport } = this.deps;
    let body: Record<string, unknown> = {};
    try {
      const parsed: unknown = JSON.parse(payload || '{}');
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
        body = parsed as Record<string, unknown>;
    } catch {
      log.warn({ deviceId }, 'attributes request is not JSON; answering with every attribute');
    }
    const clientKeys = keyList(body.clientKeys);
    const sharedKeys = keyList(body.sharedKeys);
    const all = clientKeys === undefined && sharedKeys === undefined;
    const answer: Record<string, Record<string, TelemetryValue>> = {};
    if (all || clientKeys) answer.client = asObject(await repo.list(deviceId, 'client', clientKeys));
    if (all || sharedKeys) answer.shared = asObject(await repo.list(deviceId, 'shared', sharedKeys));
    await transport.publish(deviceTopics.attributesResponse(deviceId, requestId), JSON.stringify(answer));
  }
}
