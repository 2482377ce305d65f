import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { tsKv } from '../src/db/schema.ts';
import { brokerThreads } from '../src/gateway/broker-host.ts';
import { type Load, missing, startLoad, uptime } from './fault-kit.ts';
import { addDevice, type Stack, startStack, waitFor } from './stack.ts';

/**
 * Issue 22, faults under load (decision 044): the embedded broker's thread dies while devices publish
 * QoS 1 (`clean: false`) at a fixed load. Everything a device was acknowledged for is stored, the
 * broker comes back on its port, the devices reconnect and resend, and nothing is lost.
 */

const KEY = 'fb';
/** 15 connections, one message each every 10 ms (~1,500 msg/s), 400 messages each (6,000, ~4 s). */
const CONNECTIONS = 15;
const EVERY_MS = 10;
const COUNT = 400;

let stack: Stack | undefined;
let load: Load | undefined;
afterAll(async () => {
  await load?.end();
  await stack?.stop();
});

describe('the broker thread dies under load', () => {
  it('stores every acknowledged message, and the devices reconnect and resend the rest', async () => {
    stack = await startStack({ LOG_LEVEL: 'silent' });
    const s = stack;
    const devices = [];
    for (let i = 0; i < CONNECTIONS; i++) devices.push(await addDevice(s, `Load ${i}`));
    const [broker] = brokerThreads().filter(
      (b) => b.port !== null && s.server.mqttUrl.endsWith(`:${b.port}`),
    );
    expect(broker?.thread()).toBeTruthy();
    const l = await startLoad({
      url: s.server.mqttUrl,
      devices: devices.map((d) => ({ id: d.id, username: d.accessToken, topic: 'v1/devices/me/telemetry' })),
      key: KEY,
      count: COUNT,
      everyMs: EVERY_MS,
      clientPrefix: 'faults-broker',
    });
    load = l;
    const started = performance.now();
    // A third of the way in, right after a round was sent (so messages are in flight), the thread
    // dies as on an uncaught error: its sockets go with it.
    let publishedAtCrash = 0;
    let ackedBefore = 0;
    let crashAt = 0;
    const crashed = new Promise<void>((resolve) =>
      l.after(Math.floor(COUNT / 3), () => {
        publishedAtCrash = l.published();
        ackedBefore = l.acked.size;
        crashAt = performance.now();
        void broker
          ?.thread()
          ?.terminate()
          .then(() => resolve());
      }),
    );
    await crashed;
    // What was acknowledged up to the moment the thread was gone.
    const ackedAtCrash = new Set(l.acked);
    await l.done;
    const publishedFor = performance.now() - started;
    // Each connection is back once it connected after the crash.
    await waitFor(() => l.connects.every((c) => c.some((t) => t > crashAt)), 20_000);
    const backIn = Math.max(...l.connects.map((c) => (c.find((t) => t > crashAt) ?? 0) - crashAt));
    const total = CONNECTIONS * COUNT;
    await waitFor(() => l.acked.size === total, 30_000);
    const allAckedIn = performance.now() - crashAt;

    const stored = new Set<string>();
    const rows = await s.server.database.db.select().from(tsKv).where(eq(tsKv.key, KEY));
    for (const r of rows) stored.add(`${r.deviceId}:${r.ts - l.ts(0)}`);
    const lostAcked = missing(ackedAtCrash, stored);
    const lost = missing(l.all(), stored);
    console.log(
      `faults, broker thread crash: ${CONNECTIONS} connections, ${total} messages in ${Math.round(publishedFor)} ms ` +
        `(${Math.round((total / publishedFor) * 1000)} msg/s); at the crash ${publishedAtCrash} published, ` +
        `${ackedBefore} acknowledged (${ackedAtCrash.size} once the thread was gone); every connection back ` +
        `${Math.round(backIn)} ms after the crash, everything acknowledged ${Math.round(allAckedIn)} ms after it; ` +
        `in the end ${l.acked.size} acknowledged, ${stored.size} stored, lost acknowledged ${lostAcked.length}, ` +
        `lost in all ${lost.length}; ${uptime()}`,
    );
    expect(ackedAtCrash.size).toBeGreaterThan(0);
    expect(publishedAtCrash).toBeGreaterThan(ackedAtCrash.size);
    expect(lostAcked).toEqual([]);
    expect(lost).toEqual([]);
    expect(stored.size).toBe(total);
    // The broker restarts a second after the crash; the devices retry every 250 ms.
    expect(backIn).toBeLessThan(10_000);
    // The simulated home is back too, and the server still commands it.
    await waitFor(
      async () => (await s.client.listDevices()).every((d) => d.deviceData.active === true),
      10_000,
    );
    await s.client.write(s.ids.plug, [{ Key: 'relay_1', Value: 1 }]);
  }, 90_000);
});
