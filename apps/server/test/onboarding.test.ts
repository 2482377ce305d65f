import type { HestiaClient } from '@hestia/client';
import type { UnpairedDevice } from '@hestia/simulator';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  claimCount,
  factoryRecord,
  newUser,
  sendWifi,
  setConfigDisabled,
  statusOf,
  stored,
  transfers,
  unpaired,
} from './onboarding-kit.ts';
import { type Stack, startStack, waitFor } from './stack.ts';

/**
 * Adding a device (issue 18, docs/decisions/026) on the real stack with real unpaired simulated
 * devices reached over their AP's HTTP: the pair key in both formats, the claim inside the window
 * that transfers the device with its place, isTransfer, post-config, and the refusals.
 */

let stack: Stack;
let alice: HestiaClient;
const devices: UnpairedDevice[] = [];

const live = async (stackDevice: Promise<UnpairedDevice>) => {
  const d = await stackDevice;
  devices.push(d);
  return d;
};

/** The server's log lines (warnings and above). */
const logged: string[] = [];

beforeAll(async () => {
  stack = await startStack({ LOG_LEVEL: 'warn' }, { log: logged });
});
// A new account each case: a user may ask for 30 pair keys in 15 minutes.
beforeEach(async () => {
  alice = await newUser(stack);
});
afterAll(async () => {
  for (const d of devices) await d.close();
  await stack?.stop();
});

describe('pair key', () => {
  it('gives a 4-character key (two lowercase, one uppercase, one digit) or four digits, for 180 s', async () => {
    const record = await factoryRecord(stack, 'switch-two-pole');
    const seen = new Set<string>();
    for (let i = 0; i < 20; i++) {
      const key = await alice.call('getPairKey', { params: { mac: record.mac as string }, query: {} });
      expect(key.pairkey).toMatch(/^[A-Za-z0-9]{4}$/);
      expect(key.pairkey.replace(/[^a-z]/g, '')).toHaveLength(2);
      expect(key.pairkey.replace(/[^A-Z]/g, '')).toHaveLength(1);
      expect(key.pairkey.replace(/[^0-9]/g, '')).toHaveLength(1);
      seen.add(key.pairkey.replace(/[a-z]/g, 'l').replace(/[A-Z]/g, 'U').replace(/[0-9]/g, 'd'));
      expect(key).toMatchObject({
        windowSeconds: 180,
        deviceProfileId: 'switch-two-pole',
        ownedByOther: false,
      });
      const left = Date.parse(key.expiresAt) - stack.now();
      expect(left).toBeGreaterThan(170_000);
      expect(left).toBeLessThanOrEqual(180_000);
    }
    // Shuffled: the uppercase letter and the digit are not always in the same places.
    expect(seen.size).toBeGreaterThan(1);
    const digits = await alice.call('getPairKey', {
      params: { mac: record.mac as string },
      query: { format: 'digits' },
    });
    expect(digits.pairkey).toMatch(/^\d{4}$/);
  });

  it('takes the MAC with colons, dashes, in lower case or as 12 bare hex digits', async () => {
    const mac = (await factoryRecord(stack)).mac as string;
    for (const form of [mac, mac.replace(/:/g, '-'), mac.toLowerCase(), mac.replace(/:/g, '')]) {
      const key = await alice.call('getPairKey', { params: { mac: form }, query: {} });
      expect(key.deviceProfileId).toBe('plug-metering');
    }
  });

  it('refuses an unknown MAC (404), a malformed one (400), a place not the caller’s (403)', async () => {
    expect(await statusOf(alice, 'getPairKey', { params: { mac: 'A4:CF:12:FF:FF:01' }, query: {} })).toEqual({
      status: 404,
      message: 'No device has this MAC address.',
    });
    expect((await statusOf(alice, 'getPairKey', { params: { mac: 'not-a-mac' }, query: {} })).status).toBe(
      400,
    );
    const record = await factoryRecord(stack);
    const demoHome = (await stack.client.call('assetTree', {}))[0]?.id as string;
    expect(
      (
        await statusOf(alice, 'getPairKey', {
          params: { mac: record.mac as string },
          query: { assetId: demoHome },
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await statusOf(alice, 'getPairKey', {
          params: { mac: record.mac as string },
          query: { format: 'hex' as never },
        })
      ).status,
    ).toBe(400);
  });

  it('gives a user 30 keys in 15 minutes, then 429 until the window ends', async () => {
    const mac = (await factoryRecord(stack)).mac as string;
    for (let i = 0; i < 30; i++) await alice.call('getPairKey', { params: { mac }, query: {} });
    const refused = await statusOf(alice, 'getPairKey', { params: { mac }, query: {} });
    expect(refused).toEqual({ status: 429, message: 'Too many pair keys. Try again in 15 min.' });
    stack.advance(15 * 60_000);
    expect((await statusOf(alice, 'getPairKey', { params: { mac }, query: {} })).status).toBe(200);
  });

  it('refuses a device whose owner disabled reconfiguration with the spec’s message', async () => {
    const record = await factoryRecord(stack);
    await setConfigDisabled(stack, record.id, true);
    expect(await statusOf(alice, 'getPairKey', { params: { mac: record.mac as string }, query: {} })).toEqual(
      {
        status: 403,
        message: 'Configuration is disabled by the owner or admin.',
      },
    );
  });
});

describe('claim with the pair key', () => {
  it('transfers the device with its place inside the window; isTransfer lists it; post-config ends it', async () => {
    const record = await factoryRecord(stack);
    const device = await live(unpaired(stack, record));
    const place = (await alice.call('addAsset', { body: { name: 'Cottage' } })).id;
    const key = await alice.call('getPairKey', {
      params: { mac: record.mac as string },
      query: { assetId: place },
    });
    expect(await transfers(alice)).toEqual([]);
    await sendWifi(device, key.pairkey);
    await device.whenState('online');
    await waitFor(async () => (await transfers(alice)).includes(record.id));
    expect(await stored(stack, record.id)).toMatchObject({ ownerId: expect.any(String), assetId: place });
    const listed = await alice.call('getDevice', { params: { id: record.id } });
    expect(listed).toMatchObject({ access: 'owner', assetId: place, deviceProfileId: 'plug-metering' });
    // The device runs for its new owner: its own telemetry reaches them.
    await waitFor(
      async () => (await alice.call('getDevice', { params: { id: record.id } })).deviceData.active === true,
    );

    const roomId = (await alice.call('addAsset', { body: { name: 'Porch', parentId: place } })).id;
    const done = await alice.call('postConfig', {
      params: { id: record.id },
      body: { label: '  Porch lamp  ', assetId: roomId },
    });
    expect(done).toMatchObject({ id: record.id, label: 'Porch lamp', assetId: roomId, access: 'owner' });
    expect(await transfers(alice)).toEqual([]);
    expect((await alice.call('listDevices', { query: {} })).map((d) => d.id)).toContain(record.id);
  });

  it('accepts the four-digit key', async () => {
    const record = await factoryRecord(stack, 'switch-two-pole');
    const device = await live(unpaired(stack, record));
    const key = await alice.call('getPairKey', {
      params: { mac: record.mac as string },
      query: { format: 'digits' },
    });
    await sendWifi(device, key.pairkey);
    await waitFor(async () => (await transfers(alice)).includes(record.id));
  });

  it('refuses a key after the window (the clock moved 3 minutes), and counts it', async () => {
    const record = await factoryRecord(stack);
    const device = await live(unpaired(stack, record));
    const key = await alice.call('getPairKey', { params: { mac: record.mac as string }, query: {} });
    stack.advance(181_000);
    await sendWifi(device, key.pairkey);
    await device.whenState('online');
    await waitFor(async () => (await claimCount(stack, record.mac as string)) === 1);
    expect(await stored(stack, record.id)).toMatchObject({ ownerId: null });
    expect(await transfers(alice)).not.toContain(record.id);
  });

  it('refuses a wrong key and a used one, and counts each', async () => {
    const record = await factoryRecord(stack);
    const device = await live(unpaired(stack, record));
    const key = await alice.call('getPairKey', { params: { mac: record.mac as string }, query: {} });
    const wrong = key.pairkey === 'aaB1' ? 'abC2' : 'aaB1';
    await sendWifi(device, wrong);
    await device.whenState('online');
    await waitFor(async () => (await claimCount(stack, record.mac as string)) === 1);
    expect(await stored(stack, record.id)).toMatchObject({ ownerId: null });

    // The right key, then post-config; the same key again after a factory reset is refused.
    await device.reset();
    await sendWifi(device, key.pairkey);
    await waitFor(async () => (await transfers(alice)).includes(record.id));
    expect(await claimCount(stack, record.mac as string)).toBe(1);
    const home = (await alice.call('assetTree', {}))[0]?.id as string;
    await alice.call('postConfig', { params: { id: record.id }, body: { label: 'Desk', assetId: home } });
    await device.reset();
    await sendWifi(device, key.pairkey);
    await device.whenState('online');
    await waitFor(async () => (await claimCount(stack, record.mac as string)) === 2);
    expect(await transfers(alice)).not.toContain(record.id);
  });

  it('lets a device try a limited number of keys an hour, then refuses even the right one', async () => {
    const record = await factoryRecord(stack);
    const device = await live(unpaired(stack, record));
    const key = await alice.call('getPairKey', { params: { mac: record.mac as string }, query: {} });
    await sendWifi(device, 'zzZ9');
    await device.whenState('online');
    const client = device.device?.client;
    for (let i = 0; i < 19; i++)
      await client?.publishAsync(
        'v1/devices/me/claim',
        JSON.stringify({ secretKey: `x${i}Y1`, durationMs: 180000 }),
        { qos: 1 },
      );
    await waitFor(async () => (await claimCount(stack, record.mac as string)) === 20);
    // A minute on (a device's refusals are logged once a minute), still inside the key's window.
    stack.advance(61_000);
    await client?.publishAsync('v1/devices/me/claim', JSON.stringify({ secretKey: key.pairkey }), { qos: 1 });
    await waitFor(() => logged.some((l) => l.includes(record.id) && l.includes('too many claims')));
    expect(await stored(stack, record.id)).toMatchObject({ ownerId: null });
    // The keys are never written to the log.
    expect(logged.filter((l) => l.includes(key.pairkey) || l.includes('zzZ9'))).toEqual([]);
    // An hour later the device may try again.
    stack.advance(3_600_000);
    const fresh = await alice.call('getPairKey', { params: { mac: record.mac as string }, query: {} });
    await client?.publishAsync('v1/devices/me/claim', JSON.stringify({ secretKey: fresh.pairkey }), {
      qos: 1,
    });
    await waitFor(async () => (await transfers(alice)).includes(record.id));
  });

  it('refuses the claim when the owner disabled reconfiguration after the key was given', async () => {
    const record = await factoryRecord(stack);
    const device = await live(unpaired(stack, record));
    const key = await alice.call('getPairKey', { params: { mac: record.mac as string }, query: {} });
    await setConfigDisabled(stack, record.id, true);
    await sendWifi(device, key.pairkey);
    await device.whenState('online');
    await waitFor(async () => (await claimCount(stack, record.mac as string)) === 1);
    expect(await stored(stack, record.id)).toMatchObject({ ownerId: null });
  });
});

describe('post-config', () => {
  it('is the owner’s only: a stranger gets 404, a shared user 403, a bad body 400', async () => {
    const record = await factoryRecord(stack);
    const device = await live(unpaired(stack, record));
    const key = await alice.call('getPairKey', { params: { mac: record.mac as string }, query: {} });
    await sendWifi(device, key.pairkey);
    await waitFor(async () => (await transfers(alice)).includes(record.id));
    const home = (await alice.call('assetTree', {}))[0]?.id as string;
    const stranger = await newUser(stack);
    const shared = await newUser(stack);
    const s = await alice.call('createShare', { params: { id: record.id }, body: { scope: 'control' } });
    await shared.call('finalizeShare', { params: { shareToken: s.token } });
    const body = { label: 'Mine now', assetId: home };
    expect((await statusOf(stranger, 'postConfig', { params: { id: record.id }, body })).status).toBe(404);
    expect((await statusOf(shared, 'postConfig', { params: { id: record.id }, body })).status).toBe(403);
    for (const bad of [
      { label: '   ', assetId: home },
      { label: 'x'.repeat(65), assetId: home },
      { label: 'ok', assetId: 'not-a-uuid' },
    ])
      expect((await statusOf(alice, 'postConfig', { params: { id: record.id }, body: bad })).status).toBe(
        400,
      );
    // Another user's place: refused, and nothing changed.
    const strangerHome = (await stranger.call('assetTree', {}))[0]?.id as string;
    expect(
      (
        await statusOf(alice, 'postConfig', {
          params: { id: record.id },
          body: { label: 'Moved', assetId: strangerHome },
        })
      ).status,
    ).toBe(404);
    expect(await stored(stack, record.id)).toMatchObject({ label: record.label });
    expect(await transfers(alice)).toContain(record.id);
  });
});
