import { performance } from 'node:perf_hooks';
import { HestiaClient } from '@hestia/client';
import { DeviceRepository, newAccessToken } from '@hestia/server';
import { startFleet } from '@hestia/simulator';
import { BENCH_PASSWORD, benchUser, startBenchServer } from './setup.ts';
import { ms, summary } from './stats.ts';

const DEVICES = 200;
const WRITES = 1000;
const WARMUP = 200;

/**
 * Toggle latency: REST twoway-rpc → broker → simulated device → reply, with 200 devices connected,
 * against the floor of the same request/response over the same broker without HTTP (the gateway's
 * own MQTT round trip to the same devices).
 */
export async function toggleBench(): Promise<void> {
  const server = await startBenchServer();
  const db = server.database.db;
  const user = await benchUser(server, 'bench@example.com');
  const devices: Array<{ id: string; accessToken: string; profileId: string }> = [];
  for (let i = 0; i < DEVICES; i++) {
    devices.push(
      await new DeviceRepository(db).create({
        ownerId: user.id,
        name: `Bench ${i}`,
        label: `Bench ${i}`,
        profileId: 'switch-one-pole',
        accessToken: newAccessToken(),
      }),
    );
  }
  const fleet = await startFleet({
    url: server.mqttUrl,
    mode: 'tb',
    devices: devices.map((d) => ({ id: d.id, accessToken: d.accessToken, profileId: d.profileId })),
  });
  let token: string | undefined;
  const client = new HestiaClient({ baseUrl: server.url, getToken: () => token });
  token = (await client.login('bench@example.com', BENCH_PASSWORD)).token;
  for (let tries = 0; ; tries++) {
    const list = await client.listDevices();
    if (list.filter((d) => d.deviceData.active === true).length === DEVICES) break;
    if (tries > 200) throw new Error('devices did not connect');
    await new Promise((r) => setTimeout(r, 50));
  }

  const state = new Map<string, number>();
  const nextWrite = (i: number) => {
    const d = devices[(i * 7919) % DEVICES] as { id: string };
    const v = state.get(d.id) === 1 ? 0 : 1;
    state.set(d.id, v);
    return { id: d.id, params: [{ Key: 'relay_1', Value: v }] };
  };

  const viaRest = async (i: number) => {
    const w = nextWrite(i);
    const t0 = performance.now();
    await client.write(w.id, w.params);
    return performance.now() - t0;
  };
  const viaBroker = async (i: number) => {
    const w = nextWrite(i);
    const t0 = performance.now();
    const res = await server.gateway.rpc(
      w.id,
      { method: 'write', params: w.params },
      { twoWay: true, timeoutMs: 6000 },
    );
    if (res.result !== 'OK') throw new Error('device refused');
    return performance.now() - t0;
  };

  for (let i = 0; i < WARMUP; i++) {
    await viaRest(i);
    await viaBroker(i);
  }
  // Interleave the two so drift on the machine hits both alike.
  const rest: number[] = [];
  const floor: number[] = [];
  for (let i = 0; i < WRITES; i++) {
    rest.push(await viaRest(i));
    floor.push(await viaBroker(i));
  }
  const r = summary(rest);
  const f = summary(floor);
  console.log(`toggle: ${DEVICES} simulated devices connected, ${WRITES} sequential writes each way`);
  console.log(`  REST → broker → device → reply   p50 ${ms(r.p50)}   p99 ${ms(r.p99)}   max ${ms(r.max)}`);
  console.log(`  raw MQTT request/response (floor) p50 ${ms(f.p50)}   p99 ${ms(f.p99)}   max ${ms(f.max)}`);
  console.log(
    `  ratio to floor                    p50 ${(r.p50 / f.p50).toFixed(2)}x   p99 ${(r.p99 / f.p99).toFixed(2)}x`,
  );
  console.log(
    `  targets: p99 ≤ 10 ms (${r.p99 <= 10 ? 'met' : 'NOT met'}), p99 ratio ≤ 5 (${r.p99 / f.p99 <= 5 ? 'met' : 'NOT met'})`,
  );

  await fleet.stop();
  await server.close();
}
