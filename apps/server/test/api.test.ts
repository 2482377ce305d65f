import { ApiError, HestiaClient } from '@hestia/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeviceRepository } from '../src/modules/device/device.repository.ts';
import { DEMO_EMAIL, newAccessToken } from '../src/seed/demo.ts';
import { addUser, loggedIn, type Stack, startStack, waitFor } from './stack.ts';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack?.stop());

const raw = (path: string, init: RequestInit = {}) =>
  fetch(`${stack.server.url}/api/v1${path}`, init).then(async (r) => ({
    status: r.status,
    body: await r.json(),
  }));

describe('wrapper and anonymous calls', () => {
  it('answers time anonymously, in the wrapper', async () => {
    const res = await raw('/time');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ isSuccess: true, statusCode: 200, message: 'OK' });
    expect(Math.abs(res.body.data.time - Date.now())).toBeLessThan(5000);
  });

  it("refuses a call without a token with 'token must exists' (400)", async () => {
    for (const path of ['/customer/devices', `/devices/${stack.ids.switch}`]) {
      const res = await raw(path);
      expect(res).toEqual({
        status: 400,
        body: { data: null, isSuccess: false, message: 'token must exists', statusCode: 400 },
      });
    }
    const rpc = await raw(`/devices/${stack.ids.switch}/twoway-rpc`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ method: 'write', params: [{ Key: 'relay_1', Value: 1 }] }),
    });
    expect(rpc.body.message).toBe('token must exists');
  });

  it('refuses a forged or garbage token with 401', async () => {
    const forged = 'eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.';
    for (const token of [forged, 'garbage']) {
      const res = await raw('/customer/devices', { headers: { authorization: `Bearer ${token}` } });
      expect(res.status).toBe(401);
      expect(res.body.isSuccess).toBe(false);
    }
  });

  it('answers an unknown route with a wrapped 404', async () => {
    const res = await raw('/no/such/route');
    expect(res).toEqual({
      status: 404,
      body: { data: null, isSuccess: false, message: 'Request not found', statusCode: 404 },
    });
  });

  it('answers malformed JSON and missing fields with a clear 400, never a 500', async () => {
    const bad = await raw('/users/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{oops',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/not valid JSON/);
    const missing = await raw('/users/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toMatch(/username/);
  });
});

describe('answers that protect the page, and bodies clients send', () => {
  it('says nosniff, no referrer, no framing, its CSP and permissions on API answers and on the web app alike', async () => {
    for (const url of [`${stack.server.url}/api/v1/time`, `${stack.server.url}/api/v1/nowhere`]) {
      const res = await fetch(url);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('no-referrer');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).toMatch(/script-src 'self' 'wasm-unsafe-eval'(;|$)/);
      expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
      expect(csp).toMatch(/frame-ancestors 'none'/);
      expect(res.headers.get('permissions-policy')).toMatch(/camera=\(self\).*microphone=\(self\)/);
      // Served over plain HTTP: no HSTS (it is sent only over TLS).
      expect(res.headers.get('strict-transport-security')).toBeNull();
    }
  });

  it('takes a body-less DELETE that says it sends JSON, and still refuses prototype keys', async () => {
    const login = await raw('/users/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: DEMO_EMAIL, password: 'HestiaDemo1' }),
    });
    const token = login.body.data.token as string;
    const place = await stack.client.call('addAsset', { body: { name: 'Shed' } });
    const gone = await raw(`/customer/assets/${place.id}`, {
      method: 'DELETE',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    });
    expect(gone).toMatchObject({ status: 200, body: { isSuccess: true } });
    const poisoned = await raw('/users/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"username":"a@b.c","password":"x","__proto__":{"admin":true}}',
    });
    expect(poisoned.status).toBe(400);
    expect(poisoned.body).toMatchObject({ isSuccess: false, statusCode: 400 });
  });
});

describe('API description', () => {
  it('serves an OpenAPI 3.1 document generated from the contract, one operation per route and per ThingsBoard path', async () => {
    const res = await fetch(`${stack.server.url}/api/docs`);
    const doc = (await res.json()) as {
      openapi: string;
      paths: Record<string, Record<string, Record<string, unknown>>>;
    };
    expect(doc.openapi).toBe('3.1.0');
    const ops = Object.values(doc.paths).flatMap((p) => Object.values(p));
    const { routes, voiceRoutes } = await import('@hestia/contract');
    const thingsboardPaths = Object.values(routes).filter((d) => 'thingsboard' in d).length;
    expect(thingsboardPaths).toBeGreaterThan(0);
    // The voice service's routes are described too, under their own base (decision 047).
    expect(ops).toHaveLength(Object.keys(routes).length + thingsboardPaths + Object.keys(voiceRoutes).length);
    expect(doc.paths['/voice/uploadfile']?.post).toBeTruthy();
    const rpc = doc.paths['/api/v1/devices/{id}/twoway-rpc']?.post as {
      parameters: Array<{ name: string; in: string }>;
      requestBody: unknown;
    };
    expect(rpc.parameters).toEqual([expect.objectContaining({ name: 'id', in: 'path' })]);
    expect(rpc.requestBody).toBeTruthy();
    expect(doc.paths['/api/v1/users/login']?.post?.security).toEqual([]);
  });
});

describe('login', () => {
  it('returns token, refreshToken and expiresIn', async () => {
    const res = await new HestiaClient({ baseUrl: stack.server.url }).login(
      DEMO_EMAIL.toUpperCase(),
      'HestiaDemo1',
    );
    expect(res.token.split('.')).toHaveLength(3);
    expect(res.refreshToken.length).toBeGreaterThanOrEqual(43);
    expect(res.expiresIn).toBeGreaterThan(Date.now());
  });

  it('refuses a wrong password with the spec message', async () => {
    const err = await new HestiaClient({ baseUrl: stack.server.url })
      .login(DEMO_EMAIL, 'wrong')
      .catch((e) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ message: 'The username or password is incorrect.', statusCode: 401 });
  });

  it('locks further guesses for an account after 10 failures, for that address only', async () => {
    await addUser(stack.server, 'victim@example.com', 'Victim123');
    const anon = new HestiaClient({ baseUrl: stack.server.url });
    for (let i = 0; i < 10; i++)
      await expect(anon.login('victim@example.com', `nope${i}`)).rejects.toMatchObject({ statusCode: 401 });
    await expect(anon.login('victim@example.com', 'Victim123')).rejects.toMatchObject({ statusCode: 429 });
  });
});

describe('devices', () => {
  it('lists the demo home with live state', async () => {
    const list = await stack.client.listDevices();
    expect(list.map((d) => d.deviceProfileId).sort()).toEqual([
      'curtain-single',
      'plug-metering',
      'switch-two-pole',
    ]);
    const sw = list.find((d) => d.id === stack.ids.switch);
    expect(sw).toMatchObject({
      label: 'Living room lights',
      assetLabel: 'Living room',
      isSharedDevice: false,
    });
    expect(sw?.deviceData).toMatchObject({
      active: true,
      relay_1: expect.any(Number),
      relay_2: expect.any(Number),
    });
  });

  it('filters by profile and answers one device by id', async () => {
    expect(await stack.client.listDevices({ profileId: 'plug-metering' })).toHaveLength(1);
    expect((await stack.client.getDevice(stack.ids.plug)).label).toBe('Kettle plug');
  });

  it('hides devices from a stranger (404) and validates ids (400)', async () => {
    await addUser(stack.server, 'stranger@example.com', 'Stranger1');
    const stranger = await loggedIn(stack.server.url, 'stranger@example.com', 'Stranger1');
    expect(await stranger.listDevices()).toEqual([]);
    await expect(stranger.getDevice(stack.ids.switch)).rejects.toMatchObject({ statusCode: 404 });
    await expect(stranger.write(stack.ids.switch, [{ Key: 'relay_1', Value: 1 }])).rejects.toMatchObject({
      statusCode: 404,
    });
    await expect(stack.client.getDevice('not-a-uuid')).rejects.toMatchObject({ statusCode: 400 });
  });
});

describe('RPC', () => {
  it('writes a relay through the broker: the device answers OK and reports the new state', async () => {
    const before = Number((await stack.client.getDevice(stack.ids.switch)).deviceData.relay_1);
    const next = before === 1 ? 0 : 1;
    const res = await stack.client.twowayRpc(stack.ids.switch, {
      method: 'write',
      params: [{ Key: 'relay_1', Value: next }],
    });
    expect(res).toEqual({ result: 'OK' });
    expect(stack.fleet.devices.get(stack.ids.switch)?.sim.values.get('relay_1')).toBe(next);
    await waitFor(async () => (await stack.client.getDevice(stack.ids.switch)).deviceData.relay_1 === next);
  });

  it('refuses unknown keys, empty lists and mixed register groups before sending', async () => {
    const write = (params: unknown) => stack.client.twowayRpc(stack.ids.switch, { method: 'write', params });
    await expect(write([{ Key: 'relay_9', Value: 1 }])).rejects.toMatchObject({
      statusCode: 400,
      message: expect.stringMatching(/Unknown key/),
    });
    await expect(write([])).rejects.toMatchObject({
      statusCode: 400,
      message: expect.stringMatching(/empty/),
    });
    await expect(
      write([
        { Key: 'relay_1', Value: 1 },
        { Key: 'beep_status', Value: 1 },
      ]),
    ).rejects.toMatchObject({ statusCode: 400, message: expect.stringMatching(/register group/) });
  });

  it("refuses a write the catalogue's rules forbid in the device's current state, with its message", async () => {
    const owner = (await new DeviceRepository(stack.server.database.db).get(stack.ids.switch))
      ?.ownerId as string;
    const coil = await new DeviceRepository(stack.server.database.db).create({
      ownerId: owner,
      name: 'Fan coil',
      label: 'Fan coil',
      profileId: 'fan-coil-2pipe',
      accessToken: newAccessToken(),
    });
    stack.server.telemetry.ingest(coil.id, { auto: 0, setpoint: 22 });
    await expect(stack.client.write(coil.id, [{ Key: 'setpoint', Value: 24 }])).rejects.toMatchObject({
      statusCode: 400,
    });
    stack.server.telemetry.ingest(coil.id, { auto: 1 });
    // Allowed in auto mode: it passes the rules and then finds the device offline.
    await expect(stack.client.write(coil.id, [{ Key: 'setpoint', Value: 24 }])).rejects.toMatchObject({
      statusCode: 409,
    });
  });

  it('passes a device refusal back as a clear error', async () => {
    await expect(stack.client.twowayRpc(stack.ids.switch, { method: 'selfDestruct' })).rejects.toMatchObject({
      statusCode: 502,
      message: expect.stringMatching(/Unknown method/),
    });
  });

  it('sends one-way RPCs without waiting for an answer', async () => {
    expect(
      await stack.client.onewayRpc(stack.ids.curtain, {
        method: 'write',
        params: [{ Key: 'open_request_1', Value: 1 }],
      }),
    ).toEqual({});
    await waitFor(
      async () => Number((await stack.client.getDevice(stack.ids.curtain)).deviceData.curtain_percentage) > 0,
    );
  });

  it('answers 409 at once for an offline device', async () => {
    const plug = stack.fleet.devices.get(stack.ids.plug);
    await plug?.client.endAsync();
    await waitFor(async () => (await stack.client.getDevice(stack.ids.plug)).deviceData.active === false);
    const started = Date.now();
    await expect(stack.client.write(stack.ids.plug, [{ Key: 'relay_1', Value: 1 }])).rejects.toMatchObject({
      statusCode: 409,
    });
    expect(Date.now() - started).toBeLessThan(1000);
    const device = await stack.client.getDevice(stack.ids.plug);
    expect(device.deviceData.lastDisconnectTime).toEqual(expect.any(Number));
  });
});
