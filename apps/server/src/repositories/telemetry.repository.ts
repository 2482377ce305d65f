import type { TelemetryValue } from '@hestia/contract';
import { and, asc, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { tsKv, tsKvLatest } from '../db/schema.ts';

export interface Sample {
  deviceId: string;
  key: string;
  ts: number;
  value: TelemetryValue;
}

export function telemetryRepository(db: Db) {
  return {
    /** One multi-row insert for history and one upsert for latest values; the latest never goes back in time. */
    async writeBatch(samples: Sample[]): Promise<void> {
      if (samples.length === 0) return;
      const history = new Map<string, Sample>();
      const latest = new Map<string, Sample>();
      for (const s of samples) {
        history.set(`${s.deviceId}|${s.key}|${s.ts}`, s);
        const k = `${s.deviceId}|${s.key}`;
        const prev = latest.get(k);
        if (!prev || prev.ts <= s.ts) latest.set(k, s);
      }
      const toNum = (v: TelemetryValue) =>
        typeof v === 'number' ? v : typeof v === 'boolean' ? (v ? 1 : 0) : null;
      await db.transaction(async (tx) => {
        await tx
          .insert(tsKv)
          .values([...history.values()].map((s) => ({ ...s, num: toNum(s.value) })))
          .onConflictDoNothing();
        await tx
          .insert(tsKvLatest)
          .values([...latest.values()])
          .onConflictDoUpdate({
            target: [tsKvLatest.deviceId, tsKvLatest.key],
            set: { ts: sql`excluded.ts`, value: sql`excluded.value` },
            setWhere: sql`excluded.ts >= ${tsKvLatest.ts}`,
          });
      });
    },
    async latest(deviceIds: string[]): Promise<Sample[]> {
      if (deviceIds.length === 0) return [];
      const rows = await db
        .select()
        .from(tsKvLatest)
        .where(
          deviceIds.length === 1
            ? eq(tsKvLatest.deviceId, deviceIds[0] as string)
            : inArray(tsKvLatest.deviceId, deviceIds),
        );
      return rows.map((r) => ({ ...r, value: r.value as TelemetryValue }));
    },
  };
}

export type TelemetryRepository = ReturnType<typeof telemetryRepository>;

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
      if (rows.length > 0) out[key] = rows.map((r) => ({ ts: r.ts, value: String(r.value) }));
    }
    return out;
  }
  const interval = Math.trunc(Number(q.interval));
  // Inlined (validated integers), so the grouped and the selected expression are the same text.
  const start = sql.raw(String(Math.trunc(Number(q.startTs))));
  const step = sql.raw(String(interval));
  const bucket = sql<number>`(${start}::bigint + floor((${tsKv.ts} - ${start}::bigint) / ${step}::float8)::bigint * ${step}::bigint)`;
  const fn = {
    AVG: sql`avg(${tsKv.num})`,
    MIN: sql`min(${tsKv.num})`,
    MAX: sql`max(${tsKv.num})`,
    SUM: sql`sum(${tsKv.num})`,
    COUNT: sql`count(*)`,
  }[q.agg];
  const rows = await db
    .select({ key: tsKv.key, bucket, value: sql<number | null>`${fn}::float8` })
    .from(tsKv)
    .where(inRange)
    .groupBy(tsKv.key, bucket)
    .orderBy(tsKv.key, q.orderBy === 'ASC' ? asc(bucket) : desc(bucket));
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
  return rows.map((r) => ({ ...r, value: r.value as TelemetryValue }));
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
    if (row) out.set(key, row.value as TelemetryValue);
  }
  return out;
}
