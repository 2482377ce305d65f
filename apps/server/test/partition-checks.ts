import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { type Db, queryRows } from '../src/db/database.ts';
import { listPartitions, maintainPartitions, monthPartition, runRetention } from '../src/jobs/retention.ts';
import { readSeries, TelemetryRepository } from '../src/modules/telemetry/telemetry.repository.ts';

const DAY = 86_400_000;
const MIN = 60_000;

/**
 * ts_kv's time partitions on a migrated, started server's database (PGlite or PostgreSQL): the
 * months ahead exist, each row lands in its month (or the default partition), history aggregates
 * across a month boundary, and retention drops a partition whose month is wholly past keeping.
 * Uses a device id of its own, so other tests' rows do not change its figures.
 */
export async function checkTelemetryPartitions(db: Db, now: number): Promise<void> {
  const device = randomUUID();
  const repo = new TelemetryRepository(db);
  const where = async () =>
    queryRows<{ part: string; ts: number; num: number }>(
      db,
      sql`select tableoid::regclass::text as part, ts::float8 as ts, num from ts_kv
          where device_id = ${device} order by ts`,
    );

  // Ready ahead: this month and the next two, and a default partition.
  const current = monthPartition(now);
  const next = monthPartition(current.to);
  const afterNext = monthPartition(next.to);
  const names = (await listPartitions(db)).map((p) => p.name);
  expect(names).toEqual(expect.arrayContaining([current.name, next.name, afterNext.name]));
  const [def] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from pg_inherits i join pg_class c on c.oid = i.inhrelid
        where i.inhparent = to_regclass('ts_kv') and c.relname = 'ts_kv_default'`,
  );
  expect(def?.n).toBe(1);

  // Each row lands in its month; a stamp far outside any partition still goes in (default).
  const far = Date.UTC(2999, 0, 1);
  await repo.writeBatch([
    { deviceId: device, ts: current.to - 1, values: { power: 1 } },
    { deviceId: device, ts: current.to, values: { power: 2 } },
    { deviceId: device, ts: far, values: { power: 3 } },
  ]);
  expect(await where()).toEqual([
    { part: current.name, ts: current.to - 1, num: 1 },
    { part: next.name, ts: current.to, num: 2 },
    { part: 'ts_kv_default', ts: far, num: 3 },
  ]);
  await db.execute(sql`delete from ts_kv where device_id = ${device}`);

  // Rows of a past month without a partition wait in the default partition; upkeep gives that
  // month (and the one after) a partition and moves them in.
  const old = monthPartition(now - 100 * DAY);
  const oldNext = monthPartition(old.to);
  const stamps = [old.to - 30 * MIN, old.to - MIN, old.to + MIN, old.to + 30 * MIN];
  const laterHour = old.to + 180 * MIN;
  await repo.writeBatch(
    [...stamps, laterHour].map((ts, i) => ({ deviceId: device, ts, values: { power: 10 * (i + 1) } })),
  );
  expect((await where()).map((r) => r.part)).toEqual(Array(5).fill('ts_kv_default'));
  const made = await maintainPartitions(db, now, 400);
  expect(made.created).toEqual(expect.arrayContaining([old.name, oldNext.name]));
  expect((await where()).map((r) => r.part)).toEqual([
    old.name,
    old.name,
    oldNext.name,
    oldNext.name,
    oldNext.name,
  ]);

  // History aggregates across the boundary: hourly sums on each side, one count over both.
  const hourly = await readSeries(db, {
    deviceId: device,
    keys: ['power'],
    startTs: old.to - 60 * MIN,
    endTs: old.to + 60 * MIN,
    interval: 60 * MIN,
    agg: 'SUM',
    limit: 100,
    orderBy: 'ASC',
  });
  expect(hourly.power).toEqual([
    { ts: old.to - 30 * MIN, value: '30' },
    { ts: old.to + 30 * MIN, value: '70' },
  ]);
  const counted = await readSeries(db, {
    deviceId: device,
    keys: ['power'],
    startTs: old.to - 60 * MIN,
    endTs: old.to + 60 * MIN,
    interval: 120 * MIN,
    agg: 'COUNT',
    limit: 100,
    orderBy: 'ASC',
  });
  expect(counted.power).toEqual([{ ts: old.to, value: '4' }]);
  const raw = await readSeries(db, {
    deviceId: device,
    keys: ['power'],
    startTs: old.to - 60 * MIN,
    endTs: old.to + 60 * MIN,
    agg: 'NONE',
    limit: 100,
    orderBy: 'DESC',
  });
  expect(raw.power?.map((p) => p.ts)).toEqual([...stamps].reverse());

  // Retention a little over 400 days after the old month ended: that month's partition is dropped
  // whole; the month after it, still partly within keeping, stays (rows past keeping in it are
  // deleted one by one, the hour that is not stays).
  const later = old.to + 400 * DAY + 60 * MIN;
  const before = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from ${sql.identifier(old.name)}`,
  );
  const result = await runRetention(db, { now: () => later }, { rawDays: 30, keepDays: 400 }, 1);
  expect(result.deleted).toBeGreaterThanOrEqual(Number(before[0]?.n));
  const left = (await listPartitions(db)).map((p) => p.name);
  expect(left).not.toContain(old.name);
  expect(left).toContain(oldNext.name);
  const rest = await where();
  expect(rest).toEqual([{ part: oldNext.name, ts: laterHour, num: 50 }]);
}
