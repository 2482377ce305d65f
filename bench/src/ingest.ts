import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import type { Worker } from 'node:worker_threads';
import { HestiaClient } from '@hestia/client';
import { DeviceRepository, type HestiaServer, newAccessToken, schema, tsWorker } from '@hestia/server';
import { and, eq, gte, sql } from 'drizzle-orm';
import mqtt from 'mqtt';
import pg from 'pg';
import { type Edges, startEdges } from './ingest-edges.ts';
import { BENCH_PASSWORD, benchUser, startBenchServer } from './setup.ts';
import { ms, summary } from './stats.ts';

const DEVICES = Number(process.env.BENCH_DEVICES ?? 5000);
const STAGES = (process.env.BENCH_RATES ?? '1000,2000,5000,10000,15000').split(',').map(Number);
const STAGE_MS = 5000;
const WATCHED = 180;
const WARMUP_RATE = 1000;

const once = (w: Worker, type: string) =>
  new Promise<Record<string, unknown>>((resolve, reject) => {
    const on = (m: Record<string, unknown>) => {
      if (m.type === type) {
        w.off('message', on);
        resolve(m);
      }
    };
    w.on('message', on);
    w.once('error', reject);
  });

/** Raw broker throughput on the machine's Mosquitto: one publisher, one subscriber, QoS 0. */
async function mosquittoFloor(url: string): Promise<number | null> {
  try {
    const topic = `hestia-bench/${Date.now()}`;
    const sub = await mqtt.connectAsync(url, { reconnectPeriod: 0, connectTimeout: 2000 });
    const pub = await mqtt.connectAsync(url, { reconnectPeriod: 0, connectTimeout: 2000 });
    await sub.subscribeAsync(topic, { qos: 0 });
    let got = 0;
    sub.on('message', () => got++);
    const n = 50_000;
    const t0 = performance.now();
    for (let i = 0; i < n; i++) pub.publish(topic, '{"seq":1,"sent":1,"power":1}', { qos: 0 });
    while (got < n && performance.now() - t0 < 20_000) await new Promise((r) => setTimeout(r, 20));
    const rate = got / ((performance.now() - t0) / 1000);
    await Promise.all([sub.endAsync(), pub.endAsync()]);
    return rate;
  } catch {
    return null;
  }
}

interface StackResult {
  sustained: number;
}

/**
 * One stack under rising telemetry rates: 5,000 devices publishing over MQTT, a WebSocket client
 * watching 180 of them. For each rate: published (by the devices), received (by the server),
 * stored (rows in the database once the backlog drained) and the device → socket delay.
 */
async function runStack(
  label: string,
  env: Record<string, string>,
  device: (
    d: { id: string; accessToken: string },
    i: number,
    edgeUrls: string[],
  ) => { username?: string; topic: string; url?: string },
  brokerUrl: (server: HestiaServer) => string,
  /** Scaled: more server instances on the same services, and device edges in front of the broker. */
  opts: { servers?: number; edges?: number } = {},
): Promise<StackResult> {
  const server = await startBenchServer(env);
  const servers = [server];
  while (servers.length < (opts.servers ?? 1)) servers.push(await startBenchServer(env));
  let edges: Edges | null = null;
  if (opts.edges)
    edges = await startEdges(opts.edges, {
      DATABASE_URL: env.DATABASE_URL as string,
      REDIS_URL: env.REDIS_URL as string,
      MQTT_URL: env.MQTT_URL as string,
    });
  const db = server.database.db;
  const user = await benchUser(server, 'ingest@example.com');
  const repo = new DeviceRepository(db);
  const devices: Array<{ id: string; accessToken: string }> = [];
  for (let i = 0; i < DEVICES; i++) {
    devices.push(
      await repo.create({
        ownerId: user.id,
        name: `d${i}`,
        label: `d${i}`,
        profileId: 'plug-metering',
        accessToken: newAccessToken(),
      }),
    );
  }
  const { token } = await new HestiaClient({ baseUrl: server.url }).login(
    'ingest@example.com',
    BENCH_PASSWORD,
  );
  const watcher = tsWorker(new URL('./ingest-watcher.ts', import.meta.url), {
    url: `${server.url.replace('http', 'ws')}/api/ws/plugins/telemetry?token=${token}`,
    // Spread over the whole fleet: the devices publish round robin, so a stall of the server delays
    // a run of consecutive devices, and watching only the first 180 would see one stall in 28.
    ids: Array.from(
      { length: WATCHED },
      (_, i) => devices[Math.floor((i * DEVICES) / WATCHED)]?.id as string,
    ),
  });
  await once(watcher, 'ready');
  // Messages the server took in (the gateway's ingest), to tell transport loss from storage loss.
  // Also how long a message took to reach the server, to tell the transport's share of the delay.
  let received = 0;
  let inbound: number[] = [];
  for (const s of servers)
    s.telemetry.onIngest((_id, values) => {
      if (!('seq' in values)) return;
      received++;
      inbound.push(Date.now() - Number(values.sent));
    });

  const worker = tsWorker(new URL('./ingest-devices.ts', import.meta.url), {
    url: brokerUrl(server),
    devices: devices.map((d, i) => device(d, i, edges?.urls ?? [])),
  });
  const c0 = performance.now();
  worker.postMessage({ type: 'connect' });
  await once(worker, 'connected');
  console.log(
    `ingest, ${label}: ${DEVICES} simulated devices connected over MQTT in ${ms(performance.now() - c0)}; 3 keys a message; ${STAGE_MS / 1000} s per rate`,
  );

  // Warm-up (not counted): the first messages pay for JIT compilation and first-use allocations.
  worker.postMessage({ type: 'run', rate: WARMUP_RATE, ms: 3000 });
  await once(worker, 'done');
  for (const s of servers) await s.telemetry.flush();
  await new Promise((r) => setTimeout(r, 1000));
  watcher.postMessage({ type: 'collect' });
  await once(watcher, 'delays');
  console.log(`  warm-up: 3 s at ${WARMUP_RATE} msg/s, not counted`);

  const { tsKv } = schema;
  let sustained = 0;
  let allOk = true;
  for (const rate of STAGES) {
    inbound = [];
    received = 0;
    // The server's event loop (this thread): how long a ready event waited at most.
    const loop = monitorEventLoopDelay({ resolution: 5 });
    loop.enable();
    const since = Date.now();
    const edgeCpu0 = edges?.cpuMs() ?? null;
    worker.postMessage({ type: 'run', rate, ms: STAGE_MS });
    const { sent, gapMs } = (await once(worker, 'done')) as { sent: number; gapMs: number };
    loop.disable();
    const edgeCpu1 = edges?.cpuMs() ?? null;
    // The edges' CPU per message: what sizes an edge, whatever else shares the machine.
    const edgeCost =
      edgeCpu0 !== null && edgeCpu1 !== null && sent > 0
        ? `; edges' CPU ${ms(edgeCpu1 - edgeCpu0)} in all, ${((edgeCpu1 - edgeCpu0) / (sent / 1000)).toFixed(1)} ms per 1,000 messages`
        : '';
    // Count what was stored once the backlog has drained: the count has not grown for 3 s (at
    // most 30 s in all).
    const countStored = async () => {
      for (const s of servers) await s.telemetry.flush();
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(tsKv)
        .where(and(eq(tsKv.key, 'seq'), gte(tsKv.ts, since)));
      return row?.n ?? 0;
    };
    let stored = await countStored();
    let still = 0;
    for (let waited = 0; waited < 30_000 && stored < sent && still < 3000; waited += 500) {
      await new Promise((r) => setTimeout(r, 500));
      const again = await countStored();
      still = again === stored ? still + 500 : 0;
      stored = again;
    }
    // The devices' worker shares the CPU: what it managed to publish is the rate actually offered.
    const offered = Math.round(sent / (STAGE_MS / 1000));
    watcher.postMessage({ type: 'collect' });
    const s = summary(((await once(watcher, 'delays')) as { delays: number[] }).delays);
    const inS = summary(inbound);
    const ok = s.p99 <= 50 && stored >= sent;
    // The sustained rate: the highest one with every lower rate also within target.
    allOk &&= ok;
    if (allOk) sustained = Math.min(rate, offered);
    const lost = sent - stored;
    console.log(
      `  ${String(rate).padStart(6)} msg/s asked, ${offered} msg/s published: published ${sent}, received ${received}, stored ${stored} (${lost <= 0 ? 'none lost' : `${lost} LOST`}), ` +
        `device → socket p50 ${ms(s.p50)} p99 ${ms(s.p99)} (device → server p50 ${ms(inS.p50)} p99 ${ms(inS.p99)}; server loop stalled ≤ ${ms(loop.max / 1e6)}, devices' ticks ≤ ${ms(gapMs)} apart${edgeCost})  ${ok ? 'ok' : 'over target'}`,
    );
    if (s.p99 > 2000 || stored < sent) break;
  }
  console.log(
    `  ${label}: sustained with p99 ≤ 50 ms and nothing lost: ${sustained} msg/s (${sustained * 3} data points/s)`,
  );
  worker.postMessage({ type: 'close' });
  await once(worker, 'closed');
  await worker.terminate();
  watcher.postMessage({ type: 'close' });
  await once(watcher, 'closed');
  await watcher.terminate();
  await edges?.stop();
  for (const s of servers) await s.close();
  return { sustained };
}

/**
 * Telemetry ingest on the embedded stack (PGlite + the built-in broker) and, when a PostgreSQL,
 * Mosquitto and Redis are configured, on the scaled stack; then Mosquitto's own throughput on this
 * machine in the same run, to compare with.
 */
export async function ingestBench(): Promise<void> {
  let embedded: StackResult | null = null;
  if (process.env.BENCH_SKIP_EMBEDDED !== '1') {
    embedded = await runStack(
      'embedded (PGlite, built-in broker)',
      {},
      (d) => ({ username: d.accessToken, topic: 'v1/devices/me/telemetry' }),
      (server) => server.mqttUrl,
    );
    console.log(
      `  target ≥ 10,000 msg/s on the embedded stack: ${embedded.sustained >= 10_000 ? 'met' : 'NOT met'}`,
    );
  }
  const dbUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  const mqttUrl = process.env.BENCH_MQTT_URL ?? process.env.TEST_MQTT_URL;
  const redisUrl = process.env.BENCH_REDIS_URL ?? process.env.TEST_REDIS_URL;
  let scaled: StackResult | null = null;
  let edged: StackResult | null = null;
  /** A stack on a database of its own, dropped after it. */
  const onFreshDatabase = async (run: (env: Record<string, string>) => Promise<StackResult>) => {
    const name = `hestia_bench_${Date.now()}`;
    const admin = new pg.Client({ connectionString: dbUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    try {
      const url = new URL(dbUrl as string);
      url.pathname = `/${name}`;
      return await run({
        DATABASE_URL: url.toString(),
        MQTT_URL: mqttUrl as string,
        REDIS_URL: redisUrl as string,
      });
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  };
  if (dbUrl && mqttUrl && redisUrl) {
    if (process.env.BENCH_SKIP_SCALED !== '1')
      scaled = await onFreshDatabase((env) =>
        runStack(
          'scaled (PostgreSQL, Mosquitto, Redis)',
          env,
          (d) => ({ topic: `devices/${d.id}/telemetry` }),
          () => mqttUrl,
        ),
      );
    // ThingsBoard devices through two edges (`npm run edge`, decision 041), two server instances:
    // every process on this machine's two cores, shared with the devices' and the watcher's threads.
    if (process.env.BENCH_SKIP_EDGES !== '1')
      edged = await onFreshDatabase((env) =>
        runStack(
          'scaled through two edges, two servers (all on this machine: 2 cores shared)',
          env,
          (d, i, edgeUrls) => ({
            username: d.accessToken,
            topic: 'v1/devices/me/telemetry',
            url: edgeUrls[i % edgeUrls.length] as string,
          }),
          () => mqttUrl,
          { servers: 2, edges: 2 },
        ),
      );
  } else {
    console.log(
      '  scaled stack skipped: set TEST_DATABASE_URL, TEST_MQTT_URL and TEST_REDIS_URL (or BENCH_…) to measure it',
    );
  }
  const floor = mqttUrl ? await mosquittoFloor(mqttUrl) : null;
  if (floor) {
    const ratio = (n: number) => (n / floor).toFixed(2);
    console.log(
      `  Mosquitto alone (one publisher, one subscriber, QoS 0, same machine, same run): ${Math.round(floor)} msg/s; ` +
        [
          embedded && `embedded sustained / Mosquitto: ${ratio(embedded.sustained)}`,
          scaled && `scaled sustained / Mosquitto: ${ratio(scaled.sustained)}`,
          edged && `through edges / Mosquitto: ${ratio(edged.sustained)}`,
        ]
          .filter(Boolean)
          .join('; '),
    );
  } else
    console.log(
      '  Mosquitto floor skipped: set TEST_MQTT_URL (or BENCH_MQTT_URL) to a broker to compare with',
    );
}
