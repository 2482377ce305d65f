// Worker: the app watching devices while they publish: one WebSocket on the legacy telemetry
// endpoint, subscribed to the first devices' `sent` key, recording each update's delay (receive
// time minus the device's send time). In its own thread, as a phone is its own machine: its
// parsing does not wait for the server's event loop, nor the server's for it.
import { parentPort, workerData } from 'node:worker_threads';
import WebSocket from 'ws';

const { url, ids } = workerData as { url: string; ids: string[] };
let delays: number[] = [];
let snapshots = 0;
const ws = new WebSocket(url);
ws.on('open', () =>
  ws.send(
    JSON.stringify({
      tsSubCmds: ids.map((entityId, i) => ({ cmdId: i + 1, entityType: 'DEVICE', entityId, keys: 'sent' })),
    }),
  ),
);
ws.on('message', (d) => {
  const now = Date.now();
  // Each subscription answers first with the device's current state: not a measured update.
  if (snapshots < ids.length) {
    if (++snapshots === ids.length) parentPort?.postMessage({ type: 'ready' });
    return;
  }
  const msg = JSON.parse(d.toString()) as { data: { sent?: Array<[number, string]> } };
  const sent = Number(msg.data.sent?.[0]?.[1]);
  if (Number.isFinite(sent)) delays.push(now - sent);
});

parentPort?.on('message', (m: { type: string }) => {
  if (m.type === 'collect') {
    parentPort?.postMessage({ type: 'delays', delays });
    delays = [];
  } else if (m.type === 'close') {
    ws.close();
    parentPort?.postMessage({ type: 'closed' });
  }
});
