import type { Clock } from '../core/clock.ts';
import type { Db } from '../db/database.ts';
import { retentionRepository as repo } from './retention.repository.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Monthly partitions kept ready beyond the current month. */
const MONTHS_AHEAD = 2;
const PARTITION_NAME = /^ts_kv_y(\d{4})m(\d{2})$/;

/** One month of ts_kv: its table name and bounds in milliseconds (UTC), start inclusive. */
export interface MonthPartition {
  name: string;
  from: number;
  to: number;
}

/** The monthly partition holding `ts` (UTC months). */
export function monthPartition(ts: number): MonthPartition {
  const d = new Date(ts);
  return monthOf(d.getUTCFullYear(), d.getUTCMonth());
}

function monthOf(year: number, month: number): MonthPartition {
  const from = Date.UTC(year, month, 1);
  const next = new Date(from);
  next.setUTCMonth(next.getUTCMonth() + 1);
  const start = new Date(from);
  const name = `ts_kv_y${String(start.getUTCFullYear()).padStart(4, '0')}m${String(start.getUTCMonth() + 1).padStart(2, '0')}`;
  return { name, from, to: next.getTime() };
}

/** The monthly partitions ts_kv has now, oldest first (the default partition is not listed). */
export async function listPartitions(db: Db): Promise<MonthPartition[]> {
  const out: MonthPartition[] = [];
  for (const name of await repo.partitionNames(db)) {
    const m = PARTITION_NAME.exec(name);
    if (m) out.push(monthOf(Number(m[1]), Number(m[2]) - 1));
  }
  return out.sort((a, b) => a.from - b.from);
}

export interface PartitionChanges {
  created: string[];
  dropped: string[];
  /** Rows that went with the dropped partitions. */
  droppedRows: number;
}

/**
 * Keeps ts_kv's monthly partitions: the current month and the next two exist; a month that has rows
 * waiting in the default partition (within the keeping window) gets its partition and the rows move
 * into it; a partition whose whole month is older than `keepDays` is dropped instead of deleted row
 * by row. Rows outside that window (far-future or already expired stamps) stay in the default
 * partition until the retention delete removes them. One instance at a time (advisory lock).
 */
export async function maintainPartitions(db: Db, now: number, keepDays: number): Promise<PartitionChanges> {
  const keepFrom = now - keepDays * DAY;
  const current = monthPartition(now);
  const horizon = monthPartition(
    Date.UTC(new Date(now).getUTCFullYear(), new Date(now).getUTCMonth() + MONTHS_AHEAD, 1),
  );
  const done = await repo.locked(db, 727276, async (t) => {
    const changes: PartitionChanges = { created: [], dropped: [], droppedRows: 0 };
    const existing = await listPartitions(t);
    const have = new Set(existing.map((p) => p.name));
    const wanted = new Map<string, MonthPartition>();
    for (let p = current; p.from <= horizon.from; p = monthPartition(p.to)) wanted.set(p.name, p);
    for (const w of await repo.monthsWaiting(t, keepFrom, horizon.to)) {
      const p = monthOf(w.y, w.m - 1);
      if (p.to > keepFrom) wanted.set(p.name, p);
    }
    const toCreate = [...wanted.values()].filter((p) => !have.has(p.name)).sort((a, b) => a.from - b.from);
    const toDrop = existing.filter((p) => p.to <= keepFrom);
    if (toCreate.length === 0 && toDrop.length === 0) return changes;
    await repo.lockForPartitioning(t);
    for (const p of toCreate) {
      await repo.createPartition(t, p);
      changes.created.push(p.name);
    }
    for (const p of toDrop) {
      changes.droppedRows += await repo.dropPartition(t, p.name);
      changes.dropped.push(p.name);
    }
    return changes;
  });
  return done ?? { created: [], dropped: [], droppedRows: 0 };
}

export interface RetentionPolicy {
  /** Raw samples are kept this many days, then replaced by hourly values. */
  rawDays: number;
  /** Anything older than this many days is deleted. */
  keepDays: number;
}

/**
 * One pass of telemetry retention: partitions kept first (see maintainPartitions), then hours older than `rawDays` become one row per device, key and hour
 * (the average of numbers, the last value of anything else), at most `maxDays` days per pass; rows
 * older than `keepDays` go. A watermark makes each hour happen once; an advisory lock keeps two
 * instances from doing the same work. Returns the rows removed.
 */
export async function runRetention(
  db: Db,
  clock: Clock,
  policy: RetentionPolicy,
  maxDays = 7,
): Promise<{ downsampled: number; deleted: number }> {
  const now = clock.now();
  const cutoff = Math.floor((now - policy.rawDays * DAY) / HOUR) * HOUR;
  const partitions = await maintainPartitions(db, now, policy.keepDays);
  const pass = await repo.locked(db, 727275, async (t) => {
    const stored = await repo.watermark(t);
    // The earliest sample is looked up only before the first pass (it scans every partition).
    const minTs = stored ?? (await repo.earliest(t)) ?? cutoff;
    // Nothing older than the keeping limit is worth reducing: it is about to be deleted.
    const keepFrom = now - policy.keepDays * DAY;
    const from = Math.floor(Math.max(minTs, keepFrom) / HOUR) * HOUR;
    const to = Math.min(cutoff, from + maxDays * DAY);
    let downsampled = 0;
    if (to > from) {
      downsampled = await repo.downsample(t, from, to);
      await repo.setWatermark(t, to);
    }
    return { downsampled, deleted: await repo.deleteBefore(t, keepFrom) };
  });
  if (!pass) return { downsampled: 0, deleted: partitions.droppedRows };
  return { downsampled: pass.downsampled, deleted: pass.deleted + partitions.droppedRows };
}

/**
 * The database's own upkeep, after each retention pass. PGlite runs PostgreSQL without its
 * background workers, so nothing vacuums or analyzes on its own: without this, rows that upserts
 * and deletes leave behind are never reclaimed, the planner has no statistics (and picks plans
 * for one-row tables), and index-only reads of history (migration 0010) still visit every row
 * because no page is ever marked all-visible. PostgreSQL's autovacuum does all of this itself.
 */
export async function tidyDatabase(db: Db, kind: 'pglite' | 'postgres'): Promise<void> {
  if (kind === 'pglite') await repo.vacuumAnalyze(db);
}
