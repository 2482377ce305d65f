import type { TelemetryValue } from '@hestia/contract';
import type { LiveBus, TelemetryEvent } from '../live/bus.ts';
import type { Reading, Sample, TelemetryRepository } from '../repositories/telemetry.repository.ts';
import type { Clock } from './clock.ts';

export type LatestValues = Map<string, [number, TelemetryValue]>;

const FLUSH_MS = 200;
const FLUSH_ROWS = 5000;
/** Latest values go to the database at most once a second (coalesced), history every batch. */
const LATEST_MS = 1000;
/** Messages of history kept in memory while the database refuses writes (the oldest go first). */
const MAX_PENDING = 200_000;
/** Longest wait between retries while the database is away. */
const MAX_RETRY_MS = 5000;

/**
 * SQLSTATE classes that say the rows themselves are wrong (22 data exception, 23 integrity
 * constraint, 54 program limit exceeded): the same rows would fail on every retry.
 */
const DATA_ERROR = /^(22|23|54)/;

/** The database's error code, looking through drizzle's wrapper. */
function sqlState(err: unknown): string | undefined {
  for (let e = err, i = 0; e && typeof e === 'object' && i < 4; e = (e as { cause?: unknown }).cause, i++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

const isDataError = (err: unknown): boolean => DATA_ERROR.test(sqlState(err) ?? '');

/** What is logged of a database error: its code and the database's message, never the statement or its values. */
function errorSummary(err: unknown): { code?: string; message: string } {
  let e = err;
  while (e && typeof e === 'object' && (e as { cause?: unknown }).cause) e = (e as { cause: unknown }).cause;
  const message = e instanceof Error ? e.message : String(e);
  return { code: sqlState(err), message: message.slice(0, 200) };
}

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
 * Device telemetry: every event goes out on the bus, into the latest-value cache, and into history
 * in batches (PGlite takes ~3k single inserts/s but ~100k rows/s in one statement).
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

  function merge(deviceId: string, ts: number, values: Record<string, TelemetryValue>): void {
    let m = latest.get(deviceId);
    if (!m) {
      m = new Map();
      latest.set(deviceId, m);
    }
    for (const key in values) {
      const value = values[key] as TelemetryValue;
      const prev = m.get(key);
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
    previous: Record<string, TelemetryValue | undefined>,
    ts: number,
  ) => Promise<void> | undefined;
  const listeners: IngestListener[] = [];

  const unsubscribe = bus.subscribe((e: TelemetryEvent) => merge(e.deviceId, e.ts, e.values));

  // Devices and keys whose latest value waits for the database; the value itself is the newest in
  // `latest` when the write happens (one row per device and key however many samples came).
  let dirty = new Map<string, Set<string>>();
  let latestWrittenAt = 0;

  function markDirty(deviceId: string, keys: Iterable<string>): void {
    let set = dirty.get(deviceId);
    if (!set) {
      set = new Set();
      dirty.set(deviceId, set);
    }
    for (const key of keys) set.add(key);
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
                { err: errorSummary(err), messages: batch.length },
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
            for (const s of latestBatch) markDirty(s.deviceId, [s.key]);
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
        err: errorSummary(history.err ?? latestRows.err),
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

  return {
    /** Record telemetry from a device. `ts` defaults to now. */
    ingest(deviceId: string, values: Record<string, TelemetryValue>, ts = clock.now()): void {
      const keys = Object.keys(values);
      if (keys.length === 0) return;
      const known = latest.get(deviceId);
      const previous: Record<string, TelemetryValue | undefined> = {};
      for (const key of keys) previous[key] = known?.get(key)?.[1];
      merge(deviceId, ts, values);
      pending.push({ deviceId, ts, values });
      pendingRows += keys.length;
      markDirty(deviceId, keys);
      schedule();
      bus.publish({ deviceId, ts, values });
      // Listeners answer at once for the messages they ignore (most): a promise only when working.
      for (const listener of listeners) {
        try {
          listener(deviceId, values, previous, ts)?.catch((err: unknown) =>
            log.error({ err }, 'telemetry listener failed'),
          );
        } catch (err) {
          log.error({ err }, 'telemetry listener failed');
        }
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

    /** Counts of refused writes and dropped telemetry since start. */
    metrics: () => ({ ...metrics }),

    async close(): Promise<void> {
      unsubscribe();
      await flush();
      await flushing;
    },
  };
}

export type TelemetryService = ReturnType<typeof telemetryService>;
