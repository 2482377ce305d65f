import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedBroker } from '../src/gateway/embedded-broker.ts';
import { connectExternalBroker } from '../src/gateway/external-broker.ts';
import type { DeviceMessage } from '../src/gateway/transport.ts';
import { waitFor } from './stack.ts';

// The broker on its thread, on its own (the whole stack uses it in device-protocol.test.ts): what
// it hands over, in which order, and what happens when the thread dies.
const tokens: Record<string, string> = { 'token-a': 'dev-a', 'token-b': 'dev-b' };
let broker: Awaited<ReturnType<typeof startEmbeddedBroker>>;
const messages: DeviceMessage[] = [];
const connections: Array<[string, boolean]> = [];
const errors: string[] = [];

beforeAll(async () => {
  broker = await startEmbeddedBroker({
    host: '127.0.0.1',
    port: 0,
    deviceByToken: async (token) => (tokens[token] ? { id: tokens[token] as string } : undefined),
    log: { warn: () => undefined, error: (_obj, msg) => errors.push(msg) },
  });
  broker.onMessage((m) => messages.push(m));
  broker.onConnection((id, connected) => connections.push([id, connected]));
});
afterAll(() => broker?.close());

const connect = (username: string) =>
  mqtt.connectAsync(`mqtt://127.0.0.1:${broker.port}`, {
    username,
    clientId: `t-${Math.random()}`,
    reconnectPeriod: 0,
  });

describe('the embedded broker on its own thread', () => {
  it('hands over every message of a burst, in order, with the device it came from', async () => {
    messages.length = 0;
    const c = await connect('token-a');
    await waitFor(() => connections.some(([id, up]) => id === 'dev-a' && up));
    for (let i = 0; i < 3000; i++) c.publish('v1/devices/me/telemetry', `{"n":${i}}`, { qos: 0 });
    await c.publishAsync('v1/devices/me/attributes', '{"fw":"1.2"}', { qos: 1 });
    await waitFor(() => messages.length === 3001);
    const telemetry = messages.filter((m) => m.kind === 'telemetry');
    expect(telemetry.map((m) => JSON.parse(m.payload).n)).toEqual([...Array(3000).keys()]);
    expect(new Set(telemetry.map((m) => m.deviceId))).toEqual(new Set(['dev-a']));
    expect(messages.at(-1)).toEqual({ deviceId: 'dev-a', kind: 'attributes', payload: '{"fw":"1.2"}' });
    await c.endAsync();
    await waitFor(() => connections.at(-1)?.[0] === 'dev-a' && connections.at(-1)?.[1] === false);
  });

  it("closes a device's live connection when a recheck finds its token revoked, and only then", async () => {
    tokens['token-c'] = 'dev-c';
    const c = await connect('token-c');
    const a = await connect('token-a');
    const closed = new Promise<void>((resolve) => c.once('close', () => resolve()));
    // Still valid: nothing happens.
    broker.recheck('dev-c');
    broker.recheck('dev-a');
    await new Promise((r) => setTimeout(r, 300));
    expect(c.connected).toBe(true);
    delete tokens['token-c'];
    broker.recheck('dev-c');
    await closed;
    // Another device's connection is left alone.
    expect(a.connected).toBe(true);
    await a.endAsync();
    c.end(true);
  });

  it('refuses unknown tokens and topics of other devices', async () => {
    await expect(connect('nobody')).rejects.toThrow(/Not authorized|Connection refused/i);
    messages.length = 0;
    // A publish outside the device's own topics ends its connection, and nothing is handed over.
    const intruder = await connect('token-a');
    const closed = new Promise<void>((resolve) => intruder.once('close', () => resolve()));
    intruder.publish('devices/dev-b/telemetry', '{"x":1}', { qos: 0 });
    await closed;
    intruder.end(true);
    const c = await connect('token-a');
    await c.publishAsync('devices/dev-a/telemetry', '{"x":2}', { qos: 1 });
    await waitFor(() => messages.length >= 1);
    expect(messages).toEqual([{ deviceId: 'dev-a', kind: 'telemetry', payload: '{"x":2}' }]);
    await c.endAsync(true);
  });

  it('sends RPC requests on the topics the device used and takes the answer with its request id', async () => {
    messages.length = 0;
    const c = await connect('token-b');
    await c.subscribeAsync('v1/devices/me/rpc/request/+', { qos: 1 });
    const seen = new Promise<string>((resolve) => c.on('message', (topic) => resolve(topic)));
    await broker.publish('devices/dev-b/rpc/request/42', '{"method":"ping"}');
    expect(await seen).toBe('v1/devices/me/rpc/request/42');
    await c.publishAsync('v1/devices/me/rpc/response/42', '{"ok":true}', { qos: 1 });
    await waitFor(() => messages.length === 1);
    expect(messages[0]).toEqual({
      deviceId: 'dev-b',
      kind: 'rpc/response',
      requestId: '42',
      payload: '{"ok":true}',
    });
    await c.endAsync(true);
  });

  it('when its thread dies, reports its devices disconnected, says so, and listens again on the same port', async () => {
    const c = await connect('token-a');
    await waitFor(() => connections.at(-1)?.[0] === 'dev-a' && connections.at(-1)?.[1] === true);
    await broker.thread()?.terminate();
    await waitFor(() => connections.at(-1)?.[0] === 'dev-a' && connections.at(-1)?.[1] === false);
    expect(errors).toContain('the MQTT broker stopped; starting it again');
    await expect(broker.publish('devices/dev-a/rpc/request/1', '{}')).rejects.toThrow(/not running/);
    c.end(true);
    await waitFor(() => broker.thread() !== null, 10_000);
    const again = await connect('token-a'); // the port the broker had before
    await waitFor(() => connections.at(-1)?.[0] === 'dev-a' && connections.at(-1)?.[1] === true);
    messages.length = 0;
    await again.publishAsync('v1/devices/me/telemetry', '{"back":1}', { qos: 1 });
    await waitFor(() => messages.length === 1);
    await again.endAsync(true);
  });
});

describe('the external broker client on its own thread', () => {
  it('ends start-up with a clear error naming MQTT_URL when the broker cannot be reached', async () => {
    const quiet = { warn: () => undefined, error: () => undefined };
    await expect(connectExternalBroker('mqtt://127.0.0.1:1', quiet)).rejects.toThrow(
      /Cannot reach the broker in MQTT_URL/,
    );
  });
});
