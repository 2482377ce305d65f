import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { HestiaClient } from '@hestia/client';
import { deviceRepository, newAccessToken, schema } from '@hestia/server';
import { and, eq, gte, sql } from 'drizzle-orm';
import mqtt from 'mqtt';
import WebSocket from 'ws';
import { BENCH_PASSWORD, benchUser, startBenchServer } from './setup.ts';
import { ms, summary } from './stats.ts';

const DEVICES = Number(process.env.BENCH_DEVICES ?? 5000);
const STAGES = (process.env.BENCH_RATES ?? '2000,5000,10000,15000').split(',').map(Number);
const STAGE_MS = 5000;
const WATCHED = 180;

function tsWorker(file: string, workerData: unknown): Worker {
  const script = new URL(file, import.meta.url).href;
  return new Worker(
    `import('tsx/esm/api').then((m) => { m.register(); return import(${JSON.stringify(script)}); })`,
    { eval: true, workerData },
  );
}

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

/**
 * Telemetry ingest: 5,000 simulated devices on the embedded stack, published at rising rates; for
 * each rate, the delay from device to a WebSocket client (watching 180 devices) and whether every
 * message was stored.
 */
export async function ingestBench(): Promise<void> {
  const server = await startBenchServer();
  const db = server.database.db;
  const user = await benchUser(server, 'ingest@example.com');
  const repo = deviceRepository(db);
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
  const ws = new WebSocket(`${server.url.replace('http', 'ws')}/api/ws/plugins/telemetry?token=${token}`);
  await new Promise((r) => ws.once('open', r));
  let delays: number[] = [];
  let first = 0;
  ws.on('message', (d) => {
    const now = Date.now();
    const msg = JSON.parse(d.toString()) as { data: { sent?: Array<[number, string]> } };
    const sent = Number(msg.data.sent?.[0]?.[1]);
    if (first < WATCHED) first++;
    else if (Number.isFinite(sent)) delays.push(now - sent);
  });
  ws.send(
    JSON.stringify({
      tsSubCmds: devices
        .slice(0, WATCHED)
        .map((d, i) => ({ cmdId: i + 1, entityType: 'DEVICE', entityId: d.id, keys: 'sent' })),
    }),
  );

  const worker = tsWorker('./ingest-devices.ts', {
    url: server.mqttUrl,
    tokens: devices.map((d) => d.accessToken),
  });
  const c0 = performance.now();
  worker.postMessage({ type: 'connect' });
  await once(worker, 'connected');
  console.log(
    `ingest: ${DEVICES} simulated devices connected over MQTT in ${ms(performance.now() - c0)}; 3 keys a message; ${STAGE_MS / 1000} s per rate`,
  );

  const { tsKv } = schema;
  let sustained = 0;
  let allOk = true;
  for (const rate of STAGES) {
    delays = [];
    const since = Date.now();
    worker.postMessage({ type: 'run', rate, ms: STAGE_MS });
    const { sent } = (await once(worker, 'done')) as { sent: number };
    // Count what was stored once the backlog has drained: the count stops growing (at most 15 s).
    const countStored = async () => {
      await server.telemetry.flush();
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(tsKv)
        .where(and(eq(tsKv.key, 'seq'), gte(tsKv.ts, since)));
      return row?.n ?? 0;
    };
    let stored = await countStored();
    for (let waited = 0; waited < 15_000 && stored < sent; waited += 500) {
      await new Promise((r) => setTimeout(r, 500));
      const again = await countStored();
      if (again === stored && waited >= 2000) break;
      stored = again;
    }
    const s = summary(delays);
    const ok = s.p99 <= 50 && stored >= sent;
    // The sustained rate: the highest one with every lower rate also within target.
    allOk &&= ok;
    if (allOk) sustained = rate;
    console.log(
      `  ${String(rate).padStart(6)} msg/s: published ${sent}, stored ${stored} (${stored >= sent ? 'none lost' : `${sent - stored} LOST`}), ` +
        `device → socket p50 ${ms(s.p50)} p99 ${ms(s.p99)}  ${ok ? 'ok' : 'over target'}`,
    );
    if (s.p99 > 2000 || stored < sent) break;
  }
  console.log(
    `  sustained with p99 ≤ 50 ms and nothing lost: ${sustained} msg/s (${sustained * 3} data points/s); target ≥ 10,000 msg/s (${sustained >= 10_000 ? 'met' : 'NOT met'})`,
  );
  const floorUrl = process.env.BENCH_MQTT_URL ?? process.env.TEST_MQTT_URL;
  const floor = floorUrl ? await mosquittoFloor(floorUrl) : null;
  if (floor)
    console.log(
      `  Mosquitto alone (one publisher, one subscriber, same machine): ${Math.round(floor)} msg/s; Hestia sustained / Mosquitto: ${(sustained / floor).toFixed(2)}`,
    );
  else
    console.log(
      '  Mosquitto floor skipped: set TEST_MQTT_URL (or BENCH_MQTT_URL) to a broker to compare with',
    );
  console.log('  scaled stack (PostgreSQL + Mosquitto) ingest: not measured by this benchmark yet');
  worker.postMessage({ type: 'close' });
  await once(worker, 'closed');
  await worker.terminate();
  ws.close();
  await server.close();
}
