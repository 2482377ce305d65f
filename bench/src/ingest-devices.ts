// Worker: N simulated devices (real MQTT connections with their access tokens) publishing telemetry
// at the rate the main thread asks for, round robin, each message stamped with its send time.
import { parentPort, workerData } from 'node:worker_threads';
import mqtt, { type MqttClient } from 'mqtt';

/** Each device: its MQTT username (the access token on the embedded broker) and telemetry topic. */
const { url, devices } = workerData as { url: string; devices: Array<{ username?: string; topic: string }> };
const clients: MqttClient[] = [];
let seq = 0;
let timer: NodeJS.Timeout | undefined;

async function connectAll(): Promise<void> {
  for (let i = 0; i < devices.length; i += 200) {
    const batch = devices
      .slice(i, i + 200)
      .map((d) => mqtt.connectAsync(url, { username: d.username, reconnectPeriod: 0, keepalive: 120 }));
    clients.push(...(await Promise.all(batch)));
  }
}

parentPort?.on('message', async (m: { type: string; rate?: number; ms?: number }) => {
  if (m.type === 'connect') {
    await connectAll();
    parentPort?.postMessage({ type: 'connected' });
  } else if (m.type === 'run') {
    const rate = m.rate ?? 1000;
    const perTick = rate / 100;
    let owed = 0;
    let sent = 0;
    let next = 0;
    const end = Date.now() + (m.ms ?? 5000);
    timer = setInterval(() => {
      if (Date.now() >= end) {
        clearInterval(timer);
        parentPort?.postMessage({ type: 'done', sent });
        return;
      }
      owed += perTick;
      while (owed >= 1) {
        owed -= 1;
        const i = next++ % clients.length;
        const c = clients[i] as MqttClient;
        seq++;
        c.publish(
          (devices[i] as { topic: string }).topic,
          `{"seq":${seq},"sent":${Date.now()},"power":${seq % 2000}}`,
          {
            qos: 0,
          },
        );
        sent++;
      }
    }, 10);
  } else if (m.type === 'close') {
    await Promise.all(clients.map((c) => c.endAsync(true)));
    parentPort?.postMessage({ type: 'closed' });
  }
});
