import { ApiError, type HestiaClient } from '@hestia/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attemptStore } from '../src/core/rate-limiter.ts';
import { AssetRepository } from '../src/modules/asset/asset.repository.ts';
import { DeviceRepository } from '../src/modules/device/device.repository.ts';
import { PairKeyRepository } from '../src/modules/onboarding/pair-key.repository.ts';
import { ProvisioningRepository } from '../src/modules/provisioning/provisioning.repository.ts';
import {
  claimLimits,
  DEFAULT_CLAIM_MS,
  ProvisioningService,
} from '../src/modules/provisioning/provisioning.service.ts';
import { addUser, loggedIn, type Stack, startStack } from './stack.ts';

/**
 * ThingsBoard provisioning (`/provision/request` payloads) and claiming (`v1/devices/me/claim`
 * payloads, then the user's claim) through the server's provisioning service and routes, on the real
 * stack (docs/decisions/020).
 */

const OPERATOR_KEY = 'provisioning-test-operator-key-0123456789';
let stack: Stack;
let owner: HestiaClient;
let other: HestiaClient;
let macSeq = 0x100;

/** A fresh MAC for each case. */
const nextMac = () => {
  macSeq += 1;
  const hex = macSeq.toString(16).toUpperCase().padStart(4, '0');
  return `A4:CF:12:0B:${hex.slice(0, 2)}:${hex.slice(2)}`;
};

async function operator<T>(
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; data: T; message: string }> {
  const res = await fetch(`${stack.server.url}/api/operator${path}`, {
    method,
    headers: {
      authorization: `Bearer ${OPERATOR_KEY}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = (await res.json()) as { data: T; message: string };
  return { status: res.status, data: answer.data, message: answer.message };
}

async function keysOf(model: string) {
  const r = await operator<{ provisionDeviceKey: string; provisionDeviceSecret: string }>(
    'POST',
    '/provision-keys',
    { model },
  );
  expect(r.status).toBe(200);
  return r.data;
}

const request = (keys: { provisionDeviceKey: string; provisionDeviceSecret: string }, extra: object) =>
  JSON.stringify({ ...keys, ...extra });

/** A device provisioned from a new MAC: its id, MAC and token. */
async function provisioned(model = 'switch-one-pole') {
  const mac = nextMac();
  const answer = await stack.server.provisioning.provision(request(await keysOf(model), { deviceName: mac }));
  const row = await new DeviceRepository(stack.server.database.db).byAccessToken(
    String(answer.credentialsValue),
  );
  if (!row) throw new Error('provisioned device not found');
  return { id: row.id, mac, token: row.accessToken };
}

async function claimStatus(client: HestiaClient, deviceName: string, secretKey: string): Promise<number> {
  try {
    await client.call('claimDevice', { body: { deviceName, secretKey } });
    return 200;
  } catch (err) {
    if (err instanceof ApiError) return err.statusCode;
    throw err;
  }
}

beforeAll(async () => {
  stack = await startStack({ OPERATOR_KEY });
  owner = stack.client;
  await addUser(stack.server, 'claim-other@example.com', 'ClaimPass12');
  other = await loggedIn(stack.server.url, 'claim-other@example.com', 'ClaimPass12');
});
afterAll(() => stack?.stop());

describe('provisioning', () => {
  it('gives each model one key and secret, the same on every request; an unknown model is refused', async () => {
    const first = await keysOf('plug-metering');
    expect(first.provisionDeviceKey).toMatch(/^[a-z0-9]{20}$/);
    expect(first.provisionDeviceSecret).toMatch(/^[a-z0-9]{20}$/);
    expect(await keysOf('plug-metering')).toEqual(first);
    expect((await keysOf('switch-one-pole')).provisionDeviceKey).not.toBe(first.provisionDeviceKey);
    const unknown = await operator('POST', '/provision-keys', { model: 'toaster-9000' });
    expect([unknown.status, unknown.message]).toEqual([
      400,
      expect.stringContaining('unknown model "toaster-9000"'),
    ]);
  });

  it('creates a new device without an owner for an unknown MAC, answering as ThingsBoard does', async () => {
    const keys = await keysOf('plug-metering');
    const mac = nextMac();
    const answer = await stack.server.provisioning.provision(
      request(keys, { deviceName: mac.toLowerCase().replaceAll(':', '-') }),
    );
    expect(answer).toEqual({
      status: 'SUCCESS',
      credentialsType: 'ACCESS_TOKEN',
      credentialsValue: expect.stringMatching(/^[A-Za-z0-9_-]{20}$/),
    });
    const row = await new DeviceRepository(stack.server.database.db).byMac(mac);
    expect(row).toMatchObject({
      ownerId: null,
      profileId: 'plug-metering',
      accessToken: answer.credentialsValue,
      name: mac,
    });
    expect(row?.provisionedAt).toBeInstanceOf(Date);
  });

  it('finds a device the operator made by its MAC, gives its token, and provisions it only once', async () => {
    const keys = await keysOf('switch-one-pole');
    const mac = nextMac();
    const added = await operator<{ id: string; token: string }>('POST', '/devices', {
      model: 'switch-one-pole',
      mac,
    });
    const answer = await stack.server.provisioning.provision(request(keys, { deviceName: mac }));
    expect(answer).toEqual({
      status: 'SUCCESS',
      credentialsType: 'ACCESS_TOKEN',
      credentialsValue: added.data.token,
    });
    expect(await stack.server.provisioning.provision(request(keys, { deviceName: mac }))).toEqual({
      status: 'FAILURE',
      errorMsg: 'Failed to provision device!',
    });
  });

  it('takes the token a device brings (credentialsType ACCESS_TOKEN), refusing one another device has', async () => {
    const keys = await keysOf('switch-one-pole');
    const answer = await stack.server.provisioning.provision(
      request(keys, {
        deviceName: nextMac(),
        credentialsType: 'ACCESS_TOKEN',
        token: 'Device-Chosen-Token-1',
      }),
    );
    expect(answer).toEqual({
      status: 'SUCCESS',
      credentialsType: 'ACCESS_TOKEN',
      credentialsValue: 'Device-Chosen-Token-1',
    });
    const again = await stack.server.provisioning.provision(
      request(keys, {
        deviceName: nextMac(),
        credentialsType: 'ACCESS_TOKEN',
        token: 'Device-Chosen-Token-1',
      }),
    );
    expect(again).toEqual({ status: 'FAILURE', errorMsg: 'Failed to provision device!' });
    const x509 = await stack.server.provisioning.provision(
      request(keys, { deviceName: nextMac(), credentialsType: 'X509_CERTIFICATE', hash: 'abc' }),
    );
    expect(x509.status).toBe('FAILURE');
  });

  it('answers NOT_FOUND for an unknown key or a wrong secret, as ThingsBoard does', async () => {
    const keys = await keysOf('switch-one-pole');
    const notFound = { status: 'NOT_FOUND', errorMsg: 'Provision data was not found!' };
    const mac = nextMac();
    for (const payload of [
      request({ ...keys, provisionDeviceKey: 'no-such-key-00000000' }, { deviceName: mac }),
      request({ ...keys, provisionDeviceSecret: `${keys.provisionDeviceSecret}x` }, { deviceName: mac }),
      request({ ...keys, provisionDeviceSecret: '' }, { deviceName: mac }),
      JSON.stringify({ deviceName: mac }),
    ])
      expect(await stack.server.provisioning.provision(payload)).toEqual(notFound);
    // None of them made a device.
    expect(await new DeviceRepository(stack.server.database.db).byMac(mac)).toBeUndefined();
  });

  it('refuses a pre-made device of another model than the key', async () => {
    const mac = nextMac();
    await operator('POST', '/devices', { model: 'switch-one-pole', mac });
    const answer = await stack.server.provisioning.provision(
      request(await keysOf('plug-metering'), { deviceName: mac }),
    );
    expect(answer).toEqual({ status: 'FAILURE', errorMsg: 'Failed to provision device!' });
  });

  it('answers FAILURE to malformed requests and never throws', async () => {
    const keys = await keysOf('switch-one-pole');
    const failure = { status: 'FAILURE', errorMsg: 'Failed to provision device!' };
    for (const payload of [
      '',
      'not json',
      '{"deviceName":',
      'null',
      '[]',
      '42',
      '"text"',
      request(keys, {}),
      request(keys, { deviceName: 'not-a-mac' }),
      request(keys, { deviceName: 12 }),
      request(keys, { deviceName: nextMac(), token: 'short' }),
      request(keys, { deviceName: nextMac(), token: 'provision' }),
      request(keys, { deviceName: nextMac(), token: { x: 1 } }),
      request(keys, { deviceName: nextMac(), pad: 'x'.repeat(10_000) }),
    ])
      expect([payload.slice(0, 40), await stack.server.provisioning.provision(payload)]).toEqual([
        payload.slice(0, 40),
        failure,
      ]);
  });
});

describe('claiming', () => {
  it('makes the user with the secret the owner, in their default place; the device was nobody’s before', async () => {
    const d = await provisioned();
    expect((await owner.listDevices()).map((x) => x.id)).not.toContain(d.id);
    await stack.server.provisioning.claimFromDevice(
      d.id,
      JSON.stringify({ secretKey: 'pair-4821', durationMs: 60_000 }),
    );
    const claimed = await owner.call('claimDevice', { body: { deviceName: d.mac, secretKey: 'pair-4821' } });
    expect(claimed.response).toBe('SUCCESS');
    expect(claimed.device).toMatchObject({ id: d.id, access: 'owner', deviceProfileId: 'switch-one-pole' });
    const home = (await owner.call('assetTree', {}))[0];
    expect(claimed.device.assetId).toBe(home?.id);
    expect((await owner.listDevices()).map((x) => x.id)).toContain(d.id);
    // The claim is spent: the same secret does nothing for anyone else.
    expect(await claimStatus(other, d.mac, 'pair-4821')).toBe(400);
    // The owner asking again is told it is already theirs.
    await stack.server.provisioning.claimFromDevice(d.id, JSON.stringify({ secretKey: 'pair-4821' }));
    const again = await owner.call('claimDevice', { body: { deviceName: d.mac, secretKey: 'pair-4821' } });
    expect([again.response, again.device.id]).toEqual(['CLAIMED', d.id]);
  });

  it('refuses a wrong secret, an ended claim and a device that never sent one', async () => {
    const d = await provisioned();
    expect(await claimStatus(other, d.mac, 'anything')).toBe(400);
    await stack.server.provisioning.claimFromDevice(
      d.id,
      JSON.stringify({ secretKey: 'right-secret', durationMs: 60_000 }),
    );
    expect(await claimStatus(other, d.mac, 'wrong-secret')).toBe(400);
    stack.advance(61_000);
    expect(await claimStatus(other, d.mac, 'right-secret')).toBe(400);
    expect(await claimStatus(other, nextMac(), 'right-secret')).toBe(400);
    expect(await claimStatus(other, 'not-a-mac', 'right-secret')).toBe(400);
    // A new claim message opens it again.
    await stack.server.provisioning.claimFromDevice(
      d.id,
      JSON.stringify({ secretKey: 'right-secret', durationMs: 60_000 }),
    );
    expect(await claimStatus(other, d.mac, 'right-secret')).toBe(200);
  });

  it(`keeps a claim without durationMs open for ${DEFAULT_CLAIM_MS / 60_000} minutes`, async () => {
    const d = await provisioned();
    await stack.server.provisioning.claimFromDevice(d.id, JSON.stringify({ secretKey: 'default-window' }));
    stack.advance(DEFAULT_CLAIM_MS + 1000);
    expect(await claimStatus(other, d.mac, 'default-window')).toBe(400);
    await stack.server.provisioning.claimFromDevice(d.id, JSON.stringify({ secretKey: 'default-window' }));
    stack.advance(DEFAULT_CLAIM_MS - 60_000);
    expect(await claimStatus(other, d.mac, 'default-window')).toBe(200);
  });

  it('never gives a device that has an owner to someone else, even with its secret', async () => {
    const d = await provisioned();
    await stack.server.provisioning.claimFromDevice(
      d.id,
      JSON.stringify({ secretKey: 'first', durationMs: 60_000 }),
    );
    expect(await claimStatus(owner, d.mac, 'first')).toBe(200);
    // The device sends a claim again (say, after a reset): the owner does not change.
    await stack.server.provisioning.claimFromDevice(
      d.id,
      JSON.stringify({ secretKey: 'second', durationMs: 60_000 }),
    );
    let err: unknown;
    try {
      await other.call('claimDevice', { body: { deviceName: d.mac, secretKey: 'second' } });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ApiError);
    expect([(err as ApiError).statusCode, (err as ApiError).message]).toEqual([
      409,
      'This device already belongs to someone else.',
    ]);
    expect(await claimStatus(other, d.mac, 'wrong')).toBe(400);
    const ownerId = (await new DeviceRepository(stack.server.database.db).get(d.id))?.ownerId;
    expect(ownerId).toBe((await owner.call('profile', {})).id);
    expect((await other.listDevices()).map((x) => x.id)).not.toContain(d.id);
  });

  it('keeps the secret hashed and ignores claim messages without a usable secret', async () => {
    const d = await provisioned();
    const repo = new ProvisioningRepository(stack.server.database.db);
    await stack.server.provisioning.claimFromDevice(
      d.id,
      JSON.stringify({ secretKey: 'stored-hashed', durationMs: 60_000 }),
    );
    const stored = await repo.claimOf(d.id);
    expect(stored?.secretHash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored?.secretHash).not.toContain('stored-hashed');
    for (const payload of [
      'not json',
      '[]',
      '{}',
      '{"secretKey":""}',
      '{"secretKey":5}',
      `{"secretKey":"${'x'.repeat(256)}"}`,
      '{"secretKey":"ok","durationMs":-5}',
      '{"secretKey":"ok","durationMs":1.5}',
      '{"secretKey":"ok","durationMs":"60000"}',
    ])
      await stack.server.provisioning.claimFromDevice(d.id, payload);
    // The first claim is still the one open.
    expect(await repo.claimOf(d.id)).toEqual(stored);
  });

  it('logs bad claim messages at most once a minute per device, without their secrets', async () => {
    const lines: string[] = [];
    const db = stack.server.database.db;
    let now = Date.now();
    const clock = { now: () => now };
    const log = { warn: (obj: unknown, msg: string) => lines.push(JSON.stringify({ obj, msg })) };
    const service = new ProvisioningService({
      devices: new DeviceRepository(db),
      provisioning: new ProvisioningRepository(db),
      assets: new AssetRepository(db),
      forget: () => undefined,
      clock,
      log: log as never,
      limits: claimLimits(attemptStore(db, clock)),
      pairKeys: new PairKeyRepository(db),
    });
    const a = await provisioned();
    const b = await provisioned();
    for (let i = 0; i < 50; i++) await service.claimFromDevice(a.id, '{"secretKey":"","leak":"hunter2"}');
    await service.claimFromDevice(b.id, '{"secretKey":"ok","durationMs":-1}');
    expect(lines).toHaveLength(2);
    now += 61_000;
    await service.claimFromDevice(a.id, 'not json hunter2');
    expect(lines).toHaveLength(3);
    expect(lines.join('\n')).not.toContain('hunter2');
  });

  it('limits wrong claims per user', async () => {
    await addUser(stack.server, 'claim-guesser@example.com', 'ClaimPass12');
    const guesser = await loggedIn(stack.server.url, 'claim-guesser@example.com', 'ClaimPass12');
    const d = await provisioned();
    await stack.server.provisioning.claimFromDevice(
      d.id,
      JSON.stringify({ secretKey: 'the-secret', durationMs: 3_600_000 }),
    );
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push(await claimStatus(guesser, nextMac(), `guess-${i}`));
    expect(statuses).toEqual([...Array(10).fill(400), 429]);
    // Even the right secret waits until the window ends.
    expect(await claimStatus(guesser, d.mac, 'the-secret')).toBe(429);
    stack.advance(15 * 60_000 + 1000);
    expect(await claimStatus(guesser, d.mac, 'the-secret')).toBe(200);
  });

  it('limits wrong claims per device from everyone', async () => {
    const d = await provisioned();
    await stack.server.provisioning.claimFromDevice(
      d.id,
      JSON.stringify({ secretKey: 'device-secret', durationMs: 3_600_000 }),
    );
    const guessers: HestiaClient[] = [];
    for (let i = 0; i < 3; i++) {
      await addUser(stack.server, `device-guesser-${i}@example.com`, 'ClaimPass12');
      guessers.push(await loggedIn(stack.server.url, `device-guesser-${i}@example.com`, 'ClaimPass12'));
    }
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++)
      statuses.push(await claimStatus(guessers[i % 3] as HestiaClient, d.mac, `guess-${i}`));
    expect(statuses).toEqual([...Array(20).fill(400), 429]);
    expect(await claimStatus(owner, d.mac, 'device-secret')).toBe(429);
  });

  it("answers ThingsBoard's own claim path as ThingsBoard does", async () => {
    const d = await provisioned();
    await stack.server.provisioning.claimFromDevice(
      d.id,
      JSON.stringify({ secretKey: 'tb-path', durationMs: 60_000 }),
    );
    const token = (await other.login('claim-other@example.com', 'ClaimPass12')).token;
    const post = (secretKey: string, auth = `Bearer ${token}`) =>
      fetch(`${stack.server.url}/api/customer/device/${encodeURIComponent(d.mac)}/claim`, {
        method: 'POST',
        headers: { authorization: auth, 'content-type': 'application/json' },
        body: JSON.stringify({ secretKey }),
      });
    const wrong = await post('nope');
    expect([wrong.status, await wrong.json()]).toEqual([400, 'FAILURE']);
    const noToken = await fetch(`${stack.server.url}/api/customer/device/${d.mac}/claim`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"secretKey":"tb-path"}',
    });
    expect(noToken.status).toBe(400);
    const right = await post('tb-path');
    expect(right.status).toBe(200);
    expect(await right.json()).toMatchObject({ response: 'SUCCESS', device: { id: d.id, access: 'owner' } });
  });
});
