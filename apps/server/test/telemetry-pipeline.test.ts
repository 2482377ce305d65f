import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { queryRows } from '../src/db/database.ts';
import { tsKv } from '../src/db/schema.ts';
import { UserRepository } from '../src/modules/account/user.repository.ts';
import { DeviceRepository } from '../src/modules/device/device.repository.ts';
import { DEMO_EMAIL, DEMO_PASSWORD, newAccessToken } from '../src/seed/demo.ts';
import { addDevice, loggedIn, openSocket, type Stack, startStack, waitFor } from './stack.ts';

let stack: Stack;
const log: string[] = [];
beforeAll(async () => {
  stack = await startStack({ LOG_LEVEL: 'warn' }, { log });
});
afterAll(() => stack?.stop());

const newDevice = (name: string) => addDevice(stack, name);

/** History rows of a device, leaving out its connection state (active, lastConnectTime...). */
const rowsOf = async (deviceId: string) =>
  (await stack.server.database.db.select().from(tsKv).where(eq(tsKv.deviceId, deviceId))).filter(
    (r) => !['active', 'lastConnectTime', 'lastDisconnectTime'].includes(r.key),
  );

const linesSince = (from: number) =>
  log.slice(from).map((l) => JSON.parse(l) as { level: number; msg: string; deviceId?: string });

describe('one bad message never stops history', () => {
  it('stores every good message of 20 devices over MQTT while poison messages arrive among them, with a short log', async () => {
    const devices = await Promise.all(Array.from({ length: 20 }, (_, i) => newDevice(`Poison ${i}`)));
    const clients = await Promise.all(
      devices.map((d) =>
        mqtt.connectAsync(stack.server.mqttUrl, {
          username: d.accessToken,
          clientId: `p-${d.id}`,
          reconnectPeriod: 0,
        }),
      ),
    );
    const from = log.length;
    const base = Date.now() - 3_600_000;
    const poison = [
      '{"ts":1795459000000.5,"values":{"n":1}}',
      '{"ts":1e20,"values":{"n":1}}',
      JSON.stringify({ n: 'nul\u0000' }),
      '{"n":"half \\ud800 a pair"}',
      JSON.stringify({ ['k'.repeat(300)]: 1 }),
      '{"n":null}',
    ];
    // 150 good messages a device, a poison message after every 10th from every other device.
    const sends: Array<Promise<unknown>> = [];
    for (let i = 0; i < 150; i++)
      for (let d = 0; d < devices.length; d++) {
        const c = clients[d] as mqtt.MqttClient;
        sends.push(
          c.publishAsync(
            'v1/devices/me/telemetry',
            JSON.stringify({ ts: base + i * 1000, values: { n: i, s: `v${i}` } }),
            {
              qos: 1,
            },
          ),
        );
        if (d % 2 === 0 && i % 10 === 0)
          sends.push(
            c.publishAsync('v1/devices/me/telemetry', poison[(i / 10) % poison.length] as string, { qos: 1 }),
          );
      }
    await Promise.all(sends);
    await waitFor(() => stack.server.pipeline.refused() >= 10 * 15, 10_000);
    await stack.server.telemetry.flush();
    for (const d of devices) {
      const rows = await rowsOf(d.id);
      expect(rows.length).toBe(300);
      expect(rows.find((r) => r.key === 's' && r.ts === base + 149_000)?.value).toBe('v149');
    }
    expect(stack.server.pipeline.refused(devices[0]?.id)).toBe(15);
    expect(stack.server.pipeline.refused(devices[1]?.id)).toBe(0);
    // One line per refusing device (the next comes after a minute at most), nothing at error level.
    const lines = linesSince(from);
    expect(lines.filter((l) => l.msg.startsWith('device message refused'))).toHaveLength(10);
    expect(lines.filter((l) => l.level >= 50)).toEqual([]);
    // History goes on after the poison.
    await (clients[0] as mqtt.MqttClient).publishAsync('v1/devices/me/telemetry', '{"after":1}', { qos: 1 });
    await waitFor(
      async () => (await stack.client.getDevice(devices[0]?.id as string)).deviceData.after === 1,
    );
    await Promise.all(clients.map((c) => c.endAsync()));
  });

  it('isolates rows the database refuses, drops only them with one log line, and keeps writing', async () => {
    const good = await newDevice('Good neighbour');
    const bad = await newDevice('Bad row');
    const from = log.length;
    const before = stack.server.telemetry.metrics();
    const t = Date.now() - 60_000;
    // Straight into ingest, past validation: what a future bug in validation would let through.
    for (let i = 0; i < 500; i++) {
      stack.server.telemetry.ingest(good.id, { n: i }, t + i);
      if (i === 250) stack.server.telemetry.ingest(bad.id, { n: 1 }, 1795459000000.5);
      if (i === 300) stack.server.telemetry.ingest(bad.id, { s: 'x\u0000' }, t);
    }
    await stack.server.telemetry.flush();
    expect(await rowsOf(good.id)).toHaveLength(500);
    const after = stack.server.telemetry.metrics();
    expect(after.droppedMessages - before.droppedMessages).toBe(2);
    expect(after.failedBatches - before.failedBatches).toBeGreaterThanOrEqual(1);
    const errors = linesSince(from).filter((l) => l.level >= 50);
    expect(errors.length).toBeGreaterThanOrEqual(1);
    expect(errors.length).toBeLessThanOrEqual(2);
    expect(errors.every((l) => l.msg === 'telemetry the database refused was dropped')).toBe(true);
    // Nothing of the statement or its values reaches the log.
    expect(log.slice(from).join('\n')).not.toMatch(/insert into|json_to_recordset/);
    // The next batch is written as usual, and nothing is retried.
    stack.server.telemetry.ingest(good.id, { n: 999 }, t + 999);
    await stack.server.telemetry.flush();
    expect(await rowsOf(good.id)).toHaveLength(501);
    expect(linesSince(from).filter((l) => l.level >= 50).length).toBe(errors.length);
  });
});

// Keys: ordinary, awkward and hostile; values: every JSON shape, with hostile text among them.
const keyArb = fc.oneof(
  { weight: 8, arbitrary: fc.string({ minLength: 1, maxLength: 12 }) },
  fc.constantFrom('__proto__', 'constructor', 'ts', 'values', '', 'k'.repeat(256), 'a\u0000b', 'x\ud800'),
  fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)), maxLength: 4 }),
);
const textArb = fc.oneof(
  { weight: 4, arbitrary: fc.string() },
  fc.constantFrom(
    'true',
    'false',
    '{"x":1}',
    '[1,2]',
    '1.50',
    '',
    ' null ',
    'NaN',
    'nul\u0000',
    'lone\udc00',
  ),
  fc.string({ unit: 'binary', maxLength: 8 }),
);
const valueArb: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 2, arbitrary: fc.double({ noNaN: true }) },
  { weight: 2, arbitrary: fc.integer() },
  fc.boolean(),
  { weight: 3, arbitrary: textArb },
  fc.constant(null),
  fc.jsonValue({ maxDepth: 4 }),
  fc.constant(JSON.parse(`${'['.repeat(17)}1${']'.repeat(17)}`)),
);
const tsArb = (valid: number) =>
  fc.oneof(
    { weight: 6, arbitrary: fc.constant<unknown>(valid) },
    { weight: 1, arbitrary: fc.constantFrom<unknown>(valid + 0.5, 1e20, -1, 0, '12', null, 946_684_799_999) },
  );

/** An independent reading of the rules of docs/decisions/019: does this message pass? */
function shouldPass(ts: unknown, values: Record<string, unknown>, now: number): boolean {
  const storable = (s: string) =>
    !s.includes(String.fromCharCode(0)) &&
    !/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(s);
  const depth = (v: unknown): number =>
    typeof v === 'object' && v !== null ? 1 + Math.max(0, ...Object.values(v).map(depth)) : 0;
  const textOk = (v: unknown): boolean =>
    typeof v === 'string'
      ? storable(v)
      : typeof v === 'object' && v !== null
        ? Object.entries(v).every(([k, x]) => storable(k) && textOk(x))
        : true;
  if (typeof ts !== 'number' || !Number.isInteger(ts) || ts < 946_684_800_000 || ts > now + 86_400_000)
    return false;
  const keys = Object.keys(values);
  return keys.every((k) => {
    const v = values[k];
    if (k.length < 1 || k.length > 255 || !storable(k)) return false;
    if (typeof v === 'number' || typeof v === 'boolean') return true;
    if (typeof v === 'string') return Buffer.byteLength(v) <= 65_536 && storable(v);
    if (typeof v === 'object' && v !== null)
      return depth(v) <= 16 && textOk(v) && Buffer.byteLength(JSON.stringify(v)) <= 65_536;
    return false;
  });
}

describe('telemetry pipeline, property: hostile payloads', () => {
  it('refuses exactly the messages that break a rule, and reads back every value of the others exactly', async () => {
    const device = await newDevice('Property');
    const base = Date.now() - 86_400_000;
    const accepted: Array<{ ts: number; values: Record<string, unknown> }> = [];
    let run = 0;
    fc.assert(
      fc.property(
        fc.integer().chain(() => tsArb(base + run * 10)),
        fc.dictionary(keyArb, valueArb, { minKeys: 1, maxKeys: 4 }),
        (ts, values) => {
          run++;
          const payload = JSON.stringify({ ts, values });
          // What the device's bytes say, after JSON's own rules (-0 is 0, and so on).
          const sent = JSON.parse(payload) as { ts: unknown; values: Record<string, unknown> };
          const expected = shouldPass(sent.ts, sent.values, Date.now());
          const ok = stack.server.pipeline.accept(device.id, payload);
          expect(ok).toBe(expected);
          if (ok) accepted.push(sent as { ts: number; values: Record<string, unknown> });
        },
      ),
      { numRuns: 400 },
    );
    expect(accepted.length).toBeGreaterThan(100);
    expect(accepted.length).toBeLessThan(400);
    await stack.server.telemetry.flush();
    const rows = await queryRows<{ key: string; ts: string | number; value: string }>(
      stack.server.database.db,
      sql`select key, ts, value::text as value from ts_kv where device_id = ${device.id}`,
    );
    const stored = new Map(rows.map((r) => [`${r.key}|${Number(r.ts)}`, JSON.parse(r.value) as unknown]));
    let checked = 0;
    for (const m of accepted)
      for (const [k, v] of Object.entries(m.values)) {
        expect(stored.get(`${k}|${m.ts}`)).toEqual(v);
        checked++;
      }
    expect(stored.size).toBe(checked);
  });
});

describe('values keep their type and text', () => {
  it('through storage, REST, the socket and a restart', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hestia-values-'));
    const config = loadConfig({
      PORT: '0',
      MQTT_PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dir,
      LOG_LEVEL: 'silent',
      SIMULATOR: 'off',
    });
    const values = {
      t: 'true',
      j: '{"x":1}',
      n: '12',
      o: { x: [1, 'two', { three: true }] },
      b: false,
      f: 1.5,
    };
    // ThingsBoard's text form (REST and the socket): strings as sent, JSON written out.
    const asText = {
      t: 'true',
      j: '{"x":1}',
      n: '12',
      o: '{"x":[1,"two",{"three":true}]}',
      b: 'false',
      f: '1.5',
    };
    /** What a ThingsBoard socket subscribed to the six keys has, as `key → [ts, text]`. */
    const socketValues = async (url: string, token: string, deviceId: string, send?: () => Promise<void>) => {
      const socket = await openSocket(url, token);
      try {
        socket.send({
          tsSubCmds: [{ cmdId: 7, entityType: 'DEVICE', entityId: deviceId, keys: 't,j,n,o,b,f' }],
        });
        await waitFor(() => socket.updates.length > 0);
        await send?.();
        await waitFor(() => Object.keys(asText).every((k) => socket.latest(7, k) !== undefined));
        expect(socket.updates.every((u) => u.subscriptionId === 7 && u.errorCode === 0)).toBe(true);
        const data: Record<string, unknown> = {};
        for (const u of socket.updates) for (const [k, points] of Object.entries(u.data)) data[k] = points;
        return data;
      } finally {
        socket.close();
      }
    };
    const expectOnSocket = (data: Record<string, unknown>) => {
      expect(Object.keys(data).sort()).toEqual(Object.keys(asText).sort());
      for (const [k, text] of Object.entries(asText))
        expect([k, data[k]]).toEqual([k, [[expect.any(Number), text]]]);
    };
    try {
      let server = await createServer(config);
      const device = await new DeviceRepository(server.database.db).create({
        ownerId: (await new UserRepository(server.database.db).findByUsername(DEMO_EMAIL))?.id as string,
        name: 'Values',
        label: 'Values',
        profileId: 'switch-one-pole',
        accessToken: newAccessToken(),
      });
      let client = await loggedIn(server.url, DEMO_EMAIL, DEMO_PASSWORD);
      // The socket hears the message live, as ThingsBoard's socket sends it.
      const live = await socketValues(
        server.url,
        (await client.login(DEMO_EMAIL, DEMO_PASSWORD)).token,
        device.id,
        async () => {
          const c = await mqtt.connectAsync(server.mqttUrl, {
            username: device.accessToken,
            reconnectPeriod: 0,
          });
          await c.publishAsync('v1/devices/me/telemetry', JSON.stringify(values), { qos: 1 });
          await c.endAsync();
        },
      );
      expectOnSocket(live);
      await waitFor(async () => (await client.getDevice(device.id)).deviceData.f === 1.5);
      const check = async () => {
        const d = await client.getDevice(device.id);
        for (const [k, v] of Object.entries(values)) expect(d.deviceData[k]).toEqual(v);
        const latest = await client.call('latestTimeseries', {
          params: { entityType: 'DEVICE', entityId: device.id },
          query: { keys: 't,j,n,o,b,f' } as never,
        });
        expect(Object.fromEntries(Object.entries(latest).map(([k, p]) => [k, p[0]?.value]))).toEqual(asText);
        // A new subscription's first update, from the latest values (after the restart, the database's).
        expectOnSocket(
          await socketValues(server.url, (await client.login(DEMO_EMAIL, DEMO_PASSWORD)).token, device.id),
        );
      };
      await check();
      await server.close();
      server = await createServer(config);
      client = await loggedIn(server.url, DEMO_EMAIL, DEMO_PASSWORD);
      await check();
      await server.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
