import type { TelemetryValue } from '@hestia/contract';
import type { Clock } from '../../core/clock.ts';
import type { ActivityNotice, LatestValues, LiveBus, TelemetryEvent } from '../../core/live-bus.ts';
import { dbErrorFields, isDataError } from './db-errors.ts';
import { store } from './pipeline.ts';
import type { Reading, Sample, TelemetryRepository } from './telemetry.repository.ts';

export type { LatestValues };

/**
 * The values a sample replaced in the latest-value cache, by key (undefined: none yet). It has no
 * prototype, so a key named `__proto__` or `toString` is a key like any other.
 */
export type Previous = Record<string, TelemetryValue | undefined>;

const FLUSH_MS = 200;
const FLUSH_ROWS = 5000;
/** Latest values go to the database at most once a second (coalesced), history every batch. */
const LATEST_MS = 1000;
/** Messages of history kept in memory while the database refuses writes (the oldest go first). */
const MAX_PENDING = 200_000;
/** Longest wait between retries while the database is away. */
const MAX_RETRY_MS = 5000;

/** Halves `items` until the parts `write` refuses with a data error are single items. */
async function isolate<T>(
  items: T[],
  write: (part: T[]) => Promise<void>,
): Promise<{ dropped: T[]; err?: unknown }> {
  if (items.length === 0) return { dropped: [] };
  if (items.length > 1) {
    const mid = items.length >> 1;
    const a = await isolateOrWrite(items.slice(0, mid), write);
    const b = await isolateOrWrite(items.slice(mid), write);
    return { dropped: [...a.dropped, ...b.dropped], err: a.err ?? b.err };
  }
  return isolateOrWrite(items, write);
}

async function isolateOrWrite<T>(
  items: T[],
  write: (part: T[]) => Promise<void>,
): Promise<{ dropped: T[]; err?: unknown }> {
  try {
    await write(items);
    return { dropped: [] };
  } catch (err) {
    if (!isDataError(err)) throw err;
    return items.length === 1 ? { dropped: items, err } : isolate(items, write);
  }
}

/**
 * Device telemetry's state and the stages the pipeline runs in order (telemetry/pipeline.ts):
 * the latest-value cache, history in batches (PGlite takes ~3k single inserts/s but ~100k rows/s in
 * one statement), fan-out on the bus, and the triggers of this instance.
 */
export function telemetryService(deps: {
  repo: TelemetryRepository;
  bus: LiveBus;
  clock: Clock;
  log: { warn(obj: unknown, msg: string): void; error(obj: unknown, msg: string): void };
}) {
  const { repo, bus, clock, log } = deps;
  const latest = new Map<string, LatestValues>();
  const loaded = new Set<string>();
  // History waiting for the database: one entry per message (rows are made when it is written).
  let pending: Reading[] = [];
  let pendingRows = 0;
  let timer: NodeJS.Timeout | undefined;
  let flushing: Promise<void> = Promise.resolve();
  let retryMs = FLUSH_MS;
  const outage = { since: 0, loggedAt: 0 };
  /** Counts since start: what the database refused and what was dropped for it. */
  const metrics = { failedBatches: 0, droppedMessages: 0, droppedLatest: 0 };

  /** Into the cache; the values replaced go into `previous` when given. */
  function merge(
    deviceId: string,
    ts: number,
    values: Record<string, TelemetryValue>,
    previous?: Previous,
  ): void {
    let m = latest.get(deviceId);
    if (!m) {
      m = new Map();
      latest.set(deviceId, m);
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

  type IngestListener = (
    deviceId: string,
    values: Record<string, TelemetryValue>,
    previous: Previous,
    ts: number,
  ) => Promise<void> | undefined;
  const listeners: IngestListener[] = [];

  const unsubscribe = bus.subscribe((e: TelemetryEvent) => merge(e.deviceId, e.ts, e.values));

  // Devices and keys whose latest value waits for the database; the value itself is the newest in
  // `latest` when the write happens (one row per device and key however many samples came).
  let dirty = new Map<string, Set<string>>();
  let latestWrittenAt = 0;

  /** The keys of a device whose latest value waits for the database. */
  function dirtyKeys(deviceId: string): Set<string> {
    let set = dirty.get(deviceId);
    if (!set) {
      set = new Set();
      dirty.set(deviceId, set);
    }
    return set;
  }

  function takeDirty(): Sample[] {
    const out: Sample[] = [];
    for (const [deviceId, keys] of dirty) {
      const m = latest.get(deviceId);
      for (const key of keys) {
        const entry = m?.get(key);
        if (entry) out.push({ deviceId, key, ts: entry[0], value: entry[1] });
      }
    }
    dirty = new Map();
    return out;
  }

  /** Writes the history batch, and the latest values when `all` or a second has passed. */
  function write(all: boolean): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = undefined;
    const batch = pending;
    pending = [];
    pendingRows = 0;
    const latestDue = all || performance.now() - latestWrittenAt >= LATEST_MS;
    const latestBatch = latestDue ? takeDirty() : [];
    if (latestDue) latestWrittenAt = performance.now();
    if (batch.length > 0 || latestBatch.length > 0)
      flushing = flushing.then(() =>
        writeIsolating(batch, latestBatch).then(
          () => {
            if (outage.since) {
              log.warn({ waited: Date.now() - outage.since }, 'telemetry writes resumed');
              outage.since = 0;
            }
            retryMs = FLUSH_MS;
          },
          (err: unknown) => {
            // The database is not taking writes (not a fault of these rows): keep them and retry,
            // later each time, saying so once a minute rather than on every attempt.
            const now = Date.now();
            if (!outage.since) outage.since = now;
            if (now - outage.loggedAt >= 60_000) {
              outage.loggedAt = now;
              log.error(
                { ...dbErrorFields(err), messages: batch.length },
                'telemetry writes failing; will retry',
              );
            }
            pending = batch.concat(pending);
            if (pending.length > MAX_PENDING) {
              const lost = pending.length - MAX_PENDING;
              metrics.droppedMessages += lost;
              pending = pending.slice(lost);
            }
            pendingRows = pending.reduce((n, r) => n + Object.keys(r.values).length, 0);
            for (const s of latestBatch) dirtyKeys(s.deviceId).add(s.key);
            retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
            if (!timer) timer = setTimeout(() => void write(false), retryMs);
          },
        ),
      );
    if (dirty.size > 0) schedule();
    return flushing;
  }

  /**
   * Writes a batch; when the database refuses some of its rows (a data error, which no retry can
   * cure), the batch is halved until the refused messages are found, and only they are dropped,
   * with one log line and a count. Any other error (the database is away) is thrown for a retry.
   */
  async function writeIsolating(batch: Reading[], latestBatch: Sample[]): Promise<void> {
    try {
      await repo.writeBatch(batch, latestBatch);
      return;
    } catch (err) {
      if (!isDataError(err)) throw err;
    }
    const history = await isolate(batch, (part) => repo.writeBatch(part, []));
    const latestRows = await isolate(latestBatch, (part) => repo.writeBatch([], part));
    metrics.failedBatches += 1;
    metrics.droppedMessages += history.dropped.length;
    metrics.droppedLatest += latestRows.dropped.length;
    log.error(
      {
        ...dbErrorFields(history.err ?? latestRows.err),
        dropped: history.dropped.length + latestRows.dropped.length,
        devices: [...new Set([...history.dropped, ...latestRows.dropped].map((r) => r.deviceId))].slice(
          0,
          10,
        ),
      },
      'telemetry the database refused was dropped',
    );
  }

  function flush(): Promise<void> {
    return write(true);
  }

  function schedule(): void {
    if (pendingRows >= FLUSH_ROWS) void write(false);
    else if (!timer) timer = setTimeout(() => void write(false), FLUSH_MS);
  }

  /** Stage 4, the latest-value cache: each sample in order, and the values each one replaced. */
  function cache(samples: TelemetryEvent[]): Previous[] {
    const replaced: Previous[] = new Array(samples.length);
    for (let i = 0; i < samples.length; i++) {
      const s = samples[i] as TelemetryEvent;
      const previous: Previous = Object.create(null);
      merge(s.deviceId, s.ts, s.values, previous);
      replaced[i] = previous;
    }
    return replaced;
  }

  /** Stage 5, history: the samples join the next database batch (their keys' latest values too). */
  function history(samples: TelemetryEvent[]): void {
    for (const s of samples) {
      const keys = dirtyKeys(s.deviceId);
      let rows = 0;
      for (const key in s.values) {
        keys.add(key);
        rows++;
      }
      pending.push(s);
      pendingRows += rows;
    }
    if (samples.length > 0) schedule();
  }

  /** Stage 6, fan-out: on the bus, to every instance's cache and sockets. */
  function fanOut(samples: TelemetryEvent[]): void {
    for (const s of samples) bus.publish(s);
  }

  /** Stage 7, triggers: this instance's listeners, once per sample, with the values it replaced. */
  function trigger(samples: TelemetryEvent[], replaced: Previous[]): void {
    for (let i = 0; i < samples.length; i++) {
      const s = samples[i] as TelemetryEvent;
      const previous = replaced[i] as Previous;
      // Listeners answer at once for the messages they ignore (most): a promise only when working.
      for (const listener of listeners) {
        try {
          listener(s.deviceId, s.values, previous, s.ts)?.catch((err: unknown) =>
            log.error({ err }, 'telemetry listener failed'),
          );
        } catch (err) {
          log.error({ err }, 'telemetry listener failed');
        }
      }
    }
  }

  const stages = { cache, history, fanOut, trigger };

  return {
    cache,
    history,
    fanOut,
    trigger,

    /**
     * Telemetry the server makes itself, or a test feeds past validation: the pipeline's stages
     * 4–7 (telemetry/pipeline.ts). `ts` defaults to now.
     */
    ingest(deviceId: string, values: Record<string, TelemetryValue>, ts = clock.now()): void {
      if (Object.keys(values).length > 0) store(stages, [{ deviceId, ts, values }]);
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

    /** Counts of refused writes and dropped telemetry since start. */
    metrics: () => ({ ...metrics }),

    /**
     * Device activity shared with the other instances on the bus (the gateway keeps connection
     * state by it, decision 019); with one instance nothing goes anywhere.
     */
    shareActivity: (notice: ActivityNotice): void => bus.publishActivity(notice),
    onActivity: (handler: (notice: ActivityNotice) => void): (() => void) => bus.onActivity(handler),

    async close(): Promise<void> {
      unsubscribe();
      await flush();
      await flushing;
    },
  };
}

export type TelemetryService = ReturnType<typeof telemetryService>;
