// Worker: opens N WebSocket clients on one device and reports each update's delay (receive time
// minus the `probe` timestamp the device put in it). Runs in its own thread so the clients'
// parsing does not queue behind the server's event loop.
import { parentPort, workerData } from 'node:worker_threads';
import WebSocket from 'ws';

const { url, deviceId, clients } = workerData as { url: string; deviceId: string; clients: number };
const delays: number[] = [];
let subscribed = 0;
const sockets: WebSocket[] = [];

for (let i = 0; i < clients; i++) {
  const ws = new WebSocket(url);
  sockets.push(ws);
  let first = true;
  ws.on('open', () =>
    ws.send(
      JSON.stringify({ tsSubCmds: [{ cmdId: 1, entityType: 'DEVICE', entityId: deviceId, keys: 'probe' }] }),
    ),
  );
  ws.on('message', (data) => {
    const now = Date.now();
    if (first) {
      first = false;
      subscribed++;
      if (subscribed === clients) parentPort?.postMessage({ type: 'ready' });
      return;
    }
    const msg = JSON.parse(data.toString()) as { data: { probe?: Array<[number, string]> } };
    const sent = Number(msg.data.probe?.[0]?.[1]);
    if (Number.isFinite(sent)) delays.push(now - sent);
  });
}

parentPort?.on('message', (m: { type: string }) => {
  if (m.type === 'report') {
    parentPort?.postMessage({ type: 'report', delays });
    for (const s of sockets) s.close();
  }
});
