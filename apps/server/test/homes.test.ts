import type { HestiaClient } from '@hestia/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../src/seed/demo.ts';
import { addUser, loggedIn, openSocket, type Stack, startStack, waitFor } from './stack.ts';

let stack: Stack;
let owner: HestiaClient;
let friend: HestiaClient;
let friendToken: string;
beforeAll(async () => {
  stack = await startStack();
  owner = stack.client;
  await addUser(stack.server, 'friend@example.com', 'FriendPass1');
  friend = await loggedIn(stack.server.url, 'friend@example.com', 'FriendPass1');
  friendToken = (await friend.login('friend@example.com', 'FriendPass1')).token;
});
afterAll(() => stack?.stop());

describe('places and rooms', () => {
  it('shows the demo home as a tree with device counts', async () => {
    const tree = await owner.call('assetTree', {});
    expect(tree).toHaveLength(1);
    expect(tree[0]).toMatchObject({ name: 'Home', type: 'place', isDefault: true, parentId: null });
    expect(tree[0]?.children.map((r) => [r.name, r.deviceCount]).sort()).toEqual([
      ['Kitchen', 1],
      ['Living room', 2],
    ]);
  });

  it('adds, renames and searches places and rooms, refusing empty names and rooms in rooms', async () => {
    const cabin = await owner.call('addAsset', { body: { name: 'Cabin' } });
    expect(cabin).toMatchObject({ type: 'place', isDefault: false });
    const porch = await owner.call('addAsset', { body: { name: 'Porch', parentId: cabin.id } });
    expect(porch).toMatchObject({ type: 'room', parentId: cabin.id });
    await expect(
      owner.call('addAsset', { body: { name: 'Closet', parentId: porch.id } }),
    ).rejects.toMatchObject({ statusCode: 400 });
    await expect(owner.call('addAsset', { body: { name: '   ' } })).rejects.toMatchObject({
      statusCode: 400,
      message: 'name: The name cannot be empty',
    });
    expect((await owner.call('editAsset', { body: { id: porch.id, name: 'Veranda' } })).name).toBe('Veranda');
    expect((await owner.call('listAssets', { query: { assetName: 'veran' } })).map((a) => a.id)).toEqual([
      porch.id,
    ]);
    expect((await owner.call('listAssets', { query: { assetId: cabin.id } })).map((a) => a.id)).toEqual([
      porch.id,
    ]);
  });

  it('deleting a place never loses a device: they move to the default place', async () => {
    const shed = await owner.call('addAsset', { body: { name: 'Shed' } });
    const bench = await owner.call('addAsset', { body: { name: 'Bench', parentId: shed.id } });
    await owner.call('addDevicesToAsset', {
      params: { assetId: bench.id },
      body: { deviceIds: [stack.ids.plug] },
    });
    expect(
      (await owner.call('listDevices', { query: { assetId: shed.id, childAssetContains: 'true' } })).map(
        (d) => d.id,
      ),
    ).toEqual([stack.ids.plug]);
    expect(await owner.call('listDevices', { query: { assetId: shed.id } })).toEqual([]);
    const home = (await owner.call('assetTree', {})).find((p) => p.isDefault);
    const res = await owner.call('deleteAsset', { params: { assetId: shed.id } });
    expect(res).toEqual({ movedDevices: 1, movedTo: home?.id });
    expect((await owner.getDevice(stack.ids.plug)).assetId).toBe(home?.id);
    await expect(owner.call('getAsset', { params: { assetId: bench.id } })).rejects.toMatchObject({
      statusCode: 404,
    });
  });

  it('keeps one default place: it cannot be deleted until another is made default', async () => {
    const home = (await owner.call('assetTree', {})).find((p) => p.isDefault);
    await expect(
      owner.call('deleteAsset', { params: { assetId: home?.id as string } }),
    ).rejects.toMatchObject({ statusCode: 400 });
    const flat = await owner.call('addAsset', { body: { name: 'Flat' } });
    await owner.call('setDefaultAsset', { params: { id: flat.id } });
    const tree = await owner.call('assetTree', {});
    expect(tree.filter((p) => p.isDefault).map((p) => p.id)).toEqual([flat.id]);
    await owner.call('setDefaultAsset', { params: { id: home?.id as string } });
  });

  it('gives a new user a default place of their own', async () => {
    const tree = await friend.call('assetTree', {});
    expect(tree).toEqual([expect.objectContaining({ name: 'Home', isDefault: true, children: [] })]);
  });
});

describe('devices and favourites', () => {
  it('renames, favourites and unfavourites a device', async () => {
    expect(
      (await owner.call('renameDevice', { params: { id: stack.ids.curtain }, body: { label: 'Big window' } }))
        .label,
    ).toBe('Big window');
    await owner.call('addFavourite', { body: { deviceId: stack.ids.curtain } });
    expect((await owner.call('favourites', {})).map((d) => d.id)).toEqual([stack.ids.curtain]);
    expect((await owner.getDevice(stack.ids.curtain)).isFavourite).toBe(true);
    await owner.call('deleteFavourite', { body: { deviceId: stack.ids.curtain } });
    expect(await owner.call('favourites', {})).toEqual([]);
  });
});

describe('sharing', () => {
  it('shares by link: the friend accepts, controls, cannot share; view-only and revoke arrive live', async () => {
    const share = await owner.call('createShare', {
      params: { id: stack.ids.switch },
      body: { scope: 'control' },
    });
    expect(share).toMatchObject({ status: 'pending', scope: 'control', link: `/share/${share.token}` });
    expect(await friend.listDevices()).toEqual([]);

    expect(await friend.call('finalizeShare', { params: { shareToken: share.token } })).toEqual({
      deviceId: stack.ids.switch,
      scope: 'control',
    });
    const [seen] = await friend.listDevices();
    expect(seen).toMatchObject({
      id: stack.ids.switch,
      isSharedDevice: true,
      access: 'control',
      assetId: null,
    });
    await friend.write(stack.ids.switch, [{ Key: 'relay_2', Value: 1 }]);
    await expect(
      friend.call('createShare', { params: { id: stack.ids.switch }, body: { scope: 'control' } }),
    ).rejects.toMatchObject({
      statusCode: 403,
      message: 'Sharing is not allowed.',
    });
    await expect(
      friend.call('renameDevice', { params: { id: stack.ids.switch }, body: { label: 'Mine now' } }),
    ).rejects.toMatchObject({ statusCode: 403 });

    const socket = await openSocket(stack.server.url, friendToken);
    socket.send({
      tsSubCmds: [{ cmdId: 1, entityType: 'DEVICE', entityId: stack.ids.switch, keys: 'relay_1' }],
    });
    await waitFor(() => socket.updates.length > 0);

    await owner.call('updateShare', {
      params: { id: stack.ids.switch, shareId: share.id },
      body: { scope: 'view' },
    });
    await waitFor(() => socket.latest(1, 'shareScope') === 'view');
    await expect(friend.write(stack.ids.switch, [{ Key: 'relay_2', Value: 0 }])).rejects.toMatchObject({
      statusCode: 403,
    });
    expect((await friend.getDevice(stack.ids.switch)).access).toBe('view');
    // A subscription made after the change (the app's list was read before it) is told the access
    // as it is now, without waiting for another change.
    const late = await openSocket(stack.server.url, friendToken);
    late.send({ tsSubCmds: [{ cmdId: 7, entityType: 'DEVICE', entityId: stack.ids.switch }] });
    await waitFor(() => late.latest(7, 'shareScope') === 'view');
    late.close();

    const list = await owner.call('listShares', { query: { deviceId: stack.ids.switch } });
    expect(list[0]).toMatchObject({
      status: 'active',
      scope: 'view',
      user: { username: 'f***@example.com' },
    });

    await owner.call('deleteShare', { params: { id: stack.ids.switch, shareId: share.id } });
    await waitFor(() => socket.updates.some((u) => u.subscriptionId === 1 && u.errorCode === 3));
    await expect(friend.getDevice(stack.ids.switch)).rejects.toMatchObject({ statusCode: 404 });
    expect((await owner.call('listShares', { query: { deviceId: stack.ids.switch } }))[0]?.status).toBe(
      'deleted',
    );
    socket.close();
  });

  it('lets a shared user remove a device from their list without deleting it', async () => {
    const share = await owner.call('createShare', {
      params: { id: stack.ids.curtain },
      body: { scope: 'view' },
    });
    await friend.call('finalizeShare', { params: { shareToken: share.token } });
    await friend.call('deleteDevice', { params: { id: stack.ids.curtain } });
    await expect(friend.getDevice(stack.ids.curtain)).rejects.toMatchObject({ statusCode: 404 });
    expect((await owner.getDevice(stack.ids.curtain)).id).toBe(stack.ids.curtain);
  });

  it('uses a link once, refuses expired links, and ends access at the share expiry', async () => {
    await addUser(stack.server, 'third@example.com', 'ThirdPass1');
    const third = await loggedIn(stack.server.url, 'third@example.com', 'ThirdPass1');
    const share = await owner.call('createShare', {
      params: { id: stack.ids.plug },
      body: { scope: 'control', expiresAt: new Date(Date.now() + 3600_000).toISOString() },
    });
    await friend.call('finalizeShare', { params: { shareToken: share.token } });
    await expect(third.call('finalizeShare', { params: { shareToken: share.token } })).rejects.toMatchObject({
      statusCode: 404,
    });
    await expect(owner.call('finalizeShare', { params: { shareToken: share.token } })).rejects.toMatchObject({
      statusCode: 404,
    });
    expect((await friend.getDevice(stack.ids.plug)).access).toBe('control');

    stack.advance(3600_000 + 6000);
    await expect(friend.getDevice(stack.ids.plug)).rejects.toMatchObject({ statusCode: 404 });
    expect((await owner.call('listShares', { query: { deviceId: stack.ids.plug } }))[0]?.status).toBe(
      'expired',
    );

    const late = await owner.call('createShare', { params: { id: stack.ids.plug }, body: { scope: 'view' } });
    stack.advance(24 * 3600_000 + 1000);
    // Access tokens live 2.5 h: log in again after the day has passed.
    const thirdAgain = await loggedIn(stack.server.url, 'third@example.com', 'ThirdPass1');
    const ownerAgain = await loggedIn(stack.server.url, DEMO_EMAIL, DEMO_PASSWORD);
    await expect(
      thirdAgain.call('finalizeShare', { params: { shareToken: late.token } }),
    ).rejects.toMatchObject({ statusCode: 404 });
    expect((await ownerAgain.call('listShares', { query: { deviceId: stack.ids.plug } }))[0]?.status).toBe(
      'expired',
    );
    await expect(
      ownerAgain.call('createShare', {
        params: { id: stack.ids.plug },
        body: { scope: 'view', expiresAt: '2001-01-01T00:00:00Z' },
      }),
    ).rejects.toMatchObject({ statusCode: 400 });
  });
});
