import { HestiaClient } from '@hestia/client';
import type { UnpairedDevice } from '@hestia/simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { factoryRecord, newUser, sendWifi, statusOf, transfers, unpaired } from './onboarding-kit.ts';
import { type Stack, startStack, waitFor } from './stack.ts';

/**
 * The anonymous transferred-device listing (spec section 6; docs/decisions/042):
 * `customer/devices?isTransfer=true&mac=…&pairkey=…` without a token, against a real unpaired
 * simulated device that joins over its AP and claims over MQTT.
 */

let stack: Stack;
let anonymous: HestiaClient;
const opened: UnpairedDevice[] = [];

const lookUp = (mac: string, pairkey: string) =>
  anonymous.call('listDevices', { query: { isTransfer: 'true', mac, pairkey } });

beforeAll(async () => {
  stack = await startStack({ LOG_LEVEL: 'warn' });
  anonymous = new HestiaClient({ baseUrl: stack.server.url });
});
afterAll(async () => {
  for (const d of opened) await d.close();
  await stack?.stop();
});

/** A factory record whose simulated device has its AP open, and a new user's pair key for it. */
async function pairing(model = 'plug-metering') {
  const record = await factoryRecord(stack, model);
  const device = await unpaired(stack, record);
  opened.push(device);
  const owner = await newUser(stack);
  const place = (await owner.call('addAsset', { body: { name: 'Secret cottage' } })).id;
  const key = await owner.call('getPairKey', {
    params: { mac: record.mac as string },
    query: { assetId: place },
  });
  return { record, device, owner, place, key: key.pairkey, mac: record.mac as string };
}

describe('customer/devices?isTransfer=true without a token', () => {
  it('lists the device its pair key transferred, with nothing of its owner, until post-config', async () => {
    const p = await pairing();
    // Before the claim the app may already poll with its key: nothing yet, and no guess counted.
    expect(await lookUp(p.mac, p.key)).toEqual([]);
    await sendWifi(p.device, p.key);
    await waitFor(async () => (await lookUp(p.mac, p.key)).length === 1, 10_000);
    const [listed] = await lookUp(p.mac.toLowerCase().replaceAll(':', '-'), ` ${p.key} `);
    expect(listed).toEqual({
      id: p.record.id,
      label: p.mac,
      name: p.mac,
      deviceProfileId: 'plug-metering',
      assetId: null,
      assetLabel: null,
      isSharedDevice: false,
      access: 'owner',
      isFavourite: false,
      configDisabled: false,
      deviceData: {},
      deviceRawData: {},
    });
    // The owner's own listing, with the token, still has the place and the live data.
    const own = (await p.owner.call('listDevices', { query: { isTransfer: 'true' } }))[0];
    expect(own).toMatchObject({ id: p.record.id, assetId: p.place });
    // Another key, or the key with another device's MAC, finds nothing.
    const other = await pairing('switch-two-pole');
    expect(await lookUp(p.mac, p.key === 'aaA1' ? 'bbB2' : 'aaA1')).toEqual([]);
    expect(await lookUp(other.mac, p.key)).toEqual([]);

    await p.owner.call('postConfig', {
      params: { id: p.record.id },
      body: { label: 'Porch', assetId: p.place },
    });
    expect(await lookUp(p.mac, p.key)).toEqual([]);
    expect(await transfers(p.owner)).toEqual([]);
  }, 30_000);

  it('stops answering 3 minutes after the claim', async () => {
    const p = await pairing('switch-two-pole');
    await sendWifi(p.device, p.key);
    await waitFor(async () => (await lookUp(p.mac, p.key)).length === 1, 10_000);
    stack.advance(181_000);
    expect(await lookUp(p.mac, p.key)).toEqual([]);
    // The owner, signed in, still sees the transfer to finish it.
    expect(await transfers(p.owner)).toEqual([p.record.id]);
  }, 30_000);

  it("answers any other query without a token with 'token must exists', and a missing key with 400", async () => {
    for (const query of [{}, { isTransfer: 'false' }, { assetId: '00000000-0000-4000-8000-000000000000' }])
      expect(await statusOf(anonymous, 'listDevices', { query })).toEqual({
        status: 400,
        message: 'token must exists',
      });
    const noKey = await statusOf(anonymous, 'listDevices', {
      query: { isTransfer: 'true', mac: 'A4:CF:12:00:00:01' },
    });
    expect(noKey.status).toBe(400);
    expect(noKey.message).toMatch(/needs mac and pairkey/);
    const badMac = await statusOf(anonymous, 'listDevices', {
      query: { isTransfer: 'true', mac: 'kitchen', pairkey: 'aaA1' },
    });
    expect(badMac).toEqual({
      status: 400,
      message: 'mac: "kitchen" is not a MAC address (AA:BB:CC:DD:EE:FF)',
    });
  });

  it('counts keys the device never had against the address: the 21st in 15 minutes is a 429', async () => {
    stack.advance(15 * 60_000 + 1000); // a window of its own, whatever the cases before missed
    const p = await pairing();
    for (let i = 0; i < 20; i++) expect(await lookUp(p.mac, `w${String(i).padStart(3, '0')}`)).toEqual([]);
    // The 21st miss is refused, and so is the right key from that address until its window ends.
    for (const pairkey of ['zzZ9', p.key]) {
      const refused = await statusOf(anonymous, 'listDevices', {
        query: { isTransfer: 'true', mac: p.mac, pairkey },
      });
      expect(refused).toEqual({ status: 429, message: expect.stringMatching(/^Too many wrong pair keys/) });
    }
    stack.advance(15 * 60_000 + 1000);
    expect(await lookUp(p.mac, p.key)).toEqual([]);
  });
});
