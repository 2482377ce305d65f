import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { type ActivityNotice, redisBus, type TelemetryEvent } from '../src/live/bus.ts';
import { waitFor } from './stack.ts';

const { TEST_REDIS_URL } = process.env;

describe.runIf(Boolean(TEST_REDIS_URL))('the Redis bus between instances', () => {
  it('carries a burst of events to every instance, in order, in a few messages, and takes single events too', async () => {
    const url = TEST_REDIS_URL as string;
    const device = `bus-test-${Date.now()}`;
    const a = await redisBus(url, (err) => {
      throw err;
    });
    const b = await redisBus(url, (err) => {
      throw err;
    });
    const spy = new Redis(url);
    const raw = new Redis(url);
    // What went over Redis for this device: messages, and events inside them.
    let redisMessages = 0;
    let redisEvents = 0;
    await spy.subscribe('hestia:telemetry');
    spy.on('message', (_channel: string, message: string) => {
      if (!message.includes(device)) return;
      const body: unknown = JSON.parse(message);
      redisMessages++;
      redisEvents += Array.isArray(body) ? body.length : 1;
    });
    const seen: TelemetryEvent[] = [];
    b.subscribe((e) => {
      if (e.deviceId === device) seen.push(e);
    });
    try {
      for (let i = 0; i < 500; i++) a.publish({ deviceId: device, ts: i, values: { n: i } });
      await waitFor(() => seen.length === 500 && redisEvents === 500);
      expect(seen.map((e) => e.values.n)).toEqual([...Array(500).keys()]);
      expect(redisMessages).toBeLessThan(10);
      // An instance of an earlier version publishes one event per message.
      await raw.publish(
        'hestia:telemetry',
        JSON.stringify({ deviceId: device, ts: 900, values: { n: 900 } }),
      );
      await waitFor(() => seen.length === 501);
      expect(seen.at(-1)).toEqual({ deviceId: device, ts: 900, values: { n: 900 } });
    } finally {
      spy.disconnect();
      raw.disconnect();
      await a.close();
      await b.close();
    }
  });

  it('carries activity notices to the other instances, in order and batched, and never back to their sender', async () => {
    const url = TEST_REDIS_URL as string;
    const device = `activity-test-${Date.now()}`;
    const fail = (err: Error) => {
      throw err;
    };
    const [a, b, c] = await Promise.all([redisBus(url, fail), redisBus(url, fail), redisBus(url, fail)]);
    const spy = new Redis(url);
    let redisMessages = 0;
    await spy.subscribe('hestia:activity');
    spy.on('message', (_channel: string, message: string) => {
      if (message.includes(device)) redisMessages++;
    });
    const heard = new Map<string, ActivityNotice['kind'][]>([
      ['a', []],
      ['b', []],
      ['c', []],
    ]);
    for (const [name, bus] of [
      ['a', a],
      ['b', b],
      ['c', c],
    ] as const)
      bus.onActivity((n) => {
        if (n.deviceId === device) heard.get(name)?.push(n.kind);
      });
    try {
      const kinds: ActivityNotice['kind'][] = ['connected', 'heard', 'inactive', 'active', 'disconnected'];
      for (const kind of kinds) a.publishActivity({ deviceId: device, kind });
      await waitFor(() => heard.get('b')?.length === 5 && heard.get('c')?.length === 5);
      await new Promise((r) => setTimeout(r, 100));
      expect(Object.fromEntries(heard)).toEqual({ a: [], b: kinds, c: kinds });
      expect(redisMessages).toBe(1);
    } finally {
      spy.disconnect();
      await Promise.all([a.close(), b.close(), c.close()]);
    }
  });
});
