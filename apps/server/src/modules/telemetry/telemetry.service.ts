import type { TelemetryValue } from '@hestia/contract';
import type { Clock } from '../../core/clock.ts';
import type { ActivityNotice, LatestValues, LiveBus, TelemetryEvent } from '../../core/live-bus.ts';
import { dbErrorFields, isDataError, isolate } from './db-errors.ts';
import { LatestValueCache, type Previous } from './latest-values.ts';
import { store } from './pipeline.ts';
import type { Reading, Sample, TelemetryRepository } from './telemetry.repository.ts';

export type { LatestValues, Previous };

const FLUSH_MS = 200;
const FLUSH_ROWS = 5000;
/** Latest values go to the database at most once a second (coalesced), history every batch. */
const LATEST_MS = 1000;
/** Messages of history kept in memory while the database refuses writes (the oldest go first). */
const MAX_PENDING = 200_000;
/** Longest wait between retries while the database is away. */
const MAX_RETRY_MS = 5000;

export interface TelemetryDeps {
  repo: TelemetryRepository;
  bus: LiveBus;
  clock: Clock;
  log: { warn(obj: unknown, msg: string): void; error(obj: unknown, msg: string): void };
}

type IngestListener = (
  deviceId: string,
  values: Record<string, TelemetryValue>,
  previous: Previous,
  ts: number,
) => Promise<void> | undefined;

/**
 * Device telemetry's state and the stages the pipeline runs in order (telemetry/pipeline.ts):
 * the latest-value cache (latest-values.ts), history in batches (PGlite takes ~3k single inserts/s but ~100k rows/s in
 * one statement), fan-out on the bus, and the triggers of this instance.
 */
export class TelemetryService {
  /** The latest values, and which of them wait for the database (latest-values.ts). */
  private readonly live = new LatestValueCache();

  // History waiting for the database: one entry per message (rows are made when it is written).
  private pending: Reading[] = [];

  private pendingRows = 0;

  // Durability (decision 040): every message queued for history, and every write `track`ed, gets a
  // sequence number; `stored()` waits until each one up to the last given is done.
  /** The last sequence number given. */
  private seq = 0;

  /** The sequence numbers of `pending`, entry for entry. */
  private pendingSeqs: number[] = [];

  /** Sequence numbers being written: one array per history batch in flight, one per tracked write. */
  private readonly writing = new Set<number[]>();

  /** Every sequence number up to this one is done (stored, or refused for good). */
  private doneUpTo = 0;

  private waiters: Array<{ upTo: number; resolve(): void }> = [];

  /** History batches written or waiting their turn to be (one write at a time). */
  private batchesWriting = 0;

  /** Group commit: someone waits, so the next batch goes as soon as the one being written is done. */
  private commitNext = false;

  private commitSoon: NodeJS.Immediate | undefined;

  private timer: NodeJS.Timeout | undefined;

  private flushing: Promise<void> = Promise.resolve();

  private retryMs = FLUSH_MS;

  private readonly outage = { since: 0, loggedAt: 0 };

  /** Counts since start: what the database refused and what was dropped for it. */
  private readonly counts = { failedBatches: 0, droppedMessages: 0, droppedLatest: 0 };

  private readonly listeners: IngestListener[] = [];

  private readonly unsubscribe: () => void;

  private latestWrittenAt = 0;

  constructor(private readonly deps: TelemetryDeps) {
    // Other instances' samples join the cache; after a bus outage it reads again (decision 044).
    this.unsubscribe = this.live.follow(deps.bus);
  }

  /** Writes the history batch, and the latest values when `all` or a second has passed. */
  private write(all: boolean): Promise<void> {
    const { log } = this.deps;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    const batch = this.pending;
    const seqs = this.pendingSeqs;
    this.pending = [];
    this.pendingSeqs = [];
    this.pendingRows = 0;
    if (seqs.length > 0) this.writing.add(seqs);
    if (batch.length > 0) this.batchesWriting++;
    const latestDue = all || performance.now() - this.latestWrittenAt >= LATEST_MS;
    const latestBatch = latestDue ? this.live.takeDirty() : [];
    if (latestDue) this.latestWrittenAt = performance.now();
    if (batch.length > 0 || latestBatch.length > 0)
      this.flushing = this.flushing.then(() =>
        this.writeIsolating(batch, latestBatch).then(
          () => {
            if (this.outage.since) {
              log.warn({ waited: Date.now() - this.outage.since }, 'telemetry writes resumed');
              this.outage.since = 0;
            }
            this.retryMs = FLUSH_MS;
            this.writing.delete(seqs);
            if (batch.length > 0) this.batchesWriting--;
            this.settle();
            if (this.commitNext) {
              this.commitNext = false;
              this.commit();
            }
          },
          (err: unknown) => {
            // The database is not taking writes (not a fault of these rows): keep them and retry,
            // later each time, saying so once a minute rather than on every attempt.
            const now = Date.now();
            if (!this.outage.since) this.outage.since = now;
            if (now - this.outage.loggedAt >= 60_000) {
              this.outage.loggedAt = now;
              log.error(
                { ...dbErrorFields(err), messages: batch.length },
                'telemetry writes failing; will retry',
              );
            }
            this.pending = batch.concat(this.pending);
            this.pendingSeqs = seqs.concat(this.pendingSeqs);
            this.writing.delete(seqs);
            if (batch.length > 0) this.batchesWriting--;
            if (this.pending.length > MAX_PENDING) {
              const lost = this.pending.length - MAX_PENDING;
              this.counts.droppedMessages += lost;
              this.pending = this.pending.slice(lost);
              this.pendingSeqs = this.pendingSeqs.slice(lost);
              // The oldest are given up: done, as far as waiting for them goes.
              this.settle();
            }
            this.pendingRows = this.pending.reduce((n, r) => n + Object.keys(r.values).length, 0);
            for (const s of latestBatch) this.live.dirtyKeys(s.deviceId).add(s.key);
            this.retryMs = Math.min(this.retryMs * 2, MAX_RETRY_MS);
            if (!this.timer) this.timer = setTimeout(() => void this.write(false), this.retryMs);
          },
        ),
      );
    if (this.live.hasDirty()) this.schedule();
    return this.flushing;
  }

  /**
   * Writes a batch; when the database refuses some of its rows (a data error, which no retry can
   * cure), the batch is halved until the refused messages are found, and only they are dropped,
   * with one log line and a count. Any other error (the database is away) is thrown for a retry.
   */
  private async writeIsolating(batch: Reading[], latestBatch: Sample[]): Promise<void> {
    const { log, repo } = this.deps;
    try {
      await repo.writeBatch(batch, latestBatch);
      return;
    } catch (err) {
      if (!isDataError(err)) throw err;
    }
    const history = await isolate(batch, (part) => repo.writeBatch(part, []));
    const latestRows = await isolate(latestBatch, (part) => repo.writeBatch([], part));
    this.counts.failedBatches += 1;
    this.counts.droppedMessages += history.dropped.length;
    this.counts.droppedLatest += latestRows.dropped.length;
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

  flush(): Promise<void> {
    return this.write(true);
  }

  /** Moves `doneUpTo` to just below the oldest sequence number not yet done, and wakes its waiters. */
  private settle(): void {
    let oldest = Number.POSITIVE_INFINITY;
    for (const n of this.pendingSeqs) if (n < oldest) oldest = n;
    for (const seqs of this.writing) for (const n of seqs) if (n < oldest) oldest = n;
    this.doneUpTo = oldest === Number.POSITIVE_INFINITY ? this.seq : oldest - 1;
    let i = 0;
    while (i < this.waiters.length && (this.waiters[i] as { upTo: number }).upTo <= this.doneUpTo)
      (this.waiters[i++] as { resolve(): void }).resolve();
    if (i > 0) this.waiters = this.waiters.slice(i);
  }

  /**
   * Resolves once everything queued for history so far, and every write tracked so far, is done:
   * committed, or refused for good (rows the database refuses as data, or the oldest dropped past
   * MAX_PENDING). It never rejects; while the database is away it waits. `now` writes the batch at
   * once instead of at its time. The embedded broker sends PUBACK only then (decision 040).
   */
  stored(now = false): Promise<void> {
    const upTo = this.seq;
    if (this.doneUpTo >= upTo) return Promise.resolve();
    if (now) void this.write(true);
    else this.commit();
    return new Promise((resolve) => this.waiters.push({ upTo, resolve }));
  }

  /**
   * Group commit for `stored()`: what waits is written as soon as the database is free rather than
   * at the 200 ms mark: now (after this turn of the loop, so what else arrives in it joins), or right
   * after the batch being written. Under load, batches still form while a write is in flight.
   */
  private commit(): void {
    if (this.pending.length === 0) return;
    if (this.batchesWriting > 0) {
      this.commitNext = true;
      return;
    }
    this.commitSoon ??= setImmediate(() => {
      this.commitSoon = undefined;
      // Not while the database is away: the retry timer's backoff decides then.
      if (this.pending.length > 0 && !this.outage.since) void this.write(false);
    });
  }

  /** A write outside the history batch (a device's attributes) that `stored()` waits for too. */
  track(write: Promise<unknown>): void {
    const seqs = [++this.seq];
    this.writing.add(seqs);
    const done = () => {
      this.writing.delete(seqs);
      this.settle();
    };
    write.then(done, done);
  }

  private schedule(): void {
    if (this.pendingRows >= FLUSH_ROWS) void this.write(false);
    else if (!this.timer) this.timer = setTimeout(() => void this.write(false), FLUSH_MS);
  }

  /** Stage 4, the latest-value cache: each sample in order, and the values each one replaced. */
  readonly cache = (samples: TelemetryEvent[]): Previous[] => this.live.mergeAll(samples);

  /** Stage 5, history: the samples join the next database batch (their keys' latest values too). */
  readonly history = (samples: TelemetryEvent[]): void => {
    for (const s of samples) {
      const keys = this.live.dirtyKeys(s.deviceId);
      let rows = 0;
      for (const key in s.values) {
        keys.add(key);
        rows++;
      }
      this.pending.push(s);
      this.pendingSeqs.push(++this.seq);
      this.pendingRows += rows;
    }
    if (samples.length > 0) this.schedule();
  };

  /** Stage 6, fan-out: on the bus, to every instance's cache and sockets. */
  readonly fanOut = (samples: TelemetryEvent[]): void => {
    const { bus } = this.deps;
    for (const s of samples) bus.publish(s);
  };

  /** Stage 7, triggers: this instance's listeners, once per sample, with the values it replaced. */
  readonly trigger = (samples: TelemetryEvent[], replaced: Previous[]): void => {
    const { log } = this.deps;
    for (let i = 0; i < samples.length; i++) {
      const s = samples[i] as TelemetryEvent;
      const previous = replaced[i] as Previous;
      // Listeners answer at once for the messages they ignore (most): a promise only when working.
      for (const listener of this.listeners) {
        try {
          listener(s.deviceId, s.values, previous, s.ts)?.catch((err: unknown) =>
            log.error({ err }, 'telemetry listener failed'),
          );
        } catch (err) {
          log.error({ err }, 'telemetry listener failed');
        }
      }
    }
  };

  /** The stages `store` runs, bound to this service. */
  private readonly stages = {
    cache: this.cache,
    history: this.history,
    fanOut: this.fanOut,
    trigger: this.trigger,
  };

  /**
   * Telemetry the server makes itself, or a test feeds past validation: the pipeline's stages
   * 4–7 (telemetry/pipeline.ts). `ts` defaults to now.
   */
  ingest(deviceId: string, values: Record<string, TelemetryValue>, ts = this.deps.clock.now()): void {
    if (Object.keys(values).length > 0) store(this.stages, [{ deviceId, ts, values }]);
  }

  /**
   * Called for telemetry this instance ingested (not for what other instances share on the bus),
   * with the values it replaced: automations trigger here, once per message.
   */
  onIngest(listener: IngestListener): void {
    this.listeners.push(listener);
  }

  /** Latest values of each device, from the cache, loading from the database once per device. */
  latestFor(deviceIds: string[]): Promise<Map<string, LatestValues>> {
    return this.live.load(this.deps.repo, deviceIds);
  }

  /** The cached latest value of one key, without touching the database. */
  cached(deviceId: string, key: string): TelemetryValue | undefined {
    return this.live.get(deviceId, key);
  }

  /** Counts of refused writes and dropped telemetry since start. */
  readonly metrics = () => ({ ...this.counts });

  /**
   * Device activity shared with the other instances on the bus (the gateway keeps connection
   * state by it, decision 019); with one instance nothing goes anywhere.
   */
  readonly shareActivity = (notice: ActivityNotice): void => this.deps.bus.publishActivity(notice);

  readonly onActivity = (handler: (notice: ActivityNotice) => void): (() => void) =>
    this.deps.bus.onActivity(handler);

  async close(): Promise<void> {
    this.unsubscribe();
    await this.flush();
    await this.flushing;
  }
}
