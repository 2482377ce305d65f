import type { TelemetryValue } from '@hestia/contract';
import type { LiveBus, TelemetryEvent } from '../live/bus.ts';
import type { Sample, TelemetryRepository } from '../repositories/telemetry.repository.ts';
import type { Clock } from './clock.ts';

export type LatestValues = Map<string, [number, TelemetryValue]>;

const FLUSH_MS = 200;
const FLUSH_ROWS = 5000;
/** Latest values go to the database at most once a second (coalesced), history every batch. */
const LATEST_MS = 1000;
const MAX_PENDING = 200_000;

/**
 * Device telemetry: every event goes out on the bus, into the latest-value cache, and into history
 * in batches (PGlite takes ~3k single inserts/s but ~100k rows/s in one statement).
 */
export function telemetryService(deps: {
  repo: TelemetryRepository;
  bus: LiveBus;
  clock: Clock;
  log: { error(obj: unknown, msg: string): void };
}) {
  const { repo, bus, clock, log } = deps;
  const latest = new Map<string, LatestValues>();
  const loaded = new Set<string>();
  let pending: Sample[] = [];
  let timer: NodeJS.Timeout | undefined;
  let flushing: Promise<void> = Promise.resolve();

  function merge(deviceId: string, ts: number, values: Record<string, TelemetryValue>): void {
    let m = latest.get(deviceId);
    if (!m) {
      m = new Map();
      latest.set(deviceId, m);
    }
    for (const [key, value] of Object.entries(values)) {
      const prev = m.get(key);
      if (!prev || prev[0] <= ts) m.set(key, [ts, value]);
    }
  }

  type IngestListener = (
    deviceId: string,
    values: Record<string, TelemetryValue>,
    previous: Record<string, TelemetryValue | undefined>,
    ts: number,
  ) => Promise<void> | void;
  const listeners: IngestListener[] = [];

  const unsubscribe = bus.subscribe((e: TelemetryEvent) => merge(e.deviceId, e.ts, e.values));

  // Latest values waiting for the database, one per device and key (the newest).
  let latestPending = new Map<string, Sample>();
  let latestWrittenAt = 0;

  function keepLatest(s: Sample): void {
    const k = `${s.deviceId}|${s.key}`;
    const prev = latestPending.get(k);
    if (!prev || prev.ts <= s.ts) latestPending.set(k, s);
  }

  /** Writes the history batch, and the latest values when `all` or a second has passed. */
  function write(all: boolean): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = undefined;
    const batch = pending;
    pending = [];
    const latestDue = all || performance.now() - latestWrittenAt >= LATEST_MS;
    const latestBatch = latestDue ? [...latestPending.values()] : [];
    if (latestDue) {
      latestPending = new Map();
      latestWrittenAt = performance.now();
    }
    if (batch.length > 0 || latestBatch.length > 0)
      flushing = flushing.then(() =>
        repo.writeBatch(batch, latestBatch).catch((err: unknown) => {
          log.error({ err, rows: batch.length }, 'telemetry batch write failed; will retry');
          pending = batch.concat(pending).slice(-MAX_PENDING);
          for (const s of latestBatch) keepLatest(s);
          schedule();
        }),
      );
    if (latestPending.size > 0) schedule();
    return flushing;
  }

  function flush(): Promise<void> {
    return write(true);
  }

  function schedule(): void {
    if (pending.length >= FLUSH_ROWS) void write(false);
    else if (!timer) timer = setTimeout(() => void write(false), FLUSH_MS);
  }

  return {
    /** Record telemetry from a device. `ts` defaults to now. */
    ingest(deviceId: string, values: Record<string, TelemetryValue>, ts = clock.now()): void {
      const keys = Object.keys(values);
      if (keys.length === 0) return;
      const known = latest.get(deviceId);
      const previous: Record<string, TelemetryValue | undefined> = {};
      for (const key of keys) previous[key] = known?.get(key)?.[1];
      merge(deviceId, ts, values);
      for (const key of keys) {
        const sample = { deviceId, key, ts, value: values[key] as TelemetryValue };
        pending.push(sample);
        keepLatest(sample);
      }
      schedule();
      bus.publish({ deviceId, ts, values });
      for (const listener of listeners) {
        Promise.resolve(listener(deviceId, values, previous, ts)).catch((err: unknown) =>
          log.error({ err }, 'telemetry listener failed'),
        );
      }
    },

    /**
     * Called for telemetry this instance ingested (not for what other instances share on the bus),
     * with the values it replaced: automations trigger here, once per message.
     */
    onIngest(listener: IngestListener): void {
      listeners.push(listener);
    },

    /** Latest values of each device, from the cache, loading from the database once per device. */
    async latestFor(deviceIds: string[]): Promise<Map<string, LatestValues>> {
      const missing = deviceIds.filter((id) => !loaded.has(id));
      if (missing.length > 0) {
        const rows = await repo.latest(missing);
        for (const r of rows) merge(r.deviceId, r.ts, { [r.key]: r.value });
        for (const id of missing) loaded.add(id);
      }
      return new Map(deviceIds.map((id) => [id, latest.get(id) ?? new Map()]));
    },

    /** The cached latest value of one key, without touching the database. */
    cached(deviceId: string, key: string): TelemetryValue | undefined {
      return latest.get(deviceId)?.get(key)?.[1];
    },

    flush,

    async close(): Promise<void> {
      unsubscribe();
      await flush();
      await flushing;
    },
  };
}

export type TelemetryService = ReturnType<typeof telemetryService>;
