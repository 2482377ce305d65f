import type { AssetTree, Device } from '@hestia/contract';
import { describe, expect, it } from 'vitest';
import { devicesOfPlace, groupByRoom, pickPlace } from './places.ts';

const asset = (id: string, parentId: string | null, isDefault = false) => ({
  id,
  name: id,
  type: parentId ? ('room' as const) : ('place' as const),
  label: '',
  customerId: 'u',
  ownerId: 'u',
  parentId,
  creationDateTime: '',
  isDefault,
  deviceCount: 0,
});
const home: AssetTree = {
  ...asset('home', null, true),
  children: [asset('kitchen', 'home'), asset('bath', 'home')],
};
const office: AssetTree = { ...asset('office', null), children: [asset('desk', 'office')] };
const tree = [office, home];
const dev = (id: string, assetId: string | null, isSharedDevice = false) =>
  ({ id, assetId, isSharedDevice }) as Device;

describe('places', () => {
  it('shows the chosen place, else the default, else the first', () => {
    expect(pickPlace(tree, 'office')?.id).toBe('office');
    expect(pickPlace(tree, 'gone')?.id).toBe('home');
    expect(pickPlace([office], null)?.id).toBe('office');
    expect(pickPlace([], null)).toBeUndefined();
  });

  it('puts devices without a place of the caller (shared ones) in the default place', () => {
    const devices = [dev('k', 'kitchen'), dev('h', 'home'), dev('d', 'desk'), dev('s', null, true)];
    expect(devicesOfPlace(tree, home, devices).map((d) => d.id)).toEqual(['k', 'h', 's']);
    expect(devicesOfPlace(tree, office, devices).map((d) => d.id)).toEqual(['d']);
  });

  it("groups 'all rooms' by room, then the place's own devices, then shared ones; empty rooms are left out", () => {
    const devices = [dev('k', 'kitchen'), dev('h', 'home'), dev('s', null, true)];
    expect(
      groupByRoom(home, devices, 'Shared').map((g) => [g.key, g.title, g.devices.map((d) => d.id)]),
    ).toEqual([
      ['kitchen', 'kitchen', ['k']],
      ['place', 'home', ['h']],
      ['shared', 'Shared', ['s']],
    ]);
    // With no room in use, the place's own devices need no title.
    expect(groupByRoom(home, [dev('h', 'home')], 'Shared')[0]?.title).toBeNull();
  });
});
