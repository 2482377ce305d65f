import { performance } from 'node:perf_hooks';
import { DeviceRepository, newAccessToken, tidyDatabase } from '@hestia/server';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { BENCH_PASSWORD, benchUser, startBenchServer } from './setup.ts';
import { ms, summary } from './stats.ts';

const DAYS = 30;
const POINTS = DAYS * 24 * 60;
const BUCKETS = 720;
const RUNS = 40;

async function run(label: string, env: Record<string, string>): Promise<void> {
  const server = await startBenchServer(env);
  try {
    const db = server.database.db;
    const user = await benchUser(server, `history-${Date.now()}@example.com`);
    const device = await new DeviceRepository(db).create({
      ownerId: user.id,
      name: 'Meter',
      label: 'Meter',
      profileId: 'plug-metering',
      accessToken: newAccessToken(),
    });
    const end = Date.UTC(2026, 10, 1);
    const start = end - DAYS * 86_400_000;
    const t0 = performance.now();
    for (let i = 0; i < POINTS; i++)
      server.telemetry.ingest(device.id, { power: 100 + (i % 600) }, start + i * 60_000);
    await server.telemetry.flush();
    const writeMs = performance.now() - t0;
    // A server holding a month of data has long since had it vacuumed and analyzed: by its own
    // hourly upkeep on PGlite, by autovacuum on PostgreSQL (here, the same at once). Retention is
    // not run: it would downsample the older days this benchmark is about.
    if (server.database.kind === 'pglite') await tidyDatabase(db, 'pglite');
    else await db.execute(sql`vacuum (analyze) ts_kv`);
    const client = await import('@hestia/client').then(({ HestiaClient }) => {
      let token: string | undefined;
      const c = new HestiaClient({ baseUrl: server.url, getToken: () => token });
      return c.login(user.email as string, BENCH_PASSWORD).then((r) => {
        token = r.token;
        return c;
      });
    });
    const query = {
      keys: 'power',
      startTs: start,
      endTs: end,
      interval: (end - start) / BUCKETS,
      agg: 'AVG',
      limit: 10_000,
    } as never;
    const samples: number[] = [];
    for (let i = 0; i < RUNS + 5; i++) {
      const q0 = performance.now();
      const res = await client.call('timeseries', {
        params: { entityType: 'DEVICE', entityId: device.id },
        query,
      });
      const took = performance.now() - q0;
      if (res.power?.length !== BUCKETS)
        throw new Error(`expected ${BUCKETS} buckets, got ${res.power?.length}`);
      if (i >= 5) samples.push(took);
    }
    const s = summary(samples);
    console.log(
      `  ${label.padEnd(10)} ${POINTS} rows written in ${ms(writeMs)} (${Math.round(POINTS / (writeMs / 1000))} rows/s); ` +
        `${BUCKETS}-bucket AVG over REST: p50 ${ms(s.p50)} p99 ${ms(s.p99)}  target p50 ≤ 50 ms (${s.p50 <= 50 ? 'met' : 'NOT met'})`,
    );
  } finally {
    await server.close();
  }
}

/** 30 days of one-minute data for one key, aggregated into 720 buckets, on PGlite and PostgreSQL. */
export async function historyBench(): Promise<void> {
  console.log(`history: ${DAYS} days of one-minute data, ${BUCKETS} buckets, ${RUNS} queries each`);
  await run('PGlite', { DATA_DIR: 'memory://' });
  const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!url) {
    console.log(
      '  PostgreSQL skipped: set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to a PostgreSQL the benchmark may create a database in',
    );
    return;
  }
  const name = `hestia_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  try {
    const dbUrl = new URL(url);
    dbUrl.pathname = `/${name}`;
    const mqtt = process.env.BENCH_MQTT_URL ?? process.env.TEST_MQTT_URL;
    const redis = process.env.BENCH_REDIS_URL ?? process.env.TEST_REDIS_URL;
    if (!mqtt || !redis) {
      console.log('  PostgreSQL skipped: scaled mode also needs TEST_MQTT_URL and TEST_REDIS_URL');
      return;
    }
    await run('PostgreSQL', { DATABASE_URL: dbUrl.toString(), MQTT_URL: mqtt, REDIS_URL: redis });
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}
