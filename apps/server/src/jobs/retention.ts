import { sql } from 'drizzle-orm';
import type { Clock } from '../core/clock.ts';
import { type Db, queryRows } from '../db/database.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const WATERMARK = 'telemetry_downsampled_until';
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
  const rows = await queryRows<{ name: string }>(
    db,
    sql`select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
        where i.inhparent = to_regclass('ts_kv')`,
  );
  const out: MonthPartition[] = [];
  for (const { name } of rows) {
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
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const changes: PartitionChanges = { created: [], dropped: [], droppedRows: 0 };
    const [locked] = await queryRows<{ ok: boolean }>(t, sql`select pg_try_advisory_xact_lock(727276) as ok`);
    if (!locked?.ok) return changes;
    const existing = await listPartitions(t);
    const have = new Set(existing.map((p) => p.name));
    const wanted = new Map<string, MonthPartition>();
    for (let p = current; p.from <= horizon.from; p = monthPartition(p.to)) wanted.set(p.name, p);
    const waiting = await queryRows<{ y: number; m: number }>(
      t,
      sql`select distinct extract(year from d)::int as y, extract(month from d)::int as m
          from (select to_timestamp(ts / 1000.0) at time zone 'UTC' as d from ts_kv_default
                where ts >= ${keepFrom} and ts < ${horizon.to}) s`,
    );
    for (const w of waiting) {
      const p = monthOf(w.y, w.m - 1);
      if (p.to > keepFrom) wanted.set(p.name, p);
    }
    const toCreate = [...wanted.values()].filter((p) => !have.has(p.name)).sort((a, b) => a.from - b.from);
    const toDrop = existing.filter((p) => p.to <= keepFrom);
    if (toCreate.length === 0 && toDrop.length === 0) return changes;
    // Writers wait for the few milliseconds this takes: a row another session put into the default
    // partition between moving its month out and creating the partition would make the creation
    // fail. Taking the parent first keeps the lock order the same as an insert's (no deadlock).
    // Behind a long history query, give up after 2 s (the next pass tries again) rather than
    // hold every writer queued behind this lock.
    await tx.execute(sql`set local lock_timeout = '2s'`);
    await tx.execute(sql`lock table ts_kv in access exclusive mode`);
    for (const p of toCreate) {
      // A partition cannot be created while the default partition holds rows of its range: move
      // them aside, create it, put them back (now routed into the new partition).
      const name = sql.identifier(p.name);
      await tx.execute(sql`create temp table ts_kv_moving on commit drop as
        with moved as (delete from ts_kv_default where ts >= ${p.from} and ts < ${p.to} returning *)
        select * from moved`);
      await tx.execute(
        sql`create table ${name} partition of ts_kv for values from (${sql.raw(String(p.from))}) to (${sql.raw(String(p.to))})`,
      );
      await tx.execute(sql`insert into ts_kv select * from ts_kv_moving`);
      await tx.execute(sql`drop table ts_kv_moving`);
      changes.created.push(p.name);
    }
    for (const p of toDrop) {
      const name = sql.identifier(p.name);
      const [n] = await queryRows<{ n: number }>(t, sql`select count(*)::int as n from ${name}`);
      await tx.execute(sql`drop table ${name}`);
      changes.dropped.push(p.name);
      changes.droppedRows += Number(n?.n ?? 0);
    }
    return changes;
  });
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
  const pass = await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const [locked] = await queryRows<{ ok: boolean }>(t, sql`select pg_try_advisory_xact_lock(727275) as ok`);
    if (!locked?.ok) return { downsampled: 0, deleted: 0 };
    const [mark] = await queryRows<{ value: string }>(
      t,
      sql`select value from server_settings where key = ${WATERMARK}`,
    );
    const stored = mark?.value;
    // The earliest sample is looked up only before the first pass (it scans every partition).
    const [earliest] = stored
      ? [{ ts: stored }]
      : await queryRows<{ ts: string | null }>(t, sql`select min(ts) as ts from ts_kv`);
    const minTs = Number(earliest?.ts ?? cutoff);
    // Nothing older than the keeping limit is worth reducing: it is about to be deleted.
    const keepFrom = now - policy.keepDays * DAY;
    const from = Math.floor(Math.max(stored ? Number(stored) : minTs, keepFrom) / HOUR) * HOUR;
    const to = Math.min(cutoff, from + maxDays * DAY);
    let downsampled = 0;
    if (to > from) {
      const [res] = await queryRows<{ removed: number }>(
        t,
        sql`
        with old as (
          delete from ts_kv where ts >= ${from} and ts < ${to} returning device_id, key, ts, value, num
        ), hourly as (
          select device_id, key, (ts / 3600000) * 3600000 as hour,
            case when bool_and(jsonb_typeof(value) = 'number')
              then to_jsonb(round(avg(num)::numeric, 6))
              else (array_agg(value order by ts desc))[1] end as value,
            case when bool_and(jsonb_typeof(value) = 'number') then avg(num) else (array_agg(num order by ts desc))[1] end as num,
            count(*) as n
          from old group by device_id, key, (ts / 3600000) * 3600000
        ), inserted as (
          insert into ts_kv (device_id, key, ts, value, num) select device_id, key, hour, value, num from hourly
          on conflict do nothing returning 1
        )
        select coalesce(sum(n), 0)::int - (select count(*)::int from inserted) as removed from hourly`,
      );
      downsampled = Number(res?.removed ?? 0);
      await tx.execute(sql`
        insert into server_settings (key, value) values (${WATERMARK}, ${String(to)})
        on conflict (key) do update set value = excluded.value, updated_at = now()`);
    }
    const [gone] = await queryRows<{ n: number }>(
      t,
      sql`with d as (delete from ts_kv where ts < ${now - policy.keepDays * DAY} returning 1) select count(*)::int as n from d`,
    );
    return { downsampled, deleted: Number(gone?.n ?? 0) };
  });
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
  if (kind === 'pglite') await db.execute(sql`vacuum (analyze)`);
}
