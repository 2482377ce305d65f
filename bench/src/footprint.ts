import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createSimDevice, getProfile } from '@hestia/catalog';
import {
  createServer,
  DeviceRepository,
  type HestiaServer,
  loadConfig,
  newAccessToken,
  tidyDatabase,
  tsWorker,
} from '@hestia/server';
import { sql } from 'drizzle-orm';
// @ts-expect-error: a plain JavaScript build script, without types
import { buildServer, entry, serverEnv, serverFlags, serverStale } from '../../scripts/build-server.mjs';
import { once, startBuilt, watch } from './built-server.ts';
import { benchUser, startBenchServer } from './setup.ts';

/** Seconds the demo runs idle after each start before its memory is read. */
const IDLE_S = Number(process.env.BENCH_IDLE_S ?? 60);
/** 500 simulated devices at 10 messages a minute each, for this many seconds. */
const FLEET = Number(process.env.BENCH_FLEET ?? 500);
const FLEET_PER_MIN = 10;
const LOAD_S = Number(process.env.BENCH_LOAD_S ?? 90);
const WEEK_DAYS = 7;
const MB = 1024 * 1024;

const mb = (kb: number) => `${(kb / 1024).toFixed(0)} MB`;
const verdict = (ok: boolean) => (ok ? 'ok' : 'OVER');

function duBytes(path: string): number {
  const st = statSync(path);
  if (!st.isDirectory()) return st.size;
  return readdirSync(path).reduce((sum, name) => sum + duBytes(join(path, name)), 0);
}

async function takenPortExit(port: number): Promise<{ ms: number; line: string; code: number | null }> {
  const t0 = performance.now();
  const child = spawn(process.execPath, [...serverFlags, entry], {
    env: { ...serverEnv, ...process.env, PORT: String(port), MQTT_PORT: '0', DATA_DIR: tmpdir() },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let err = '';
  child.stderr?.on('data', (d) => {
    err += d;
  });
  const code = await new Promise<number | null>((r) => child.once('exit', (c) => r(c)));
  return { ms: performance.now() - t0, line: err.trim(), code };
}

/** Telemetry values stored, their devices' keys, and their bytes on disk (tables and indexes). */
async function telemetryOnDisk(db: HestiaServer['database']['db']) {
  const [r] = (
    (await db.execute(sql`
      select (select count(*) from ts_kv)::float8 as rows,
        (select count(*) from (select distinct device_id, key from ts_kv) k)::float8 as keys,
        (select coalesce(sum(pg_total_relation_size(c.oid)), 0) from pg_inherits i
          join pg_class c on c.oid = i.inhrelid where i.inhparent = 'ts_kv'::regclass)::float8 as bytes`)) as unknown as {
      rows: Array<{ rows: number; keys: number; bytes: number }>;
    }
  ).rows;
  return { rows: Number(r?.rows ?? 0), keys: Number(r?.keys ?? 0), bytes: Number(r?.bytes ?? 0) };
}

/** Telemetry on disk in a stopped server's data directory. */
async function telemetryBytes(dataDir: string) {
  const server = await startBenchServer({ DATA_DIR: dataDir });
  try {
    return await telemetryOnDisk(server.database.db);
  } finally {
    await server.close();
  }
}

/**
 * A week of the demo home with the clock sped up: the demo's three devices, simulated by the
 * catalogue as the fleet simulates them (a tick every 250 ms), their reports ingested with the
 * simulated time, then the hourly upkeep (retention, vacuum). Returns what that left on disk.
 */
async function simulatedWeek(): Promise<{
  dir: number;
  rows: number;
  keysPerDevice: number;
  bytes: number;
  deviceDays: number;
}> {
  const dataDir = mkdtempSync(join(tmpdir(), 'hestia-footprint-week-'));
  let now = Date.now();
  const clock = { now: () => now };
  const server = await createServer(
    loadConfig({ PORT: '0', MQTT_PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'silent' }),
    { clock },
  );
  try {
    const demo = await new DeviceRepository(server.database.db).simulated();
    const sims = demo.map((d) => {
      const profile = getProfile(d.profileId);
      if (!profile) throw new Error(`unknown profile ${d.profileId}`);
      const sim = createSimDevice(profile, Math.random, clock.now);
      server.telemetry.ingest(d.id, sim.snapshot(), now);
      return { id: d.id, sim };
    });
    const end = now + WEEK_DAYS * 86_400_000;
    while (now < end) {
      const hourEnd = Math.min(end, now + 3_600_000);
      while (now < hourEnd) {
        now += 250;
        for (const { id, sim } of sims) {
          const changes = sim.tick(250);
          if (Object.keys(changes).length > 0) server.telemetry.ingest(id, changes, now);
        }
      }
      await server.telemetry.flush();
    }
    await tidyDatabase(server.database.db, 'pglite');
    const stored = await telemetryOnDisk(server.database.db);
    await server.close();
    return {
      dir: duBytes(dataDir),
      rows: stored.rows,
      keysPerDevice: stored.keys / sims.length,
      bytes: stored.bytes,
      deviceDays: sims.length * WEEK_DAYS,
    };
  } finally {
    await server.close().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * `npm run bench -- footprint` (decision 024): the built server as `npm start` runs it, measured from
 * outside: memory (RSS) idle and at peak with the demo, with 500 simulated devices, start-up times,
 * threads, how fast a taken port is reported, and the disk telemetry takes.
 */
export async function footprintBench(): Promise<void> {
  if (serverStale()) {
    console.log('footprint: building the server');
    await buildServer();
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'hestia-footprint-'));
  try {
    console.log(
      `footprint: the built server (node ${serverFlags.join(' ')}), demo home; memory read over ${IDLE_S} s after each start; machine load ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')} on ${availableParallelism()} cores`,
    );
    // First start: a new data directory (the database is created), the demo seeded.
    const first = await startBuilt({ DATA_DIR: dataDir });
    const firstMem = await watch(first.child.pid as number, IDLE_S);
    const taken = await takenPortExit(Number(new URL(first.url).port));
    await first.stop();
    console.log(
      `  first start: serves after ${(first.serveMs / 1000).toFixed(2)} s (target ≤ 8 s: ${verdict(first.serveMs <= 8000)})`,
    );
    console.log(
      `    peak ${mb(firstMem.peak)} (target ≤ 400 MB: ${verdict(firstMem.peak <= 400 * 1024)}), after ${IDLE_S} s ${mb(firstMem.settled)}, ${firstMem.threads} threads`,
    );
    console.log(
      `  taken port: exit ${taken.code} after ${taken.ms.toFixed(0)} ms (target ≤ 1000 ms: ${verdict(taken.ms <= 1000 && taken.code === 1)}): ${taken.line}`,
    );

    // Warm restart: the same data directory.
    const warm = await startBuilt({ DATA_DIR: dataDir });
    const warmMem = await watch(warm.child.pid as number, IDLE_S);
    await warm.stop();
    console.log(
      `  warm restart: serves after ${(warm.serveMs / 1000).toFixed(2)} s (target ≤ 2 s: ${verdict(warm.serveMs <= 2000)})`,
    );
    console.log(
      `    idle ${mb(warmMem.settled)} (target ≤ 250 MB: ${verdict(warmMem.settled <= 250 * 1024)}), peak ${mb(warmMem.peak)} (target ≤ 400 MB: ${verdict(warmMem.peak <= 400 * 1024)}), ${warmMem.threads} threads`,
    );

    // A busy home: FLEET more devices, each reporting 3 keys 10 times a minute.
    const before = await telemetryBytes(dataDir);
    const seeder = await startBenchServer({ DATA_DIR: dataDir });
    const owner = await benchUser(seeder, `footprint-${Date.now()}@example.com`);
    const repo = new DeviceRepository(seeder.database.db);
    const fleet: Array<{ username: string; topic: string }> = [];
    for (let i = 0; i < FLEET; i++) {
      const d = await repo.create({
        ownerId: owner.id,
        name: `Plug ${i}`,
        label: `Plug ${i}`,
        profileId: 'plug-metering',
        accessToken: newAccessToken(),
      });
      fleet.push({ username: d.accessToken, topic: 'v1/devices/me/telemetry' });
    }
    await seeder.close();
    const busy = await startBuilt({ DATA_DIR: dataDir });
    const devices = tsWorker(new URL('./ingest-devices.ts', import.meta.url), {
      url: busy.mqttUrl,
      devices: fleet,
    });
    devices.postMessage({ type: 'connect' });
    await once(devices, 'connected');
    const rate = (FLEET * FLEET_PER_MIN) / 60;
    devices.postMessage({ type: 'run', rate, ms: LOAD_S * 1000 });
    const busyMem = await watch(busy.child.pid as number, LOAD_S);
    await once(devices, 'done');
    devices.postMessage({ type: 'close' });
    await once(devices, 'closed');
    await devices.terminate();
    await busy.stop();
    console.log(
      `  ${FLEET} devices at ${FLEET_PER_MIN} messages a minute each (${rate.toFixed(0)} msg/s) for ${LOAD_S} s: peak ${mb(busyMem.peak)} (target ≤ 400 MB: ${verdict(busyMem.peak <= 400 * 1024)}), last 10 s ${mb(busyMem.settled)}, ${busyMem.threads} threads`,
    );

    // Disk: what a stored report costs, and a week of the demo with the clock sped up.
    const after = await telemetryBytes(dataDir);
    const perRow = (after.bytes - before.bytes) / Math.max(1, after.rows - before.rows);
    const week = await simulatedWeek();
    const weekPerRow = week.bytes / Math.max(1, week.rows);
    const rowsPerDeviceDay = week.rows / week.deviceDays;
    const rawDay = rowsPerDeviceDay * weekPerRow;
    console.log(
      `  disk: ${perRow.toFixed(0)} bytes a stored value under load (${after.rows - before.rows} values), ${weekPerRow.toFixed(0)} in the demo's week`,
    );
    console.log(
      `    demo devices: ${rowsPerDeviceDay.toFixed(0)} values a device-day, ${(rawDay / 1024).toFixed(0)} kB a device-day raw`,
    );
    const raw = loadConfig({
      TELEMETRY_RAW_DAYS: process.env.TELEMETRY_RAW_DAYS,
      TELEMETRY_KEEP_DAYS: process.env.TELEMETRY_KEEP_DAYS,
    });
    const hourlyDay = week.keysPerDevice * 24 * weekPerRow;
    const kept =
      rawDay * Math.min(raw.TELEMETRY_RAW_DAYS, raw.TELEMETRY_KEEP_DAYS) +
      hourlyDay * Math.max(0, raw.TELEMETRY_KEEP_DAYS - raw.TELEMETRY_RAW_DAYS);
    console.log(
      `    retention (raw ${raw.TELEMETRY_RAW_DAYS} days, then hourly values of its ${week.keysPerDevice.toFixed(0)} keys, ${(hourlyDay / 1024).toFixed(0)} kB a device-day, to ${raw.TELEMETRY_KEEP_DAYS} days): ${(kept / MB).toFixed(0)} MB a demo device at most`,
    );
    console.log(
      `    a week of the demo (clock sped up): data directory ${(week.dir / MB).toFixed(1)} MB, telemetry ${(week.bytes / MB).toFixed(1)} MB`,
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
