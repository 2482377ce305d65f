import { buildWrite, CatalogError, getProfile } from '@hestia/catalog';
import { type Device, RPC_DEFAULT_TIMEOUT_MS, type RpcBody, type RpcResult } from '@hestia/contract';
import { AppError } from '../errors.ts';
import type { Gateway } from '../gateway/gateway.ts';
import type { DeviceRepository, DeviceWithAsset } from '../repositories/device.repository.ts';
import type { Clock } from './clock.ts';
import type { LatestValues, TelemetryService } from './telemetry.service.ts';
import { TtlCache } from './ttl-cache.ts';

function toDto(row: DeviceWithAsset, latest: LatestValues | undefined, viewerId: string): Device {
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
    isSharedDevice: row.ownerId !== viewerId,
    isFavourite: false,
    deviceData,
    deviceRawData,
  };
}

export function deviceService(deps: {
  devices: DeviceRepository;
  telemetry: TelemetryService;
  gateway: Gateway;
  clock: Clock;
}) {
  const { devices, telemetry, gateway, clock } = deps;
  // Device rows read on every toggle; any change of owner, place or profile must delete the entry.
  const rows = new TtlCache<string, DeviceWithAsset>(5000, 50_000, clock);

  /** The device when `userId` may see it. Strangers get 404, so ids do not leak. */
  async function accessible(userId: string, id: string): Promise<DeviceWithAsset> {
    const row = await rows.getOrLoad(id, () => devices.get(id));
    if (!row || row.ownerId !== userId) throw new AppError('NOT_FOUND', 'Device not found');
    return row;
  }

  return {
    accessible,

    async list(userId: string, filter: { assetId?: string; profileId?: string }): Promise<Device[]> {
      const rows = await devices.listForUser(userId, filter);
      const latest = await telemetry.latestFor(rows.map((r) => r.id));
      return rows.map((r) => toDto(r, latest.get(r.id), userId));
    },

    async get(userId: string, id: string): Promise<Device> {
      const row = await accessible(userId, id);
      const latest = await telemetry.latestFor([id]);
      return toDto(row, latest.get(id), userId);
    },

    /** Check the command against the catalogue, then send it to the device. */
    async rpc(userId: string, id: string, body: RpcBody, twoWay: boolean): Promise<RpcResult> {
      const row = await accessible(userId, id);
      let params = body.params;
      if (body.method === 'write') {
        const profile = getProfile(row.profileId);
        if (!profile) throw new AppError('VALIDATION', 'This device model is not known to the server');
        try {
          params = buildWrite(profile, body.params);
        } catch (err) {
          if (err instanceof CatalogError) throw new AppError('VALIDATION', err.message);
          throw err;
        }
      }
      const latest = await telemetry.latestFor([id]);
      if (String(latest.get(id)?.get('active')?.[1]) !== 'true') throw new AppError('DEVICE_OFFLINE');
      return gateway.rpc(
        id,
        { method: body.method, params },
        { twoWay, timeoutMs: body.timeout ?? RPC_DEFAULT_TIMEOUT_MS },
      );
    },
  };
}

export type DeviceService = ReturnType<typeof deviceService>;
