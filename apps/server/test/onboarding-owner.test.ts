import type { UnpairedDevice } from '@hestia/simulator';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pairKeys, shares } from '../src/db/schema.ts';
import { PairKeyRepository } from '../src/modules/onboarding/pair-key.repository.ts';
import {
  addThroughAp,
  claimCount,
  factoryRecord,
  newAccount,
  newUser,
  sendWifi,
  setConfigDisabled,
  statusOf,
  stored,
  transfers,
  unpaired,
} from './onboarding-kit.ts';
import { openSocket, type Stack, startStack, waitFor } from './stack.ts';

/**
 * Change of owner (issue 18, docs/decisions/026): a device one user owns moves to another only when
 * its claim carries the new user's pair key and the owner key change-owner gave them; the old
 * owner's access, shares and timers end and the new owner's socket gets the device at once. And the
 * transfer and post-config are one transaction each: a failure leaves nothing half-done.
 */

let stack: Stack;
const started: UnpairedDevice[] = [];

beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => {
  for (const d of started) await d.close();
  await stack?.stop();
});

/** A device Bob added and shared with Carol (control), with a timer of Bob's on it. */
async function bobsDevice() {
  const bob = await newAccount(stack);
  const carol = await newUser(stack);
  const record = await factoryRecord(stack);
  const device = await unpaired(stack, record);
  started.push(device);
  await addThroughAp(bob.client, record, device);
  const s = await bob.client.call('createShare', { params: { id: record.id }, body: { scope: 'control' } });
  await carol.call('finalizeShare', { params: { shareToken: s.token } });
  const timer = await bob.client.call('saveTimer', {
    params: { id: record.id },
    body: { name: 'Off later', minutes: 30, actions: [{ deviceParameterId: 'relay_1', value: 0 }] },
  });
  return { bob, carol, record, device, mac: record.mac as string, timerId: timer.id };
}

describe('change of owner', () => {
  it('moves the device to the new user only with the owner key; the old owner’s shares and timers end', async () => {
    const { bob, carol, record, device, mac, timerId } = await bobsDevice();
    const dave = await newAccount(stack);
    const bobSocket = await openSocket(stack.server.url, bob.token);
    bobSocket.send({ tsSubCmds: [{ cmdId: 1, entityType: 'DEVICE', entityId: record.id, keys: 'active' }] });
    await waitFor(() => bobSocket.latest(1, 'active') === 'true');

    const key = await dave.client.call('getPairKey', { params: { mac }, query: {} });
    expect(key.ownedByOther).toBe(true);
    // Not a live key of Dave's for this device: 409.
    const wrong = key.pairkey === 'abC1' ? 'abC2' : 'abC1';
    expect(await statusOf(dave.client, 'changeOwner', { params: { mac }, body: { pairkey: wrong } })).toEqual(
      {
        status: 409,
        message: 'This pair key has expired or was already used. Start adding the device again.',
      },
    );
    // The owner has nothing to change.
    const own = await bob.client.call('getPairKey', { params: { mac }, query: {} });
    expect(own.ownedByOther).toBe(false);
    expect(
      await statusOf(bob.client, 'changeOwner', { params: { mac }, body: { pairkey: own.pairkey } }),
    ).toEqual({ status: 409, message: 'This device is not owned by another user.' });
    const change = await dave.client.call('changeOwner', { params: { mac }, body: { pairkey: key.pairkey } });
    expect(change).toEqual({ deviceId: record.id, ownerKey: expect.stringMatching(/^[\w-]{16}$/) });

    // The device joins with the pair key but without the owner key: refused and counted.
    await device.reset();
    await sendWifi(device, key.pairkey);
    await device.whenState('online');
    await waitFor(async () => (await claimCount(stack, mac)) === 1);
    expect(await stored(stack, record.id)).toMatchObject({ ownerId: bob.id });
    // With a wrong owner key: the same.
    await device.reset();
    await sendWifi(device, key.pairkey, 'not-the-owner-key');
    await device.whenState('online');
    await waitFor(async () => (await claimCount(stack, mac)) === 2);
    expect(await stored(stack, record.id)).toMatchObject({ ownerId: bob.id });

    // Both keys: the device is Dave's, in his default place, awaiting post-config.
    await device.reset();
    await sendWifi(device, key.pairkey, change.ownerKey);
    await waitFor(async () => (await transfers(dave.client)).includes(record.id));
    const daveHome = (await dave.client.call('assetTree', {}))[0]?.id;
    expect(await stored(stack, record.id)).toMatchObject({ ownerId: dave.id, assetId: daveHome });
    expect((await statusOf(bob.client, 'getDevice', { params: { id: record.id } })).status).toBe(404);
    expect((await statusOf(carol, 'getDevice', { params: { id: record.id } })).status).toBe(404);
    expect((await statusOf(bob.client, 'getTimer', { params: { timerId } })).status).toBe(404);
    const [share] = await stack.server.database.db
      .select()
      .from(shares)
      .where(eq(shares.deviceId, record.id));
    expect(share?.deletedAt).not.toBeNull();
    // Bob's socket is told at once; Dave's gets the device's values.
    await waitFor(() =>
      bobSocket.updates.some(
        (u) => u.subscriptionId === 1 && u.errorMsg === 'Access to this device was withdrawn',
      ),
    );
    bobSocket.close();
    const daveSocket = await openSocket(stack.server.url, dave.token);
    daveSocket.send({ tsSubCmds: [{ cmdId: 2, entityType: 'DEVICE', entityId: record.id, keys: 'active' }] });
    await waitFor(() => daveSocket.latest(2, 'active') === 'true');
    daveSocket.close();
    // Bob's key of before is no longer live.
    expect(
      (await statusOf(bob.client, 'changeOwner', { params: { mac }, body: { pairkey: own.pairkey } })).status,
    ).toBe(409);
  });

  it('refuses change-owner for an unknown MAC (404) and a disabled device (403)', async () => {
    const erin = await newUser(stack);
    expect(
      (
        await statusOf(erin, 'changeOwner', {
          params: { mac: 'A4:CF:12:FF:FF:02' },
          body: { pairkey: 'abC1' },
        })
      ).status,
    ).toBe(404);
    const record = await factoryRecord(stack);
    const mac = record.mac as string;
    const key = await erin.call('getPairKey', { params: { mac }, query: {} });
    await setConfigDisabled(stack, record.id, true);
    expect(await statusOf(erin, 'changeOwner', { params: { mac }, body: { pairkey: key.pairkey } })).toEqual({
      status: 403,
      message: 'Configuration is disabled by the owner or admin.',
    });
  });
});

describe('the owner refuses reconfiguration', () => {
  it('refuses others’ pair keys while the owner says so, and allows them again after', async () => {
    const { bob, carol, record, mac } = await bobsDevice();
    const erin = await newUser(stack);
    const off = await bob.client.call('setReconfiguration', {
      params: { id: record.id },
      body: { disabled: true },
    });
    expect(off.configDisabled).toBe(true);
    expect(await statusOf(erin, 'getPairKey', { params: { mac }, query: {} })).toEqual({
      status: 403,
      message: 'Configuration is disabled by the owner or admin.',
    });
    // The shared user sees it and may not change it.
    expect((await carol.call('getDevice', { params: { id: record.id } })).configDisabled).toBe(true);
    expect(
      (await statusOf(carol, 'setReconfiguration', { params: { id: record.id }, body: { disabled: false } }))
        .status,
    ).toBe(403);
    await bob.client.call('setReconfiguration', { params: { id: record.id }, body: { disabled: false } });
    expect((await erin.call('getPairKey', { params: { mac }, query: {} })).ownedByOther).toBe(true);
  });
});

describe('nothing half-done', () => {
  it('a transfer that fails midway changes nothing: key unused, owner, shares and timers kept', async () => {
    const { bob, carol, record, mac, timerId } = await bobsDevice();
    const dave = await newAccount(stack);
    const key = await dave.client.call('getPairKey', { params: { mac }, query: {} });
    await dave.client.call('changeOwner', { params: { mac }, body: { pairkey: key.pairkey } });
    const db = stack.server.database.db;
    const [row] = await db
      .select()
      .from(pairKeys)
      .where(and(eq(pairKeys.userId, dave.id), eq(pairKeys.deviceId, record.id)));
    if (!row) throw new Error('pair key not stored');
    const repo = new PairKeyRepository(db);
    // A place that does not exist: the device's update fails after the key was marked used.
    await expect(
      repo.transfer({
        key: row,
        from: bob.id,
        placeId: '00000000-0000-4000-8000-000000000001',
        now: new Date(),
      }),
    ).rejects.toThrow();
    // Another owner than the one checked (someone moved it meanwhile): undone, no error.
    expect(await repo.transfer({ key: row, from: dave.id, placeId: null, now: new Date() })).toBeUndefined();
    const [after] = await db.select().from(pairKeys).where(eq(pairKeys.id, row.id));
    expect(after?.usedAt).toBeNull();
    expect(await stored(stack, record.id)).toMatchObject({ ownerId: bob.id, label: 'Hall plug' });
    expect((await statusOf(carol, 'getDevice', { params: { id: record.id } })).status).toBe(200);
    expect((await statusOf(bob.client, 'getTimer', { params: { timerId } })).status).toBe(200);
    expect(await transfers(dave.client)).toEqual([]);
  });

  it('a post-config that fails midway leaves the name and the transfer as they were', async () => {
    const fay = await newAccount(stack);
    const record = await factoryRecord(stack);
    const device = await unpaired(stack, record);
    started.push(device);
    const key = await fay.client.call('getPairKey', { params: { mac: record.mac as string }, query: {} });
    await sendWifi(device, key.pairkey);
    await waitFor(async () => (await transfers(fay.client)).includes(record.id));
    const repo = new PairKeyRepository(stack.server.database.db);
    await expect(
      repo.finishSetup({
        deviceId: record.id,
        userId: fay.id,
        label: 'Half',
        assetId: '00000000-0000-4000-8000-000000000002',
        now: new Date(),
      }),
    ).rejects.toThrow();
    expect(await stored(stack, record.id)).toMatchObject({ label: record.label });
    expect(await transfers(fay.client)).toEqual([record.id]);
  });
});
