import type { AssetTree, Device } from '@hestia/contract';

/** The place shown: the chosen one while it exists, else the default place, else the first. */
export function pickPlace(tree: readonly AssetTree[], chosenId: string | null): AssetTree | undefined {
  return tree.find((p) => p.id === chosenId) ?? tree.find((p) => p.isDefault) ?? tree[0];
}

/**
 * How many devices a place holds: its own and its rooms' (the server counts each asset alone), the
 * number the dashboard shows for it.
 */
export function placeDeviceCount(place: Pick<AssetTree, 'deviceCount' | 'children'>): number {
  return place.deviceCount + place.children.reduce((n, room) => n + room.deviceCount, 0);
}

/**
 * The devices of a place: in the place itself or one of its rooms. The default place also holds the
 * devices with no place of the caller's (devices shared with them carry no asset).
 */
export function devicesOfPlace(
  tree: readonly AssetTree[],
  place: AssetTree,
  devices: readonly Device[],
): Device[] {
  const ids = new Set([place.id, ...place.children.map((r) => r.id)]);
  const known = new Set(tree.flatMap((p) => [p.id, ...p.children.map((r) => r.id)]));
  return devices.filter(
    (d) =>
      (d.assetId !== null && ids.has(d.assetId)) ||
      (place.isDefault && (d.assetId === null || !known.has(d.assetId))),
  );
}

export interface DeviceGroup {
  /** Room id; 'place' for devices in the place itself, 'shared' for devices shared with the caller. */
  key: string;
  title: string | null;
  devices: Device[];
}

/** 'All rooms': one group per room (in the tree's order), then the place's own, then shared devices. */
export function groupByRoom(
  place: AssetTree,
  devices: readonly Device[],
  sharedTitle: string,
): DeviceGroup[] {
  const groups: DeviceGroup[] = place.children.map((room) => ({
    key: room.id,
    title: room.name,
    devices: devices.filter((d) => d.assetId === room.id),
  }));
  const inRooms = new Set(place.children.map((r) => r.id));
  const own = devices.filter((d) => !d.isSharedDevice && (d.assetId === null || !inRooms.has(d.assetId)));
  const shared = devices.filter((d) => d.isSharedDevice);
  const withDevices = groups.filter((g) => g.devices.length > 0);
  if (own.length)
    withDevices.push({ key: 'place', title: withDevices.length ? place.name : null, devices: own });
  if (shared.length) withDevices.push({ key: 'shared', title: sharedTitle, devices: shared });
  return withDevices;
}
