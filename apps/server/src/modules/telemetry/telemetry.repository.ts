import { type TelemetryValue, valueText } from '@hestia/contract';
import { and, asc, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/database.ts';
import { tsKv, tsKvLatest } from '../../db/schema.ts';

export interface Sample {
  deviceId: string;
  key: string;
  ts: number;
  value: TelemetryValue;
}

/** One message's values, all at one time: what history keeps, one row per key. */
export interface Reading {
  deviceId: string;
  ts: number;
  values: Record<string, TelemetryValue>;
}

/**
 * Rows per statement when writing telemetry: PGlite writes ~30k rows/s in statements of 400 and
 * ~50k in statements of 1,000 or more; larger ones would keep other queries waiting longer.
 */
const CHUNK = 1000;

const toNum = (v: TelemetryValue) =>
  typeof v === 'number' ? v : typeof v === 'boolean' ? (v ? 1 : 0) : null;

export class TelemetryRepository {
  constructor(private readonly db: Db) {}

  /**
   * History rows for `readings`, and the latest values `latest` (at most one per device and key:
   * an upsert may touch a row once per statement; never back in time).
   */
  async writeBatch(readings: Reading[], latest: Sample[] = []): Promise<void> {
    // One JSON parameter per statement, unpacked by the database: building thousands of rows
    // through the query builder cost more CPU than the database's own work. Statements of about
    // CHUNK rows, each built just before it is sent, so no long stretch of this thread goes to
    // one batch. Each statement stands alone (a retried batch repeats nothing: history ignores
    // rows it has, even repeats within one statement; latest never goes back).
    let rows: Array<{ d: string; k: string; t: number; v: TelemetryValue; n: number | null }> = [];
    const insert = (json: string) =>
      this.db.execute(sql`
          insert into ts_kv (device_id, key, ts, value, num)
          select d, k, t, v, n from json_to_recordset(${json}::json)
            as r(d uuid, k text, t bigint, v jsonb, n double precision)
          on conflict do nothing`);
    for (const r of readings) {
      for (const k in r.values) {
        const v = r.values[k] as TelemetryValue;
        rows.push({ d: r.deviceId, k, t: r.ts, v, n: toNum(v) });
      }
      if (rows.length >= CHUNK) {
        await insert(JSON.stringify(rows));
        rows = [];
      }
    }
    if (rows.length > 0) await insert(JSON.stringify(rows));
    for (let i = 0; i < latest.length; i += CHUNK) {
      const chunk = latest.slice(i, i + CHUNK).map((s) => ({ d: s.deviceId, k: s.key, t: s.ts, v: s.value }));
      await this.db.execute(sql`
          insert into ts_kv_latest (device_id, key, ts, value)
          select d, k, t, v from json_to_recordset(${JSON.stringify(chunk)}::json)
            as r(d uuid, k text, t bigint, v jsonb)
          on conflict (device_id, key) do update set ts = excluded.ts, value = excluded.value
          where excluded.ts >= ts_kv_latest.ts`);
    }
  }

  async latest(deviceIds: string[]): Promise<Sample[]> {
    if (deviceIds.length === 0) return [];
    const rows = await this.db
      .select()
      .from(tsKvLatest)
      .where(
        deviceIds.length === 1
          ? eq(tsKvLatest.deviceId, deviceIds[0] as string)
          : inArray(tsKvLatest.deviceId, deviceIds),
      );
    return rows;
  }
}

/** Devices whose latest `active` reads true (to reset after an embedded broker restart). */
export async function devicesMarkedActive(db: Db): Promise<string[]> {
  const rows = await db
    .select({ deviceId: tsKvLatest.deviceId })
    .from(tsKvLatest)
    .where(sql`${tsKvLatest.key} = 'active' and ${tsKvLatest.value} = 'true'::jsonb`);
  return rows.map((r) => r.deviceId);
}

export interface SeriesQuery {
  deviceId: string;
  keys: string[];
  startTs: number;
  endTs: number;
  interval?: number;
  agg: 'NONE' | 'AVG' | 'MIN' | 'MAX' | 'SUM' | 'COUNT';
  limit: number;
  orderBy: 'ASC' | 'DESC';
}

/** Raw points or aggregated buckets; buckets are stamped at their middle, as ThingsBoard does. */
export async function readSeries(
  db: Db,
  q: SeriesQuery,
  /** How aggregates are computed; by default chosen by the number of buckets (tests set it). */
  strategy?: 'probe' | 'scan',
): Promise<Record<string, Array<{ ts: number; value: string }>>> {
  const out: Record<string, Array<{ ts: number; value: string }>> = {};
  const inRange = and(
    eq(tsKv.deviceId, q.deviceId),
    inArray(tsKv.key, q.keys),
    gte(tsKv.ts, q.startTs),
    lt(tsKv.ts, q.endTs),
  );
  if (q.agg === 'NONE') {
    for (const key of q.keys) {
      const rows = await db
        .select({ ts: tsKv.ts, value: tsKv.value })
        .from(tsKv)
        .where(and(inRange, eq(tsKv.key, key)))
        .orderBy(q.orderBy === 'ASC' ? asc(tsKv.ts) : desc(tsKv.ts))
        .limit(q.limit);
      if (rows.length > 0) out[key] = rows.map((r) => ({ ts: r.ts, value: valueText(r.value) }));
    }
    return out;
  }
  const interval = Math.trunc(Number(q.interval));
  const buckets = Math.ceil((q.endTs - q.startTs) / interval);
  const rows =
    (strategy ?? (buckets <= PROBE_MAX_BUCKETS ? 'probe' : 'scan')) === 'probe'
      ? await aggregateByProbes(db, q, interval)
      : await aggregateByScan(db, q, interval, inRange);
  for (const r of rows) {
    if (r.value === null) continue;
    const list = out[r.key] ?? [];
    out[r.key] = list;
    if (list.length < q.limit)
      list.push({
        ts: Number(r.bucket) + Math.floor(interval / 2),
        value: String(Math.round(Number(r.value) * 1e6) / 1e6),
      });
  }
  return out;
}

/**
 * Up to this many buckets, a range is aggregated bucket by bucket (one index range read each);
 * beyond, in one pass over the range.
 */
const PROBE_MAX_BUCKETS = 2000;

type BucketRow = { key: string; bucket: number | string; value: number | null };

const AGGREGATE = {
  AVG: sql`avg(${tsKv.num})`,
  MIN: sql`min(${tsKv.num})`,
  MAX: sql`max(${tsKv.num})`,
  SUM: sql`sum(${tsKv.num})`,
  COUNT: sql`count(*)`,
};

/**
 * Each bucket read on its own through the primary key (device, key, ts): the database never sorts
 * or hashes the range's rows, and with `num` in the key's index (migration 0010) the rows need not
 * be visited at all. Needs no statistics to plan well, which matters on PGlite. Empty buckets are
 * left out, as the one-pass aggregation leaves them out.
 */
async function aggregateByProbes(db: Db, q: SeriesQuery, interval: number): Promise<BucketRow[]> {
  const fn = AGGREGATE[q.agg as keyof typeof AGGREGATE];
  return queryRows<BucketRow>(
    db,
    sql`
    select k.key, b.t as bucket, s.value
    from unnest(array[${sql.join(
      q.keys.map((k) => sql`${k}`),
      sql`, `,
    )}]::text[]) as k(key)
    cross join generate_series(${q.startTs}::bigint, ${q.endTs - 1}::bigint, ${interval}::bigint) as b(t)
    cross join lateral (
      select ${fn}::float8 as value, count(*) as n from ${tsKv}
      where ${tsKv.deviceId} = ${q.deviceId} and ${tsKv.key} = k.key
        and ${tsKv.ts} >= b.t and ${tsKv.ts} < least(b.t + ${interval}::bigint, ${q.endTs}::bigint)
        -- the whole range again, constant: the planner keeps only the partitions it overlaps
        and ${tsKv.ts} >= ${q.startTs}::bigint and ${tsKv.ts} < ${q.endTs}::bigint
    ) s
    where s.n > 0
    order by k.key, b.t ${q.orderBy === 'ASC' ? sql`asc` : sql`desc`}`,
  );
}

/** The whole range in one pass, grouped by bucket: for ranges of many small buckets. */
async function aggregateByScan(
  db: Db,
  q: SeriesQuery,
  interval: number,
  inRange: ReturnType<typeof and>,
): Promise<BucketRow[]> {
  // Inlined (validated integers), so the grouped and the selected expression are the same text.
  // Integer division is the floor here (ts ≥ start in range) and far cheaper than floating point,
  // above all in the embedded database's WebAssembly.
  const start = sql.raw(String(Math.trunc(Number(q.startTs))));
  const step = sql.raw(String(interval));
  const bucket = sql<number>`(${start}::bigint + (${tsKv.ts} - ${start}::bigint) / ${step}::bigint * ${step}::bigint)`;
  const fn = AGGREGATE[q.agg as keyof typeof AGGREGATE];
  return db
    .select({ key: tsKv.key, bucket, value: sql<number | null>`${fn}::float8` })
    .from(tsKv)
    .where(inRange)
    .groupBy(tsKv.key, bucket)
    .orderBy(tsKv.key, q.orderBy === 'ASC' ? asc(bucket) : desc(bucket));
}

/** Every sample of a device in a range (bounded), oldest first. */
export async function samplesInRange(
  db: Db,
  deviceId: string,
  startTs: number,
  endTs: number,
  max: number,
): Promise<Sample[]> {
  const rows = await db
    .select()
    .from(tsKv)
    .where(and(eq(tsKv.deviceId, deviceId), gte(tsKv.ts, startTs), lt(tsKv.ts, endTs)))
    .orderBy(asc(tsKv.ts))
    .limit(max);
  return rows;
}

/** Each key's last value before `ts` (the state when a range begins). */
export async function valuesBefore(
  db: Db,
  deviceId: string,
  keys: string[],
  ts: number,
): Promise<Map<string, TelemetryValue>> {
  const out = new Map<string, TelemetryValue>();
  for (const key of keys) {
    const [row] = await db
      .select({ value: tsKv.value })
      .from(tsKv)
      .where(and(eq(tsKv.deviceId, deviceId), eq(tsKv.key, key), lt(tsKv.ts, ts)))
      .orderBy(desc(tsKv.ts))
      .limit(1);
    if (row) out.set(key, row.value);
  }
  return out;
}

/**
 * Telemetry history as the modules read it (REST, the socket's history commands, reports): the
 * reads above bound to one database, so no module outside this file holds the database.
 */
export class TelemetryHistory {
  constructor(private readonly db: Db) {}

  readonly series = (q: SeriesQuery) => readSeries(this.db, q);

  readonly samplesInRange = (deviceId: string, startTs: number, endTs: number, max: number) =>
    samplesInRange(this.db, deviceId, startTs, endTs, max);

  readonly valuesBefore = (deviceId: string, keys: string[], ts: number) =>
    valuesBefore(this.db, deviceId, keys, ts);
}
