import { HestiaClient } from '@hestia/client';
import { DeviceRepository, newAccessToken, tsWorker } from '@hestia/server';
import mqtt from 'mqtt';
import { BENCH_PASSWORD, benchUser, startBenchServer } from './setup.ts';
import { ms, summary } from './stats.ts';

const CLIENTS = 1000;
const ROUNDS = 60;
const EVERY_MS = 100;

/** 1,000 WebSocket clients watching one device: delay from the device's publish to each client. */
export async function fanoutBench(): Promise<void> {
  const server = await startBenchServer();
  const db = server.database.db;
  const user = await benchUser(server, 'fanout@example.com');
  const device = await new DeviceRepository(db).create({
    ownerId: user.id,
    name: 'Probe',
    label: 'Probe',
    profileId: 'plug-metering',
    accessToken: newAccessToken(),
  });
  const { token } = await new HestiaClient({ baseUrl: server.url }).login(
    'fanout@example.com',
    BENCH_PASSWORD,
  );
  const publisher = await mqtt.connectAsync(server.mqttUrl, { username: device.accessToken });

  const worker = tsWorker(new URL('./fanout-clients.ts', import.meta.url), {
    url: `${server.url.replace('http', 'ws')}/api/ws/plugins/telemetry?token=${token}`,
    deviceId: device.id,
    clients: CLIENTS,
  });
  await new Promise<void>((resolve, reject) => {
    worker.once('error', reject);
    worker.on('message', (m: { type: string }) => m.type === 'ready' && resolve());
  });
  for (let i = 0; i < ROUNDS; i++) {
    await publisher.publishAsync('v1/devices/me/telemetry', JSON.stringify({ probe: Date.now() }), {
      qos: 1,
    });
    await new Promise((r) => setTimeout(r, EVERY_MS));
  }
  await new Promise((r) => setTimeout(r, 1000));
  const delays = await new Promise<number[]>((resolve) => {
    worker.on(
      'message',
      (m: { type: string; delays?: number[] }) => m.type === 'report' && resolve(m.delays ?? []),
    );
    worker.postMessage({ type: 'report' });
  });
  const s = summary(delays);
  const expected = CLIENTS * ROUNDS;
  console.log(`fanout: ${CLIENTS} WebSocket clients on one device, ${ROUNDS} updates ${EVERY_MS} ms apart`);
  console.log(
    `  delivered ${delays.length} of ${expected} updates (${delays.length === expected ? 'none lost' : 'SOME LOST'})`,
  );
  console.log(
    `  device → every client   p50 ${ms(s.p50)}   p99 ${ms(s.p99)}   max ${ms(s.max)}   target p99 ≤ 50 ms (${s.p99 <= 50 ? 'met' : 'NOT met'})`,
  );
  await worker.terminate();
  await publisher.endAsync();
  await server.close();
}
