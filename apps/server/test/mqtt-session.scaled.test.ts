import mqtt from 'mqtt';
import { afterAll, describe, expect, it } from 'vitest';
import { MqttSession, type SessionOptions } from '../src/gateway/mqtt-session.ts';
import { type Mosquitto, startMosquitto } from './broker-kit.ts';
import { scaledConfigured } from './scaled-kit.ts';
import { waitFor } from './stack.ts';

/**
 * The external broker thread's MQTT client (decision 045) against a real Mosquitto of the test's own:
 * PUBACKs held without stalling, a kept session's redelivery, reconnecting after the broker restarts
 * or stops answering. In the scaled suite, where Mosquitto is installed.
 */

const started: Mosquitto[] = [];
const sessions: MqttSession[] = [];
afterAll(async () => {
  for (const s of sessions) await s.close();
  for (const b of started) await b.stop();
});

async function broker(port?: number): Promise<Mosquitto> {
  const b = await startMosquitto(port);
  started.push(b);
  return b;
}

function session(
  url: string,
  clientId: string,
  extra: Partial<SessionOptions> = {},
): {
  s: MqttSession;
  got: Array<{ payload: string; messageId: number | null; generation: number }>;
  readies: number;
  errors: string[];
} {
  const out = {
    got: [] as Array<{ payload: string; messageId: number | null; generation: number }>,
    readies: 0,
    errors: [] as string[],
  } as ReturnType<typeof session>;
  out.s = new MqttSession({
    url,
    clientId,
    sessionExpiry: 300,
    subscriptions: { '$share/g/t': 1 },
    onReady: () => {
      out.readies++;
    },
    onMessage: (_t, payload, messageId, generation) =>
      out.got.push({ payload: payload.toString(), messageId, generation }),
    onError: (err) => out.errors.push(err.message),
    ...extra,
  });
  sessions.push(out.s);
  return out;
}

describe.runIf(scaledConfigured)('the external broker thread’s MQTT session', () => {
  it('keeps reading while PUBACKs wait, and a kept session gets back exactly what it had not acknowledged', async () => {
    const b = await broker();
    const first = session(b.url, 'session-redelivery');
    await waitFor(() => first.readies === 1, 10_000);
    const publisher = await mqtt.connectAsync(b.url, { clientId: 'session-publisher' });
    for (let i = 0; i < 3000; i++) publisher.publish('t', String(i), { qos: 1 });
    // Mosquitto's own limit would be 20 in flight: the session asks for 65,535.
    await waitFor(() => first.got.length === 3000, 15_000);
    expect(first.got.every((m) => m.messageId !== null)).toBe(true);
    for (const m of first.got.slice(0, 1000)) first.s.ack(m.messageId as number, m.generation);
    await first.s.flushed(1000);
    await new Promise((r) => setTimeout(r, 300));
    // A crash: the connection is gone without DISCONNECT, and nobody acknowledges the rest.
    (first.s as unknown as { socket: { destroy(): void } }).socket.destroy();
    await first.s.close();
    const again = session(b.url, 'session-redelivery');
    await waitFor(() => again.got.length >= 2000, 15_000);
    await new Promise((r) => setTimeout(r, 300));
    const payloads = again.got.map((m) => Number(m.payload)).sort((x, y) => x - y);
    expect(payloads.length).toBe(2000);
    expect(payloads[0]).toBe(1000);
    expect(payloads.at(-1)).toBe(2999);
    await publisher.endAsync();
  }, 60_000);

  it('reconnects after the broker restarts, and a publish made meanwhile goes out once it is back', async () => {
    let b = await broker();
    const port = b.port;
    const s = session(b.url, 'session-restart');
    await waitFor(() => s.readies === 1, 10_000);
    await b.stop();
    await waitFor(() => s.errors.length > 0, 5000);
    expect(s.s.ready).toBe(false);
    const published = s.s.publish('devices/x/rpc/request/1', '{"method":"ping"}');
    b = await broker(port);
    // Resolved by the new broker's PUBACK.
    await published;
    const watcher = await mqtt.connectAsync(b.url, { clientId: 'session-watcher' });
    expect(s.readies).toBe(2);
    // Subscribed again on the new broker (it kept nothing): messages reach the session.
    await watcher.publishAsync('t', 'after', { qos: 1 });
    await waitFor(() => s.got.some((m) => m.payload === 'after'), 5000);
    await watcher.endAsync();
  }, 60_000);

  it('says what may be wrong when another connection takes its client id', async () => {
    const b = await broker();
    const one = session(b.url, 'session-twice');
    await waitFor(() => one.readies === 1, 10_000);
    const two = session(b.url, 'session-twice');
    await waitFor(
      () => one.errors.some((e) => e.includes('another instance may have the client id session-twice')),
      5000,
    );
    await one.s.close();
    await two.s.close();
  }, 30_000);

  it('drops a connection whose broker stopped answering, and connects again', async () => {
    const b = await broker();
    const s = session(b.url, 'session-keepalive', { keepaliveSeconds: 1 });
    await waitFor(() => s.readies === 1, 10_000);
    process.kill(b.pid, 'SIGSTOP');
    const stopped = performance.now();
    try {
      await waitFor(() => s.errors.includes('the broker stopped answering'), 5000);
      expect(performance.now() - stopped).toBeLessThan(4000);
    } finally {
      process.kill(b.pid, 'SIGCONT');
    }
    await waitFor(() => s.readies === 2, 10_000);
    expect(s.s.ready).toBe(true);
  }, 30_000);
});
