import type { Asset, AssetTree } from '@hestia/contract';
import { AppError } from '../../core/errors.ts';
import type { DeviceService } from '../device/device.service.ts';
import type { AssetRepository, AssetWithCount } from './asset.repository.ts';

const DEFAULT_PLACE_NAME: Record<string, string> = { en: 'Home', fa: 'خانه', ar: 'المنزل', tr: 'Ev' };

export function toAsset(a: AssetWithCount): Asset {
  return {
    id: a.id,
    name: a.name,
    type: a.parentId === null ? 'place' : 'room',
    label: a.label,
    customerId: a.ownerId,
    ownerId: a.ownerId,
    parentId: a.parentId,
    creationDateTime: a.createdAt.toISOString(),
    isDefault: a.isDefault,
    deviceCount: a.deviceCount,
  };
}

/** Places and rooms. A user always has exactly one default place; deleting never loses a device. */
export function assetService(deps: { assets: AssetRepository; devices: DeviceService }) {
  const { assets, devices } = deps;

  async function mine(userId: string, id: string): Promise<AssetWithCount> {
    const a = await assets.get(id);
    if (!a || a.ownerId !== userId) throw new AppError('NOT_FOUND', 'Place or room not found');
    return a;
  }

  /** The default place, made ("Home" in the user's language) when the user has none yet. */
  async function defaultPlace(userId: string, language = 'en') {
    const existing = await assets.defaultPlace(userId);
    if (existing) return existing;
    return assets.create({
      ownerId: userId,
      name: DEFAULT_PLACE_NAME[language] ?? 'Home',
      type: 'place',
      isDefault: true,
    });
  }

  async function all(userId: string, language?: string): Promise<AssetWithCount[]> {
    await defaultPlace(userId, language);
    return assets.listForOwner(userId);
  }

  return {
    defaultPlace,

    async tree(userId: string, language?: string): Promise<AssetTree[]> {
      const list = await all(userId, language);
      return list
        .filter((a) => a.parentId === null)
        .map((p) => ({ ...toAsset(p), children: list.filter((r) => r.parentId === p.id).map(toAsset) }));
    },

    async list(userId: string, q: { assetId?: string; assetName?: string }): Promise<Asset[]> {
      let list = await all(userId);
      if (q.assetId) {
        await mine(userId, q.assetId);
        list = list.filter((a) => a.parentId === q.assetId);
      }
      if (q.assetName) {
        const needle = q.assetName.toLocaleLowerCase();
        list = list.filter((a) => a.name.toLocaleLowerCase().includes(needle));
      }
      return list.map(toAsset);
    },

    async get(userId: string, id: string): Promise<Asset> {
      return toAsset(await mine(userId, id));
    },

    async add(
      userId: string,
      body: { name: string; parentId?: string | null; label?: string },
    ): Promise<Asset> {
      if (body.parentId) {
        const parent = await mine(userId, body.parentId);
        if (parent.parentId !== null)
          throw new AppError('VALIDATION', 'A room belongs to a place, not to another room.');
      }
      const hasDefault = (await assets.defaultPlace(userId)) !== undefined;
      const created = await assets.create({
        ownerId: userId,
        name: body.name,
        label: body.label ?? '',
        parentId: body.parentId ?? null,
        type: body.parentId ? 'room' : 'place',
        isDefault: !body.parentId && !hasDefault,
      });
      return toAsset({ ...created, deviceCount: 0 });
    },

    async edit(userId: string, body: { id: string; name: string; label?: string }): Promise<Asset> {
      await mine(userId, body.id);
      await assets.update(body.id, {
        name: body.name,
        ...(body.label !== undefined ? { label: body.label } : {}),
      });
      return toAsset(await mine(userId, body.id));
    },

    /** Delete a place (and its rooms) or a room; its devices move to the default place. */
    async remove(userId: string, id: string): Promise<{ movedDevices: number; movedTo: string }> {
      const asset = await mine(userId, id);
      if (asset.isDefault)
        throw new AppError('VALIDATION', 'This is your default place. Make another place the default first.');
      const fallback = await defaultPlace(userId);
      const moved = await assets.deleteMovingDevices(asset, fallback.id);
      for (const deviceId of moved) devices.forget(deviceId);
      return { movedDevices: moved.length, movedTo: fallback.id };
    },

    async setDefault(userId: string, id: string): Promise<Asset> {
      const asset = await mine(userId, id);
      if (asset.parentId !== null)
        throw new AppError('VALIDATION', 'Only a place can be the default, not a room.');
      await assets.setDefault(userId, id);
      return toAsset(await mine(userId, id));
    },
  };
}

export type AssetService = ReturnType<typeof assetService>;
