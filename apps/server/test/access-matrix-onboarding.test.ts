import { profiles } from '@hestia/catalog';
import { HestiaClient } from '@hestia/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeviceRepository } from '../src/modules/device/device.repository.ts';
import { newAccessToken } from '../src/seed/demo.ts';
import { factoryRecord, statusOf } from './onboarding-kit.ts';
import { addUser, loggedIn, type Stack, shareWith, startStack } from './stack.ts';

/**
 * The onboarding routes (issue 18) for each caller: anonymous, a stranger, a viewer and a controller
 * of the device, its owner; and for a device nobody owns yet. Post-config is in access-matrix.test.ts
 * with the other routes about one device.
 */

type Role = 'stranger' | 'viewer' | 'controller' | 'owner';
let stack: Stack;
const clients = {} as Record<Role, HestiaClient>;
let ownedMac: string;

beforeAll(async () => {
  stack = await startStack();
  clients.owner = stack.client;
  for (const role of ['stranger', 'viewer', 'controller'] as const) {
    await addUser(stack.server, `${role}-onboarding@example.com`, 'MatrixPass1');
    clients[role] = await loggedIn(stack.server.url, `${role}-onboarding@example.com`, 'MatrixPass1');
  }
  const ownerId = (await stack.client.call('profile', {})).id;
  ownedMac = 'A4:CF:12:AA:00:01';
  const device = await new DeviceRepository(stack.server.database.db).create({
    ownerId,
    name: ownedMac,
    label: 'Matrix plug',
    mac: ownedMac,
    profileId: 'plug-metering',
    accessToken: newAccessToken(),
  });
  await shareWith(stack.client, device.id, clients.viewer, 'view');
  await shareWith(stack.client, device.id, clients.controller, 'control');
});
afterAll(() => stack?.stop());

describe('onboarding access', () => {
  it('refuses every onboarding route without a token', async () => {
    const anonymous = new HestiaClient({ baseUrl: stack.server.url });
    for (const [name, input] of [
      ['getPairKey', { params: { mac: ownedMac }, query: {} }],
      ['changeOwner', { params: { mac: ownedMac }, body: { pairkey: 'abC1' } }],
      ['deviceBrands', {}],
      ['deviceBrandModels', { params: { brandId: 'generic' } }],
    ] as const)
      expect([name, (await statusOf(anonymous, name, input)).status]).toEqual([name, 400]);
  });

  it('gives any signed-in user a pair key of an owned device; only others see ownedByOther', async () => {
    for (const role of ['stranger', 'viewer', 'controller', 'owner'] as const) {
      const key = await clients[role].call('getPairKey', { params: { mac: ownedMac }, query: {} });
      expect([role, key.ownedByOther]).toEqual([role, role !== 'owner']);
    }
  });

  it('gives the owner key to anyone but the owner, each with their own live key', async () => {
    for (const role of ['stranger', 'viewer', 'controller', 'owner'] as const) {
      const key = await clients[role].call('getPairKey', { params: { mac: ownedMac }, query: {} });
      const r = await statusOf(clients[role], 'changeOwner', {
        params: { mac: ownedMac },
        body: { pairkey: key.pairkey },
      });
      expect([role, r.status]).toEqual([role, role === 'owner' ? 409 : 200]);
    }
    // Another user's live key is not the caller's.
    const strangers = await clients.stranger.call('getPairKey', { params: { mac: ownedMac }, query: {} });
    const r = await statusOf(clients.viewer, 'changeOwner', {
      params: { mac: ownedMac },
      body: { pairkey: strangers.pairkey },
    });
    expect(r.status).toBe(409);
  });

  it('gives a key for a device nobody owns, which change-owner has nothing to do for', async () => {
    const record = await factoryRecord(stack);
    const mac = record.mac as string;
    const key = await clients.stranger.call('getPairKey', { params: { mac }, query: {} });
    expect(key.ownedByOther).toBe(false);
    expect(
      (await statusOf(clients.stranger, 'changeOwner', { params: { mac }, body: { pairkey: key.pairkey } }))
        .status,
    ).toBe(409);
  });

  it('customer/devices?isTransfer=true by MAC and pair key: anonymous gets no device that key did not transfer; a signed-in caller only their own transfers', async () => {
    const key = await clients.viewer.call('getPairKey', { params: { mac: ownedMac }, query: {} });
    const query = { isTransfer: 'true', mac: ownedMac, pairkey: key.pairkey } as const;
    const anonymous = new HestiaClient({ baseUrl: stack.server.url });
    // The owned device was never transferred by this key: nothing, for anyone.
    expect(await anonymous.call('listDevices', { query })).toEqual([]);
    for (const role of ['stranger', 'viewer', 'controller', 'owner'] as const)
      expect([role, await clients[role].call('listDevices', { query })]).toEqual([role, []]);
    expect((await statusOf(anonymous, 'listDevices', { query: {} })).status).toBe(400);
  });

  it('lists the catalogue’s brands with their models, generic included, the same for everyone', async () => {
    const brands = await clients.stranger.call('deviceBrands', {});
    expect(brands.map((b) => b.id)).toContain('generic');
    expect(brands.flatMap((b) => b.profileIds).sort()).toEqual(profiles.map((p) => p.id).sort());
    expect(await clients.owner.call('deviceBrands', {})).toEqual(brands);
    for (const brand of brands) {
      const models = await clients.viewer.call('deviceBrandModels', { params: { brandId: brand.id } });
      expect(models.map((m) => m.id)).toEqual(brand.profileIds);
      expect(models.every((m) => m.brand === brand.id)).toBe(true);
    }
    expect(
      (await statusOf(clients.owner, 'deviceBrandModels', { params: { brandId: 'nobody' } })).status,
    ).toBe(404);
  });
});
