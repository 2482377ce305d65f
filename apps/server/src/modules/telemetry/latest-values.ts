import type { TelemetryValue } from '@hestia/contract';
import type { LatestValues, LiveBus, TelemetryEvent } from '../../core/live-bus.ts';
import type { Sample, TelemetryRepository } from './telemetry.repository.ts';

/**
 * The values a sample replaced in the latest-value cache, by key (undefined: none yet). It has no
 * prototype, so a key named `__proto__` or `toString` is a key like any other.
 */
export type Previous = Record<string, TelemetryValue | undefined>;

/**
 * Each device's latest value of each key, in memory: what this instance ingests, what the other
 * instances share on the bus, and what the database holds (read once per device, again after a bus
 * outage, decision 044). It also remembers which keys' latest values wait for the database.
 */
export class LatestValueCache {
  private readonly latest = new Map<string, LatestValues>();

  /** Devices whose stored latest values have been read into the cache. */
  private readonly loaded = new Set<string>();

  // Devices and keys whose latest value waits for the database; the value itself is the newest in
  // `latest` when the write happens (one row per device and key however many samples came).
  private dirty = new Map<string, Set<string>>();

  /**
   * Follows the bus: other instances' samples merge in, and when the bus is back after an outage
   * (its events were missed) each device's latest values are read again. Returns the unsubscribe.
   */
  follow(bus: LiveBus): () => void {
    const unsubscribe = bus.subscribe((e: TelemetryEvent) => this.merge(e.deviceId, e.ts, e.values));
    const unresumed = bus.onResumed(() => this.loaded.clear());
    return () => {
      unsubscribe();
      unresumed();
    };
  }

  /** Into the cache; the values replaced go into `previous` when given. */
  merge(deviceId: string, ts: number, values: Record<string, TelemetryValue>, previous?: Previous): void {
    let m = this.latest.get(deviceId);
    if (!m) {
      m = new Map();
      this.latest.set(deviceId, m);
    }
    for (const key in values) {
      const value = values[key] as TelemetryValue;
      const prev = m.get(key);
      if (previous) previous[key] = prev?.[1];
      // Updated in place: no new pair per sample for the garbage collector to chase.
      if (!prev) m.set(key, [ts, value]);
      else if (prev[0] <= ts) {
        prev[0] = ts;
        prev[1] = value;
      }
    }
  }

  /** Each sample in order, and the values each one replaced. */
  mergeAll(samples: TelemetryEvent[]): Previous[] {
    const replaced: Previous[] = new Array(samples.length);
    for (let i = 0; i < samples.length; i++) {
      const s = samples[i] as TelemetryEvent;
      const previous: Previous = Object.create(null);
      this.merge(s.deviceId, s.ts, s.values, previous);
      replaced[i] = previous;
    }
    return replaced;
  }

  /** The keys of a device whose latest value waits for the database. */
  dirtyKeys(deviceId: string): Set<string> {
    let set = this.dirty.get(deviceId);
    if (!set) {
      set = new Set();
      this.dirty.set(deviceId, set);
    }
    return set;
  }

  /** Whether any latest value waits for the database. */
  hasDirty(): boolean {
    return this.dirty.size > 0;
  }

  /** The latest values waiting for the database, as rows; they wait no more. */
  takeDirty(): Sample[] {
    const out: Sample[] = [];
    for (const [deviceId, keys] of this.dirty) {
      const m = this.latest.get(deviceId);
      for (const key of keys) {
        const entry = m?.get(key);
        if (entry) out.push({ deviceId, key, ts: entry[0], value: entry[1] });
      }
    }
    this.dirty = new Map();
    return out;
  }

  /** Latest values of each device, loading from the database once per device. */
  async load(
    repo: Pick<TelemetryRepository, 'latest'>,
    deviceIds: string[],
  ): Promise<Map<string, LatestValues>> {
    const missing = deviceIds.filter((id) => !this.loaded.has(id));
    if (missing.length > 0) {
      const rows = await repo.latest(missing);
      for (const r of rows) this.merge(r.deviceId, r.ts, { [r.key]: r.value });
      for (const id of missing) this.loaded.add(id);
    }
    return new Map(deviceIds.map((id) => [id, this.latest.get(id) ?? new Map()]));
  }

  /** The cached latest value of one key, without touching the database. */
  get(deviceId: string, key: string): TelemetryValue | undefined {
    return this.latest.get(deviceId)?.get(key)?.[1];
  }
}
