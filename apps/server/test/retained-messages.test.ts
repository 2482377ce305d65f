import type { Worker } from 'node:worker_threads';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedBroker } from '../src/gateway/embedded-broker.ts';
import { waitFor } from './stack.ts';

/**
 * Issue 26, item 9: a device's retained publishes are not kept by the embedded broker (before, each
 * stayed in the broker thread's memory until a restart: ~40 MB per 2,000 publishes). Nobody gets one
 * later, and the thread's heap does not grow with them.
 */
const tokens: Record<string, string> = { 'token-r': 'dev-r' };
let broker: Awaited<ReturnType<typeof startEmbeddedBroker>>;
let handed = 0;

beforeAll(async () => {
  broker = await startEmbeddedBroker({
    host: '127.0.0.1',
    port: 0,
    deviceByToken: async (token) => (tokens[token] ? { id: tokens[token] as string } : undefined),
    log: { warn: () => undefined, error: () => undefined },
  });
  // Counted, not kept: the test measures the broker thread's memory, not this one's.
  broker.onMessage(() => {
    handed++;
  });
});
afterAll(() => broker?.close());

const connect = () =>
  mqtt.connectAsync(`mqtt://127.0.0.1:${broker.port}`, {
    username: 'token-r',
    clientId: `r-${Math.random()}`,
    reconnectPeriod: 0,
  });

/** Bytes the broker thread's heap holds after a full collection (a heap snapshot collects first). */
async function heldBytes(worker: Worker): Promise<{ bytes: number; text: string }> {
  const stream = await worker.getHeapSnapshot();
  let text = '';
  for await (const chunk of stream) text += chunk;
  const snapshot = JSON.parse(text) as {
    snapshot: { meta: { node_fields: string[] } };
    nodes: number[];
  };
  const fields = snapshot.snapshot.meta.node_fields;
  const size = fields.indexOf('self_size');
  let bytes = 0;
  for (let i = size; i < snapshot.nodes.length; i += fields.length) bytes += snapshot.nodes[i] as number;
  return { bytes, text };
}

describe("a device's retained publishes", () => {
  it('are passed on as usual but kept by nobody: a new subscriber gets none, and memory does not grow', async () => {
    const worker = broker.thread() as Worker;
    const device = await connect();
    // Warm up (the first messages allocate the broker's own structures), then measure.
    for (let i = 0; i < 50; i++)
      await device.publishAsync(`v1/devices/me/rpc/request/${i}`, 'warm', { qos: 1, retain: true });
    await waitFor(() => handed >= 50);
    const before = await heldBytes(worker);

    // 2,000 retained publishes of 16 KB, each on a topic of its own (client-side RPC requests carry an
    // id in the topic), with telemetry and attributes retained too: 32 MB if kept.
    const payload = JSON.stringify({ method: 'note', params: 'x'.repeat(16 * 1024) });
    handed = 0;
    for (let i = 0; i < 2000; i++)
      device.publish(`v1/devices/me/rpc/request/${1000 + i}`, payload, { qos: 0, retain: true });
    await device.publishAsync('v1/devices/me/telemetry', '{"temperature":21}', { qos: 1, retain: true });
    await device.publishAsync('v1/devices/me/attributes', '{"fw":"1.0"}', { qos: 1, retain: true });
    await waitFor(() => handed === 2002, 20_000);

    // A new connection subscribing to everything it may: nothing retained arrives.
    const later = await connect();
    const received: string[] = [];
    later.on('message', (topic) => received.push(topic));
    const granted = await later.subscribeAsync(
      [
        'v1/devices/me/rpc/request/+',
        'v1/devices/me/rpc/response/+',
        'v1/devices/me/attributes',
        'v1/devices/me/attributes/response/+',
      ],
      { qos: 1 },
    );
    expect(granted.map((g) => g.qos)).toEqual([1, 1, 1, 1]);
    // A device may not subscribe to what it publishes (SUBACK 128): it could not read those back.
    for (const topic of ['v1/devices/me/telemetry', 'devices/dev-r/#'])
      await expect(later.subscribeAsync(topic, { qos: 1 })).rejects.toThrow(/Subscribe error/);
    await new Promise((r) => setTimeout(r, 300));
    expect(received).toEqual([]);

    // The thread's heap holds none of them: no topic of theirs, and far less than 32 MB more.
    const after = await heldBytes(worker);
    expect(after.text).not.toContain('rpc/call/2999');
    expect(after.text).not.toContain('rpc/call/1000');
    expect(after.bytes - before.bytes).toBeLessThan(4 * 1024 * 1024);
    await later.endAsync();
    await device.endAsync();
  });
});
