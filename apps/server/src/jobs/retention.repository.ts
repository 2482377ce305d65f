import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/database.ts';

const WATERMARK = 'telemetry_downsampled_until';

/** A month of ts_kv to create: its table name and bounds in milliseconds, start inclusive. */
export interface PartitionBounds {
  name: string;
  from: number;
  to: number;
}

/**
 * The SQL of telemetry retention and the database's upkeep (jobs/retention.ts decides what to do).
 * Every function but `locked` and `tidy` runs inside `locked`'s transaction, on its handle.
 */
export const retentionRepository = {
  /**
   * `work` in one transaction holding the advisory lock `key`, or undefined when another session
   * (another instance) holds it: two instances never do the same upkeep.
   */
  async locked<T>(db: Db, key: number, work: (t: Db) => Promise<T>): Promise<T | undefined> {
    return db.transaction(async (tx) => {
      const t = tx as unknown as Db;
      const [got] = await queryRows<{ ok: boolean }>(
        t,
        sql`select pg_try_advisory_xact_lock(${sql.raw(String(Math.trunc(key)))}) as ok`,
      );
      return got?.ok ? work(t) : undefined;
    });
  },

  /** The names of ts_kv's partitions (the default one among them). */
  async partitionNames(db: Db): Promise<string[]> {
    const rows = await queryRows<{ name: string }>(
      db,
      sql`select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
          where i.inhparent = to_regclass('ts_kv')`,
    );
    return rows.map((r) => r.name);
  },

  /** The UTC months (month 1–12) of the rows waiting in the default partition within [from, to). */
  monthsWaiting(t: Db, from: number, to: number): Promise<Array<{ y: number; m: number }>> {
    return queryRows<{ y: number; m: number }>(
      t,
      sql`select distinct extract(year from d)::int as y, extract(month from d)::int as m
          from (select to_timestamp(ts / 1000.0) at time zone 'UTC' as d from ts_kv_default
                where ts >= ${from} and ts < ${to}) s`,
    );
  },

  /**
   * Writers wait for the few milliseconds partitioning takes: a row another session put into the
   * default partition between moving its month out and creating the partition would make the
   * creation fail. Taking the parent first keeps the lock order the same as an insert's (no
   * deadlock). Behind a long history query, give up after 2 s (the next pass tries again) rather
   * than hold every writer queued behind this lock.
   */
  async lockForPartitioning(t: Db): Promise<void> {
    await t.execute(sql`set local lock_timeout = '2s'`);
    await t.execute(sql`lock table ts_kv in access exclusive mode`);
  },

  /**
   * A partition cannot be created while the default partition holds rows of its range: they are
   * moved aside, the partition created, and put back (now routed into the new partition).
   */
  async createPartition(t: Db, p: PartitionBounds): Promise<void> {
    const name = sql.identifier(p.name);
    await t.execute(sql`create temp table ts_kv_moving on commit drop as
      with moved as (delete from ts_kv_default where ts >= ${p.from} and ts < ${p.to} returning *)
      select * from moved`);
    await t.execute(
      sql`create table ${name} partition of ts_kv for values from (${sql.raw(String(p.from))}) to (${sql.raw(String(p.to))})`,
    );
    await t.execute(sql`insert into ts_kv select * from ts_kv_moving`);
    await t.execute(sql`drop table ts_kv_moving`);
  },

  /** Drops a partition; the rows that went with it. */
  async dropPartition(t: Db, partition: string): Promise<number> {
    const name = sql.identifier(partition);
    const [n] = await queryRows<{ n: number }>(t, sql`select count(*)::int as n from ${name}`);
    await t.execute(sql`drop table ${name}`);
    return Number(n?.n ?? 0);
  },

  /** Where downsampling stopped last time, if it ever ran. */
  async watermark(t: Db): Promise<number | undefined> {
    const [mark] = await queryRows<{ value: string }>(
      t,
      sql`select value from server_settings where key = ${WATERMARK}`,
    );
    return mark ? Number(mark.value) : undefined;
  },

  async setWatermark(t: Db, to: number): Promise<void> {
    await t.execute(sql`
      insert into server_settings (key, value) values (${WATERMARK}, ${String(to)})
      on conflict (key) do update set value = excluded.value, updated_at = now()`);
  },

  /** The earliest sample's time (it scans every partition). */
  async earliest(t: Db): Promise<number | undefined> {
    const [row] = await queryRows<{ ts: string | null }>(t, sql`select min(ts) as ts from ts_kv`);
    return row?.ts == null ? undefined : Number(row.ts);
  },

  /**
   * Samples in [from, to) become one row per device, key and hour (the average of numbers, the last
   * value of anything else); the rows removed.
   */
  async downsample(t: Db, from: number, to: number): Promise<number> {
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
    return Number(res?.removed ?? 0);
  },

  /** Deletes the samples older than `ts`; how many. */
  async deleteBefore(t: Db, ts: number): Promise<number> {
    const [gone] = await queryRows<{ n: number }>(
      t,
      sql`with d as (delete from ts_kv where ts < ${ts} returning 1) select count(*)::int as n from d`,
    );
    return Number(gone?.n ?? 0);
  },

  /** PGlite's vacuum and analyze (see tidyDatabase in jobs/retention.ts). */
  async vacuumAnalyze(db: Db): Promise<void> {
    await db.execute(sql`vacuum (analyze)`);
  },
};
