import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/database.ts';
import type { Clock } from '../services/clock.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const WATERMARK = 'telemetry_downsampled_until';

export interface RetentionPolicy {
  /** Raw samples are kept this many days, then replaced by hourly values. */
  rawDays: number;
  /** Anything older than this many days is deleted. */
  keepDays: number;
}

/**
 * One pass of telemetry retention: hours older than `rawDays` become one row per device, key and hour
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
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const [locked] = await queryRows<{ ok: boolean }>(t, sql`select pg_try_advisory_xact_lock(727275) as ok`);
    if (!locked?.ok) return { downsampled: 0, deleted: 0 };
    const [mark] = await queryRows<{ value: string }>(
      t,
      sql`select value from server_settings where key = ${WATERMARK}`,
    );
    const [earliest] = await queryRows<{ ts: string | null }>(t, sql`select min(ts) as ts from ts_kv`);
    const minTs = Number(earliest?.ts ?? cutoff);
    const stored = mark?.value;
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
}
