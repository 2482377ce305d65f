import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { HestiaClient } from '@hestia/client';
import { DeviceRepository, newAccessToken, schema, tsWorker } from '@hestia/server';
import { startFleet } from '@hestia/simulator';
// @ts-expect-error: a plain JavaScript build script, without types
import { buildServer, serverFlags, serverStale } from '../../scripts/build-server.mjs';
import { once, residentParts, startBuilt, status } from './built-server.ts';
import { BENCH_PASSWORD, benchUser, startBenchServer } from './setup.ts';
import { summary } from './stats.ts';

/** A busy home: 50 devices, each reporting 10 times a minute. The soak runs three of them. */
const BUSY_HOME_DEVICES = 50;
const FACTOR = 3;
const PER_MIN = 10;
const MINUTES = Number(process.env.BENCH_SOAK_MIN ?? 60);
/** A light toggled through the REST API every this many ms, its round trip timed. */
const TOGGLE_MS = 2000;

const mb = (kb: number) => (kb / 1024).toFixed(0);

/**
 * `npm run bench -- soak` (issue 22; not run in CI): the built server as `npm start` runs it, for an
 * hour (BENCH_SOAK_MIN) at three times a busy home's traffic: 150 devices reporting 3 keys 10 times
 * a minute over MQTT, and a light toggled through the REST API every 2 s. Every minute it prints the
 * server's memory, the toggle's latency and the messages stored; at the end, whether memory stayed
 * flat (the growth from the second minute's to the last minute's RSS, as MB an hour).
 */
export async function soakBench(): Promise<void> {
  if (serverStale()) await buildServer();
  const dataDir = mkdtempSync(join(tmpdir(), 'hestia-soak-'));
  try {
    // Seed the devices and their owner with the server stopped, as footprint does.
    const seeder = await startBenchServer({ DATA_DIR: dataDir });
    const email = `soak-${Date.now()}@example.com`;
    const owner = await benchUser(seeder, email);
    const repo = new DeviceRepository(seeder.database.db);
    const reporters: Array<{ username: string; topic: string }> = [];
    for (let i = 0; i < BUSY_HOME_DEVICES * FACTOR; i++) {
      const d = await repo.create({
        ownerId: owner.id,
        name: `Plug ${i}`,
        label: `Plug ${i}`,
        profileId: 'plug-metering',
        accessToken: newAccessToken(),
      });
      reporters.push({ username: d.accessToken, topic: 'v1/devices/me/telemetry' });
    }
    const light = await repo.create({
      ownerId: owner.id,
      name: 'Soak light',
      label: 'Soak light',
      profileId: 'switch-one-pole',
      accessToken: newAccessToken(),
    });
    await seeder.close();

    const server = await startBuilt({ DATA_DIR: dataDir, DEMO: 'off', LOG_LEVEL: 'warn' });
    const pid = server.child.pid as number;
    const fleet = await startFleet({
      url: server.mqttUrl,
      mode: 'tb',
      devices: [{ id: light.id, accessToken: light.accessToken, profileId: light.profileId }],
    });
    const devices = tsWorker(new URL('./ingest-devices.ts', import.meta.url), {
      url: server.mqttUrl,
      devices: reporters,
    });
    devices.postMessage({ type: 'connect' });
    await once(devices, 'connected');
    let token: string | undefined;
    const client = new HestiaClient({ baseUrl: server.url, getToken: () => token });
    token = (await client.login(email, BENCH_PASSWORD)).token;

    const rate = (reporters.length * PER_MIN) / 60;
    console.log(
      `soak: the built server (node ${serverFlags.join(' ')}), ${reporters.length} devices at ${PER_MIN} messages a minute (${rate.toFixed(1)} msg/s) and a light toggled every ${TOGGLE_MS / 1000} s, for ${MINUTES} min; machine load ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')} on ${availableParallelism()} cores`,
    );
    devices.postMessage({ type: 'run', rate, ms: MINUTES * 60_000 });
    const published = new Promise<number>((resolve) =>
      devices.on('message', (m: { type: string; sent?: number }) => {
        if (m.type === 'done') resolve(m.sent ?? 0);
      }),
    );

    let on = 0;
    let failures = 0;
    let toggles: number[] = [];
    const rss: number[] = [];
    let nextReport = performance.now() + 60_000;
    while (rss.length < MINUTES) {
      const t0 = performance.now();
      on = 1 - on;
      try {
        await client.write(light.id, [{ Key: 'relay_1', Value: on }]);
        toggles.push(performance.now() - t0);
      } catch {
        failures++;
      }
      if (performance.now() >= nextReport) {
        nextReport += 60_000;
        const s = status(pid);
        const parts = residentParts(pid);
        rss.push(s.rss);
        const t = summary(toggles);
        console.log(
          `  minute ${String(rss.length).padStart(3)}: RSS ${mb(s.rss)} MB (peak ${mb(s.hwm)}; WebAssembly ${mb(parts.wasm)}, files ${mb(parts.file)}, heaps and the rest ${mb(parts.other)}), ${s.threads} threads; toggle p50 ${t.p50.toFixed(1)} ms p99 ${t.p99.toFixed(1)} ms (${t.n} toggles, ${failures} failed)`,
        );
        toggles = [];
        failures = 0;
      }
      await new Promise((r) => setTimeout(r, Math.max(0, TOGGLE_MS - (performance.now() - t0))));
    }
    const sent = await published;
    devices.postMessage({ type: 'close' });
    await once(devices, 'closed');
    await devices.terminate();
    await fleet.stop();
    await server.stop();

    const stored = await startBenchServer({ DATA_DIR: dataDir });
    const rows = await stored.database.db.$count(schema.tsKv);
    await stored.close();
    // Growth: the least-squares slope of RSS over the minutes from the second on (the first is start-up).
    const tail = rss.slice(1).map((kb, i) => [i, kb / 1024] as const);
    if (tail.length < 9) console.log('  memory: run at least 10 minutes to judge whether it is flat');
    else {
      const mx = tail.reduce((a, [x]) => a + x, 0) / tail.length;
      const my = tail.reduce((a, [, y]) => a + y, 0) / tail.length;
      const slope =
        tail.reduce((a, [x, y]) => a + (x - mx) * (y - my), 0) /
        tail.reduce((a, [x]) => a + (x - mx) ** 2, 0);
      const perHour = slope * 60;
      console.log(
        `  memory from minute 2 to minute ${rss.length}: ${mb(rss[1] as number)} → ${mb(rss.at(-1) as number)} MB, trend ${perHour >= 0 ? '+' : ''}${perHour.toFixed(1)} MB an hour: ${Math.abs(perHour) <= 10 ? 'flat' : 'NOT flat'} (bound ±10 MB an hour)`,
      );
    }
    console.log(
      `  messages published ${sent} (3 values each), values stored ${rows} (the toggled light's included)`,
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
