import { ApiError, HestiaClient } from '@hestia/client';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeviceRepository } from '../src/modules/device/device.repository.ts';
import { DEMO_EMAIL, DEMO_PASSWORD, newAccessToken } from '../src/seed/demo.ts';
import { addUser, loggedIn, type Stack, shareWith, startStack, waitFor } from './stack.ts';

/**
 * ThingsBoard's REST API as a ThingsBoard script uses it: plain fetch, `X-Authorization: Bearer`,
 * `/api/auth/login`, `/api/plugins/telemetry/...` and `/api/plugins/rpc/...` (docs/decisions/021).
 */
let stack: Stack;
let sensor: { id: string; accessToken: string };
let device: mqtt.MqttClient;
/** What the sensor heard on v1/devices/me/attributes. */
const pushed: unknown[] = [];
let token: string;
let viewerToken: string;
let strangerToken: string;
let viewer: HestiaClient;
/** Every line the server logged (at info, so each request is logged). */
const logged: string[] = [];

interface Answer {
  status: number;
  body: unknown;
}

/** One call as a ThingsBoard script makes it. */
async function tb(
  path: string,
  opts: { method?: string; body?: unknown; token?: string | null; header?: string } = {},
): Promise<Answer> {
  const headers: Record<string, string> = {};
  const t = opts.token === undefined ? token : opts.token;
  if (t) headers[opts.header ?? 'X-Authorization'] = `Bearer ${t}`;
  if (opts.body !== undefined) headers['Content-Type'] = 'application/json';
  const res = await fetch(stack.server.url + path, {
    method: opts.method ?? (opts.body === undefined ? 'GET' : 'POST'),
    headers,
    ...(opts.body !== undefined ? { body: JSON.stringify(opts.body) } : {}),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

/** ThingsBoard's error body. */
const tbError = (status: number, errorCode: number, message: unknown = expect.any(String)) => ({
  status,
  body: { status, message, errorCode, timestamp: expect.any(Number) },
});

const telemetryPath = (id: string) => `/api/plugins/telemetry/DEVICE/${id}`;

async function tbLogin(username: string, password: string): Promise<string> {
  const res = await tb('/api/auth/login', { body: { username, password }, token: null });
  expect(res.status).toBe(200);
  return (res.body as { token: string }).token;
}

beforeAll(async () => {
  stack = await startStack({ LOG_LEVEL: 'info' }, { log: logged });
  const owner = (await new DeviceRepository(stack.server.database.db).get(stack.ids.switch))
    ?.ownerId as string;
  sensor = await new DeviceRepository(stack.server.database.db).create({
    ownerId: owner,
    name: 'Hall sensor',
    label: 'Hall sensor',
    profileId: 'switch-one-pole',
    accessToken: newAccessToken(),
  });
  device = await mqtt.connectAsync(stack.server.mqttUrl, {
    username: sensor.accessToken,
    clientId: `tb-rest-${Math.random()}`,
    reconnectPeriod: 0,
  });
  await device.subscribeAsync('v1/devices/me/attributes', { qos: 1 });
  device.on('message', (topic, payload) => {
    if (topic === 'v1/devices/me/attributes') pushed.push(JSON.parse(payload.toString()));
  });
  await addUser(stack.server, 'viewer@example.com', 'ViewerPass1');
  await addUser(stack.server, 'stranger@example.com', 'StrangerPass1');
  viewer = await loggedIn(stack.server.url, 'viewer@example.com', 'ViewerPass1');
  await shareWith(stack.client, sensor.id, viewer, 'view');
  await shareWith(stack.client, stack.ids.switch, viewer, 'view');
});
afterAll(async () => {
  await device?.endAsync();
  await stack?.stop();
});

describe("ThingsBoard's REST API", () => {
  it('logs in at /api/auth/login and refreshes at /api/auth/token, answering the pair unwrapped', async () => {
    const res = await tb('/api/auth/login', {
      body: { username: DEMO_EMAIL, password: DEMO_PASSWORD },
      token: null,
    });
    expect(res).toEqual({
      status: 200,
      body: { token: expect.any(String), refreshToken: expect.any(String), expiresIn: expect.any(Number) },
    });
    const pair = res.body as { token: string; refreshToken: string };
    token = pair.token;
    viewerToken = await tbLogin('viewer@example.com', 'ViewerPass1');
    strangerToken = await tbLogin('stranger@example.com', 'StrangerPass1');

    expect(
      await tb('/api/auth/login', { body: { username: DEMO_EMAIL, password: 'WrongPass1' }, token: null }),
    ).toEqual(tbError(401, 10, 'The username or password is incorrect.'));
    expect(await tb('/api/auth/login', { body: { username: DEMO_EMAIL }, token: null })).toEqual(
      tbError(400, 31),
    );

    const refreshed = await tb('/api/auth/token', { body: { refreshToken: pair.refreshToken }, token: null });
    expect(refreshed.status).toBe(200);
    const next = refreshed.body as { token: string; refreshToken: string };
    expect(next.refreshToken).not.toBe(pair.refreshToken);
    expect((await tb(`${telemetryPath(sensor.id)}/keys/timeseries`, { token: next.token })).status).toBe(200);
    token = next.token;
  });

  it("limits wrong passwords at /api/auth/login as at /api/v1, answering 429 in ThingsBoard's shape", async () => {
    await addUser(stack.server, 'guessed@example.com', 'GuessedPass1');
    const attempt = () =>
      fetch(`${stack.server.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ username: 'guessed@example.com', password: 'NotThePass1' }),
      });
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await attempt()).status);
    expect(statuses).toEqual(Array(10).fill(401));
    const limited = await attempt();
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await limited.json()).toEqual({
      status: 429,
      message: expect.any(String),
      errorCode: 33,
      timestamp: expect.any(Number),
    });
    // The same account is limited on /api/v1 too: one limit, whichever path is guessed on.
    await expect(
      new HestiaClient({ baseUrl: stack.server.url }).login('guessed@example.com', 'GuessedPass1'),
    ).rejects.toMatchObject({ statusCode: 429 });
  });

  it("refuses a call without a token, or with a bad one, with 401 in ThingsBoard's shape", async () => {
    const path = `${telemetryPath(sensor.id)}/values/timeseries?keys=temperature`;
    expect(await tb(path, { token: null })).toEqual(tbError(401, 10));
    expect(await tb(path, { token: 'not.a.token' })).toEqual(tbError(401, 10));
    // Authorization: Bearer is taken there too, and X-Authorization on /api/v1.
    expect((await tb(path, { header: 'Authorization' })).status).toBe(200);
    const wrapped = await tb(`/api/v1/telemetry/DEVICE/${sensor.id}/values/timeseries?keys=temperature`);
    expect(wrapped).toEqual({
      status: 200,
      body: { data: expect.any(Object), isSuccess: true, message: 'OK', statusCode: 200 },
    });
    expect(await tb('/api/plugins/telemetry/DEVICE/nothing/here/at/all')).toEqual(tbError(404, 32));
  });

  it('reads the latest values and the history at values/timeseries', async () => {
    const now = Date.now();
    stack.server.telemetry.ingest(sensor.id, { temperature: 20.5 }, now - 60_000);
    stack.server.telemetry.ingest(sensor.id, { temperature: 21.5, humidity: 40 }, now - 1000);
    const base = `${telemetryPath(sensor.id)}/values/timeseries`;
    expect(await tb(`${base}?keys=temperature,humidity`)).toEqual({
      status: 200,
      body: {
        temperature: [{ ts: now - 1000, value: '21.5' }],
        humidity: [{ ts: now - 1000, value: '40' }],
      },
    });
    expect(await tb(`${base}?keys=temperature&startTs=${now - 120_000}&endTs=${now}`)).toEqual({
      status: 200,
      body: {
        temperature: [
          { ts: now - 1000, value: '21.5' },
          { ts: now - 60_000, value: '20.5' },
        ],
      },
    });
    expect(await tb(`${base}?keys=temperature&startTs=${now - 120_000}`)).toEqual(
      tbError(400, 31, expect.stringMatching(/endTs: Give startTs and endTs together/)),
    );
    expect(await tb(`${telemetryPath(sensor.id)}/values/Latest/timeseries?keys=humidity`)).toEqual({
      status: 200,
      body: { humidity: [{ ts: now - 1000, value: '40' }] },
    });
    const keys = await tb(`${telemetryPath(sensor.id)}/keys/timeseries`);
    expect(keys.status).toBe(200);
    expect(keys.body).toEqual(expect.arrayContaining(['temperature', 'humidity', 'active']));
  });

  it('writes telemetry through timeseries/ANY with the rules a device message follows', async () => {
    const ts = Date.now() - 5000;
    const path = `${telemetryPath(sensor.id)}/timeseries/ANY`;
    expect(
      await tb(path, {
        body: [
          { ts, values: { pressure: 1013 } },
          { ts: ts + 1, values: { pressure: 1014 } },
        ],
      }),
    ).toEqual({
      status: 200,
      body: {},
    });
    expect(await tb(path, { body: { lux: 300, label: '{"x":1}' } })).toEqual({ status: 200, body: {} });
    expect(
      await tb(
        `${telemetryPath(sensor.id)}/values/timeseries?keys=pressure&startTs=${ts - 1}&endTs=${ts + 2}`,
      ),
    ).toEqual({
      status: 200,
      body: {
        pressure: [
          { ts: ts + 1, value: '1014' },
          { ts, value: '1013' },
        ],
      },
    });
    const latest = (await tb(`${telemetryPath(sensor.id)}/values/timeseries?keys=lux,label`)).body as Record<
      string,
      Array<{ value: string }>
    >;
    expect([latest.lux?.[0]?.value, latest.label?.[0]?.value]).toEqual(['300', '{"x":1}']);

    // Refused whole, with the reason, and nothing of it stored.
    expect(await tb(path, { body: { ts: ts + 0.5, values: { refusedKey: 1 } } })).toEqual(
      tbError(400, 31, 'ts must be an integer time in epoch milliseconds'),
    );
    expect(await tb(path, { body: { refusedKey: 1, other: null } })).toEqual(
      tbError(400, 31, 'value of "other" is null'),
    );
    expect(await tb(path, { body: { active: false } })).toEqual(
      tbError(400, 31, expect.stringMatching(/active/)),
    );
    // Every key the server keeps for the connection, in either shape.
    for (const key of ['lastConnectTime', 'lastDisconnectTime', 'lastActivityTime', 'inactivityAlarmTime'])
      for (const body of [{ [key]: 1 }, [{ ts, values: { [key]: 1 } }]])
        expect([key, await tb(path, { body })]).toEqual([
          key,
          tbError(400, 31, `"${key}" is kept by the server and cannot be written`),
        ]);
    expect(await tb(`${telemetryPath(sensor.id)}/timeseries/SHARED_SCOPE`, { body: { x: 1 } })).toEqual(
      tbError(400, 31, 'scope: scope must be ANY'),
    );
    expect((await tb(`${telemetryPath(sensor.id)}/keys/timeseries`)).body).not.toContain('refusedKey');
    expect(
      await tb(
        `${telemetryPath(sensor.id)}/values/timeseries?keys=refusedKey&startTs=${ts - 10}&endTs=${ts + 10}`,
      ),
    ).toEqual({ status: 200, body: {} });
    const data = (await stack.client.getDevice(sensor.id)).deviceData;
    expect(data.active).toBe(true);
    expect([data.lastActivityTime, data.inactivityAlarmTime]).toEqual([undefined, undefined]);
  });

  it('writes shared and server attributes, reads them per scope and all, lists keys and deletes', async () => {
    const base = telemetryPath(sensor.id);
    const before = Date.now();
    expect(
      await tb(`${base}/attributes/SHARED_SCOPE`, {
        body: { target: 22.5, mode: 'eco', schedule: { on: [7, 30] } },
      }),
    ).toEqual({ status: 200, body: {} });
    // ThingsBoard's older path of the same call.
    expect(await tb(`${base}/SERVER_SCOPE`, { body: { note: 'hall', tracked: true } })).toEqual({
      status: 200,
      body: {},
    });
    // The device hears of its shared attributes (and only those).
    await waitFor(() => pushed.length > 0);
    expect(pushed).toEqual([{ target: 22.5, mode: 'eco', schedule: { on: [7, 30] } }]);
    await device.publishAsync('v1/devices/me/attributes', JSON.stringify({ firmware: '1.0.3' }), { qos: 1 });
    await waitFor(
      async () => ((await tb(`${base}/values/attributes/CLIENT_SCOPE`)).body as unknown[]).length > 0,
    );

    const shared = await tb(`${base}/values/attributes/SHARED_SCOPE`);
    expect(shared).toEqual({
      status: 200,
      body: [
        { key: 'mode', value: 'eco', lastUpdateTs: expect.any(Number) },
        { key: 'schedule', value: { on: [7, 30] }, lastUpdateTs: expect.any(Number) },
        { key: 'target', value: 22.5, lastUpdateTs: expect.any(Number) },
      ],
    });
    expect((shared.body as Array<{ lastUpdateTs: number }>)[0]?.lastUpdateTs).toBeGreaterThanOrEqual(before);
    expect((await tb(`${base}/values/attributes/SERVER_SCOPE?keys=tracked`)).body).toEqual([
      { key: 'tracked', value: true, lastUpdateTs: expect.any(Number) },
    ]);
    expect((await tb(`${base}/values/attributes/CLIENT_SCOPE`)).body).toEqual([
      { key: 'firmware', value: '1.0.3', lastUpdateTs: expect.any(Number) },
    ]);
    const all = (await tb(`${base}/values/attributes`)).body as Array<{ key: string }>;
    expect(all.map((a) => a.key).sort()).toEqual([
      'firmware',
      'mode',
      'note',
      'schedule',
      'target',
      'tracked',
    ]);
    expect(
      ((await tb(`${base}/values/attributes?keys=target,note`)).body as Array<{ key: string }>)
        .map((a) => a.key)
        .sort(),
    ).toEqual(['note', 'target']);
    expect(((await tb(`${base}/keys/attributes`)).body as string[]).sort()).toEqual([
      'firmware',
      'mode',
      'note',
      'schedule',
      'target',
      'tracked',
    ]);
    expect(await tb(`${base}/keys/attributes/SERVER_SCOPE`)).toEqual({
      status: 200,
      body: ['note', 'tracked'],
    });

    // Refusals: the device's own scope, an unknown scope, values a device could not send either.
    expect(await tb(`${base}/attributes/CLIENT_SCOPE`, { body: { firmware: 'x' } })).toEqual(
      tbError(400, 31, expect.stringMatching(/CLIENT_SCOPE attributes are the device's own/)),
    );
    expect(await tb(`${base}/values/attributes/FOO_SCOPE`)).toEqual(
      tbError(400, 31, 'scope: scope must be CLIENT_SCOPE, SHARED_SCOPE or SERVER_SCOPE'),
    );
    expect(await tb(`${base}/attributes/SHARED_SCOPE`, { body: { bad: null } })).toEqual(
      tbError(400, 31, 'value of "bad" is null'),
    );
    expect(await tb(`${base}/attributes/SHARED_SCOPE`, { body: { ['k'.repeat(300)]: 1 } })).toEqual(
      tbError(400, 31, 'keys must be 1 to 255 characters'),
    );
    expect(await tb(`${base}/SHARED_SCOPE`, { method: 'DELETE' })).toEqual(tbError(400, 31));

    expect(await tb(`${base}/SHARED_SCOPE?keys=target,mode`, { method: 'DELETE' })).toEqual({
      status: 200,
      body: {},
    });
    expect(await tb(`${base}/keys/attributes/SHARED_SCOPE`)).toEqual({ status: 200, body: ['schedule'] });
    await waitFor(() => pushed.length > 1);
    expect(pushed[1]).toEqual({ deleted: ['mode', 'target'] });
  });

  it('sends one-way and two-way RPC at /api/plugins/rpc to a simulated device', async () => {
    const before = Number((await stack.client.getDevice(stack.ids.switch)).deviceData.relay_1);
    const next = before === 1 ? 0 : 1;
    expect(
      await tb(`/api/plugins/rpc/twoway/${stack.ids.switch}`, {
        body: { method: 'write', params: [{ Key: 'relay_1', Value: next }] },
      }),
    ).toEqual({ status: 200, body: { result: 'OK' } });
    expect(stack.fleet.devices.get(stack.ids.switch)?.sim.values.get('relay_1')).toBe(next);
    expect(
      await tb(`/api/plugins/rpc/oneway/${stack.ids.switch}`, {
        body: { method: 'write', params: [{ Key: 'relay_1', Value: before }] },
      }),
    ).toEqual({ status: 200, body: {} });
    await waitFor(() => stack.fleet.devices.get(stack.ids.switch)?.sim.values.get('relay_1') === before);
    expect(
      await tb(`/api/plugins/rpc/twoway/${stack.ids.switch}`, {
        body: { method: 'write', params: [{ Key: 'relay_9', Value: 1 }] },
      }),
    ).toEqual(tbError(400, 31, expect.stringMatching(/Unknown key/)));
  });

  it('answers a view-only share 403 and a stranger 404 for writes, reads and RPC', async () => {
    const base = telemetryPath(sensor.id);
    const rpc = { body: { method: 'write', params: [{ Key: 'relay_1', Value: 1 }] } };
    // A view-only share reads, and may not write.
    expect((await tb(`${base}/values/attributes`, { token: viewerToken })).status).toBe(200);
    expect(await tb(`${base}/attributes/SERVER_SCOPE`, { body: { x: 1 }, token: viewerToken })).toEqual(
      tbError(403, 20, 'This device is shared with you for viewing only.'),
    );
    expect(await tb(`${base}/timeseries/ANY`, { body: { x: 1 }, token: viewerToken })).toEqual(
      tbError(403, 20),
    );
    expect(await tb(`${base}/SERVER_SCOPE?keys=note`, { method: 'DELETE', token: viewerToken })).toEqual(
      tbError(403, 20),
    );
    expect(await tb(`/api/plugins/rpc/twoway/${stack.ids.switch}`, { ...rpc, token: viewerToken })).toEqual(
      tbError(403, 20),
    );
    // A stranger is told nothing exists.
    for (const [path, opts] of [
      [`${base}/values/attributes`, {}],
      [`${base}/values/timeseries?keys=temperature`, {}],
      [`${base}/attributes/SHARED_SCOPE`, { body: { x: 1 } }],
      [`/api/plugins/rpc/oneway/${stack.ids.switch}`, rpc],
    ] as const)
      expect([path, await tb(path, { ...opts, token: strangerToken })]).toEqual([
        path,
        tbError(404, 32, 'Device not found'),
      ]);
    expect((await tb(`${base}/keys/attributes/SERVER_SCOPE`)).body).toEqual(['note', 'tracked']);
  });

  it('answers the same calls on /api/v1 in the wrapper through the typed client', async () => {
    const params = { entityType: 'DEVICE', entityId: sensor.id } as const;
    await stack.client.call('saveAttributes', {
      params: { ...params, scope: 'SERVER_SCOPE' },
      body: { room: 'hall', floor: 1 },
    });
    expect(
      await stack.client.call('attributesByScope', {
        params: { ...params, scope: 'SERVER_SCOPE' },
        query: { keys: 'room,floor' },
      }),
    ).toEqual([
      { key: 'floor', value: 1, lastUpdateTs: expect.any(Number) },
      { key: 'room', value: 'hall', lastUpdateTs: expect.any(Number) },
    ]);
    expect(
      await stack.client.call('attributeKeysByScope', { params: { ...params, scope: 'SERVER_SCOPE' } }),
    ).toEqual(['floor', 'note', 'room', 'tracked']);
    await stack.client.call('deleteAttributes', {
      params: { ...params, scope: 'SERVER_SCOPE' },
      query: { keys: 'room' },
    });
    expect(await stack.client.call('attributeKeys', { params })).not.toContain('room');
    expect(
      (await stack.client.call('attributes', { params, query: { keys: 'floor' } })).map((a) => a.key),
    ).toEqual(['floor']);

    const ts = Date.now() - 2000;
    await stack.client.call('saveTelemetry', {
      params: { ...params, scope: 'ANY' },
      body: { ts, values: { co2: 612 } },
    });
    expect(await stack.client.call('timeseries', { params, query: { keys: 'co2' } })).toEqual({
      co2: [{ ts, value: '612' }],
    });
    expect(await stack.client.call('timeseriesKeys', { params })).toContain('co2');
    await expect(
      stack.client.call('saveTelemetry', {
        params: { ...params, scope: 'ANY' },
        body: { ts: 1e20, values: { co2: 1 } },
      }),
    ).rejects.toMatchObject({ statusCode: 400, message: 'ts must be an integer time in epoch milliseconds' });
    await expect(
      stack.client.call('saveAttributesV1', { params: { ...params, scope: 'CLIENT_SCOPE' }, body: { a: 1 } }),
    ).rejects.toBeInstanceOf(ApiError);
    await expect(
      viewer.call('saveAttributes', { params: { ...params, scope: 'SHARED_SCOPE' }, body: { a: 1 } }),
    ).rejects.toMatchObject({ statusCode: 403, message: 'This device is shared with you for viewing only.' });
    expect(
      await viewer.call('attributeKeysByScope', { params: { ...params, scope: 'SHARED_SCOPE' } }),
    ).toEqual(['schedule']);
  });

  it('never writes a token sent in X-Authorization to the log', async () => {
    expect(logged.length).toBeGreaterThan(20);
    for (const t of [token, viewerToken, strangerToken])
      expect(logged.some((l) => l.includes(t))).toBe(false);
  });

  it('describes the ThingsBoard paths in the OpenAPI document', async () => {
    const doc = (await (await fetch(`${stack.server.url}/api/docs`)).json()) as {
      paths: Record<string, Record<string, { operationId: string }>>;
    };
    expect(
      doc.paths['/api/plugins/telemetry/{entityType}/{entityId}/values/attributes/{scope}']?.get?.operationId,
    ).toBe('attributesByScopeThingsBoard');
    expect(doc.paths['/api/plugins/rpc/twoway/{id}']?.post?.operationId).toBe('twowayRpcThingsBoard');
    expect(doc.paths['/api/auth/login']?.post?.operationId).toBe('loginThingsBoard');
    expect(doc.paths['/api/v1/telemetry/{entityType}/{entityId}/attributes/{scope}']?.post?.operationId).toBe(
      'saveAttributes',
    );
  });
});
