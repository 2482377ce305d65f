import {
  buildWrite,
  CatalogError,
  checkModbus,
  enforce,
  getProfile,
  MODBUS_TIMEOUT_MS,
  type ModelProfile,
  type WritePair,
} from '@hestia/catalog';
import {
  type Access,
  belowFirmwareFloor,
  type Device,
  RPC_DEFAULT_TIMEOUT_MS,
  type RpcBody,
  type RpcResult,
} from '@hestia/contract';
import type { Clock } from '../../core/clock.ts';
import { AppError } from '../../core/errors.ts';
import type { LatestValues, LiveBus } from '../../core/live-bus.ts';
import { TtlCache } from '../../core/ttl-cache.ts';
import type { DeviceRepository, DeviceWithAsset, ShareRow, VisibleDevice } from './device.repository.ts';

/** What a device's answer is made of: the fields of a visible device that `Device` shows. */
type DtoSource = Pick<
  VisibleDevice,
  | 'id'
  | 'label'
  | 'name'
  | 'profileId'
  | 'assetId'
  | 'assetName'
  | 'shareScope'
  | 'isFavourite'
  | 'configDisabled'
>;

function toDto(row: DtoSource, latest: LatestValues | undefined): Device {
  const deviceData: Device['deviceData'] = {};
  const deviceRawData: Device['deviceRawData'] = {};
  for (const [key, [ts, value]] of latest ?? []) {
    deviceData[key] = value;
    deviceRawData[key] = [ts, value];
  }
  return {
    id: row.id,
    label: row.label,
    name: row.name,
    deviceProfileId: row.profileId,
    assetId: row.assetId,
    assetLabel: row.assetName,
    isSharedDevice: row.shareScope !== null,
    access: row.shareScope ?? 'owner',
    isFavourite: row.isFavourite,
    configDisabled: row.configDisabled,
    deviceData,
    deviceRawData,
  };
}

/** Finds the device a pair key transferred, by its AP MAC (onboarding module); undefined: none. */
export type TransferLookup = (
  mac: string,
  pairkey: string,
  requester: string,
) => Promise<{ id: string; name: string; profileId: string } | undefined>;

/** A command checked against the model: what to send, the writes it makes (for the model's rules). */
interface CheckedRpc {
  params: unknown;
  write?: WritePair[] | undefined;
  timeoutMs?: number;
}

/**
 * The methods the server checks against the catalogue before sending (a CatalogError is a 400);
 * other methods go to the device unchanged. `current` holds the device's last reported values.
 */
const rpcChecks = new Map<
  string,
  (
    profile: ModelProfile,
    params: unknown,
    current: ReadonlyMap<string, number | string>,
    timeout: number | undefined,
  ) => CheckedRpc
>([
  [
    'write',
    (profile, params) => {
      const pairs = buildWrite(profile, params);
      return { params: pairs, write: pairs };
    },
  ],
  // The spec's two Modbus builders wait 500 ms or 2000 ms; no other wait is asked of a device.
  [
    'modbus',
    (profile, params, current, timeout) => {
      if (timeout !== undefined && timeout !== MODBUS_TIMEOUT_MS.quick && timeout !== MODBUS_TIMEOUT_MS.slow)
        throw new CatalogError(
          `A Modbus command waits ${MODBUS_TIMEOUT_MS.quick} or ${MODBUS_TIMEOUT_MS.slow} ms, not ${timeout}`,
        );
      const checked = checkModbus(profile, params, current);
      return { params: checked.params, write: checked.write, timeoutMs: timeout ?? MODBUS_TIMEOUT_MS.quick };
    },
  ],
]);

export interface Accessed {
  row: DeviceWithAsset;
  access: Access;
}

/** A place or room as the device service reads it. */
interface PlaceRow {
  id: string;
  ownerId: string;
  parentId: string | null;
}

/**
 * What the device service needs of the asset and share modules' tables, typed here so the device
 * module does not import them (they import it): their repositories fit.
 */
export interface DeviceNeighbours {
  assets: {
    get(id: string): Promise<PlaceRow | undefined>;
    listForOwner(ownerId: string): Promise<PlaceRow[]>;
  };
  /** A shared user removes a device from their own list. */
  shares: { leave(userId: string, deviceId: string): Promise<void> };
  /** The latest values the device list shows and commands are checked against (the telemetry module). */
  telemetry: { latestFor(deviceIds: string[]): Promise<Map<string, LatestValues>> };
  /** Sends a command to the device and, two-way, waits for its answer (gateway/gateway.ts). */
  gateway: {
    rpc(
      deviceId: string,
      body: { method: string; params?: unknown },
      opts: { twoWay: boolean; timeoutMs: number },
    ): Promise<RpcResult>;
  };
}

export interface DeviceDeps extends DeviceNeighbours {
  devices: DeviceRepository;
  bus: LiveBus;
  clock: Clock;
}

/**
 * Devices: who may see or control which (owner, or a share), the list and one device, favourites,
 * names and places, and commands to the device through the gateway.
 */
export class DeviceService {
  // Read on every toggle. Any change of owner, place, label or share announces itself on the bus,
  // and every instance drops its entries; the TTL bounds what a lost message could leave.
  private readonly rows: TtlCache<string, DeviceWithAsset>;

  private readonly grants: TtlCache<string, ShareRow | null>;

  constructor(private readonly deps: DeviceDeps) {
    const { bus, clock } = deps;
    this.rows = new TtlCache<string, DeviceWithAsset>(5000, 50_000, clock);
    this.grants = new TtlCache<string, ShareRow | null>(5000, 100_000, clock);
    bus.onAccessChanged((deviceId) => {
      this.rows.delete(deviceId);
      this.grants.clear();
    });
    // Owners and shares changed while the bus was down were never announced here: forget them all.
    bus.onResumed(() => {
      this.rows.clear();
      this.grants.clear();
    });
  }

  private readonly changed = (deviceId: string) => this.deps.bus.publishAccessChanged(deviceId);

  /** The device and the caller's access to it. Strangers get 404, so ids do not leak. */
  async access(userId: string, id: string): Promise<Accessed> {
    const { clock, devices } = this.deps;
    const row = await this.rows.getOrLoad(id, () => devices.get(id));
    // A device nobody has claimed yet (docs/decisions/020) is nobody's: no owner, and no share
    // counts for it.
    if (!row || row.ownerId === null) throw new AppError('NOT_FOUND', 'Device not found');
    if (row.ownerId === userId) return { row, access: 'owner' };
    const share = await this.grants.getOrLoad(
      `${userId}|${id}`,
      async () => (await devices.liveShareOf(userId, id, new Date(clock.now()))) ?? null,
    );
    if (!share || (share.expiresAt && share.expiresAt.getTime() <= clock.now()))
      throw new AppError('NOT_FOUND', 'Device not found');
    return { row, access: share.scope };
  }

  async owned(userId: string, id: string): Promise<DeviceWithAsset> {
    const a = await this.access(userId, id);
    if (a.access !== 'owner') throw new AppError('FORBIDDEN', 'Only the owner can do this.');
    return a.row;
  }

  private async dtos(list: VisibleDevice[]): Promise<Device[]> {
    const { telemetry } = this.deps;
    const latest = await telemetry.latestFor(list.map((r) => r.id));
    return list.map((r) => toDto(r, latest.get(r.id)));
  }

  async get(userId: string, id: string): Promise<Device> {
    const { devices } = this.deps;
    const a = await this.access(userId, id);
    const visible: VisibleDevice = {
      ...a.row,
      assetId: a.access === 'owner' ? a.row.assetId : null,
      assetName: a.access === 'owner' ? a.row.assetName : null,
      shareScope: a.access === 'owner' ? null : a.access,
      isFavourite: await devices.isFavourite(userId, id),
    };
    return (await this.dtos([visible]))[0] as Device;
  }

  /** Who finds a device by AP MAC and pair key (the onboarding module), for callers without a token. */
  private transferLookup: TransferLookup | undefined;

  useTransferLookup(lookup: TransferLookup): void {
    this.transferLookup = lookup;
  }

  /**
   * `customer/devices` without a token (docs/decisions/042): only `isTransfer=true` with the device's
   * AP MAC and the pair key that transferred it, answered with that device and nothing of its owner's
   * (no place, label, telemetry); no match is an empty list. Any other query is 'token must exists'.
   */
  async listTransferred(
    q: { isTransfer?: string; mac?: string; pairkey?: string },
    requester: string,
  ): Promise<Device[]> {
    if (q.isTransfer !== 'true') throw new AppError('TOKEN_MISSING');
    if (!q.mac || !q.pairkey)
      throw new AppError(
        'VALIDATION',
        "Without a token, isTransfer=true needs mac and pairkey: the device's AP MAC and the pair key it was paired with.",
      );
    const row = await this.transferLookup?.(q.mac, q.pairkey, requester);
    if (!row) return [];
    // Only what the person configuring the device may know: no place, no values, as the owner sees it.
    return [
      toDto(
        {
          ...row,
          label: row.name,
          assetId: null,
          assetName: null,
          shareScope: null,
          isFavourite: false,
          configDisabled: false,
        },
        undefined,
      ),
    ];
  }

  /** A device's row changed behind this service's back (its place was deleted): drop caches. */
  forget(id: string): void {
    this.rows.delete(id);
    this.changed(id);
  }

  /**
   * `customer/devices`: by place or room (with its rooms when childAssetContains), profile, shared
   * only, or (isTransfer) the devices transferred to the caller by pairing and not yet set up.
   */
  async list(
    userId: string,
    q: {
      assetId?: string;
      childAssetContains?: string;
      profileId?: string;
      isTransfer?: string;
      sharedOnly?: string;
    },
  ): Promise<Device[]> {
    const { assets, clock, devices } = this.deps;
    let assetIds: string[] | undefined;
    if (q.assetId) {
      const asset = await assets.get(q.assetId);
      if (!asset || asset.ownerId !== userId) throw new AppError('NOT_FOUND', 'Place or room not found');
      assetIds = [asset.id];
      if (q.childAssetContains === 'true') {
        assetIds.push(
          ...(await assets.listForOwner(userId)).filter((a) => a.parentId === asset.id).map((a) => a.id),
        );
      }
    }
    const list = await devices.listVisible(userId, new Date(clock.now()), {
      ...(assetIds ? { assetIds } : {}),
      ...(q.profileId ? { profileId: q.profileId } : {}),
      sharedOnly: q.sharedOnly === 'true',
      awaitingSetup: q.isTransfer === 'true',
    });
    return this.dtos(list);
  }

  async favourites(userId: string): Promise<Device[]> {
    const { clock, devices } = this.deps;
    return this.dtos(await devices.listVisible(userId, new Date(clock.now()), { favouritesOnly: true }));
  }

  async setFavourite(userId: string, id: string, on: boolean): Promise<void> {
    const { devices } = this.deps;
    await this.access(userId, id);
    await devices.setFavourite(userId, id, on);
  }

  async rename(userId: string, id: string, label: string): Promise<Device> {
    const { devices } = this.deps;
    await this.owned(userId, id);
    await devices.rename(id, label);
    this.rows.delete(id);
    this.changed(id);
    return this.get(userId, id);
  }

  /** The owner deletes the device; a shared user only removes it from their own list. */
  async remove(userId: string, id: string): Promise<void> {
    const { devices, shares } = this.deps;
    const a = await this.access(userId, id);
    if (a.access === 'owner') await devices.remove(id);
    else await shares.leave(userId, id);
    this.rows.delete(id);
    this.grants.clear();
    this.changed(id);
  }

  /** Put the owner's devices in a place or room of theirs. */
  async move(userId: string, deviceIds: string[], assetId: string): Promise<void> {
    const { assets, devices } = this.deps;
    const asset = await assets.get(assetId);
    if (!asset || asset.ownerId !== userId) throw new AppError('NOT_FOUND', 'Place or room not found');
    for (const id of deviceIds) await this.owned(userId, id);
    for (const id of await devices.move(userId, deviceIds, assetId)) {
      this.rows.delete(id);
      this.changed(id);
    }
  }

  /** Take a device out of its room: it goes back to the default place. */
  async unassign(userId: string, deviceId: string, defaultPlaceId: string): Promise<void> {
    const { devices } = this.deps;
    await this.owned(userId, deviceId);
    await devices.move(userId, [deviceId], defaultPlaceId);
    this.rows.delete(deviceId);
    this.changed(deviceId);
  }

  /** Check the command against the catalogue, then send it to the device. */
  async rpc(userId: string, id: string, body: RpcBody, twoWay: boolean): Promise<RpcResult> {
    const { gateway, telemetry } = this.deps;
    const { row, access: level } = await this.access(userId, id);
    if (level === 'view') throw new AppError('VIEW_ONLY');
    let params = body.params;
    let timeoutMs = body.timeout ?? RPC_DEFAULT_TIMEOUT_MS;
    const check = rpcChecks.get(body.method);
    if (check) {
      const profile = getProfile(row.profileId);
      if (!profile) throw new AppError('VALIDATION', 'This device model is not known to the server');
      const known = (await telemetry.latestFor([id])).get(id) ?? new Map();
      const current = new Map<string, number | string>();
      for (const [key, [, value]] of known)
        current.set(key, typeof value === 'boolean' ? Number(value) : value);
      try {
        const checked = check(profile, body.params, current, body.timeout);
        // The catalogue's rules on the device's last known state; the device enforces them again.
        if (checked.write) enforce(profile, current, checked.write);
        params = checked.params;
        timeoutMs = checked.timeoutMs ?? timeoutMs;
      } catch (err) {
        if (err instanceof CatalogError) throw new AppError('VALIDATION', err.message);
        throw err;
      }
    }
    const latest = (await telemetry.latestFor([id])).get(id);
    // Firmware below the floor (7.15) takes no command, from a person, an automation or a schedule;
    // its firmware update (another route) stays open, so the owner can bring it up to date.
    if (belowFirmwareFloor(latest?.get('current_fw_version')?.[1])) throw new AppError('FIRMWARE_TOO_OLD');
    if (String(latest?.get('active')?.[1]) !== 'true') throw new AppError('DEVICE_OFFLINE');
    return gateway.rpc(id, { method: body.method, params }, { twoWay, timeoutMs });
  }
}
