// Worker: N simulated devices (real MQTT connections with their access tokens) publishing telemetry
// at the rate the main thread asks for, round robin, each message stamped with its send time.
import { parentPort, workerData } from 'node:worker_threads';
import mqtt, { type MqttClient } from 'mqtt';

/**
 * Each device: its MQTT username (the access token on the embedded broker and the edges), its
 * telemetry topic, and its broker when not `url` (an edge of several).
 */
const { url, devices } = workerData as {
  url: string;
  devices: Array<{ username?: string; topic: string; url?: string }>;
};
/** QoS of the devices' publishes: 0 by default; BENCH_QOS=1 waits on the broker's PUBACKs (decision 040). */
const qos = process.env.BENCH_QOS === '1' ? 1 : 0;
const clients: MqttClient[] = [];
let seq = 0;
let timer: NodeJS.Timeout | undefined;

async function connectAll(): Promise<void> {
  for (let i = 0; i < devices.length; i += 200) {
    const batch = devices
      .slice(i, i + 200)
      .map((d) =>
        mqtt.connectAsync(d.url ?? url, { username: d.username, reconnectPeriod: 0, keepalive: 120 }),
      );
    clients.push(...(await Promise.all(batch)));
  }
}

parentPort?.on('message', async (m: { type: string; rate?: number; ms?: number }) => {
  if (m.type === 'connect') {
    await connectAll();
    parentPort?.postMessage({ type: 'connected' });
  } else if (m.type === 'run') {
    const rate = m.rate ?? 1000;
    let sent = 0;
    let next = 0;
    const start = Date.now();
    const end = start + (m.ms ?? 5000);
    // Every 10 ms, whatever the clock says is owed: a late tick catches up, so the rate asked is
    // the rate published. The longest gap between ticks tells how long this thread was held up.
    let last = start;
    let gapMs = 0;
    timer = setInterval(() => {
      const now = Date.now();
      gapMs = Math.max(gapMs, now - last);
      last = now;
      const due = Math.floor((rate * (Math.min(now, end) - start)) / 1000);
      while (sent < due) {
        const i = next++ % clients.length;
        const c = clients[i] as MqttClient;
        seq++;
        c.publish(
          (devices[i] as { topic: string }).topic,
          `{"seq":${seq},"sent":${Date.now()},"power":${seq % 2000}}`,
          { qos },
        );
        sent++;
      }
      if (now >= end) {
        clearInterval(timer);
        parentPort?.postMessage({ type: 'done', sent, gapMs });
      }
    }, 10);
  } else if (m.type === 'close') {
    await Promise.all(clients.map((c) => c.endAsync(true)));
    parentPort?.postMessage({ type: 'closed' });
  }
});
