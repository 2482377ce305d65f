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

export interface AssetDeps {
  assets: AssetRepository;
  devices: DeviceService;
}

/** Places and rooms. A user always has exactly one default place; deleting never loses a device. */
export class AssetService {
  constructor(private readonly deps: AssetDeps) {}

  private async mine(userId: string, id: string): Promise<AssetWithCount> {
    const { assets } = this.deps;
    const a = await assets.get(id);
    if (!a || a.ownerId !== userId) throw new AppError('NOT_FOUND', 'Place or room not found');
    return a;
  }

  /** The default place, made ("Home" in the user's language) when the user has none yet. */
  async defaultPlace(userId: string, language = 'en') {
    const { assets } = this.deps;
    const existing = await assets.defaultPlace(userId);
    if (existing) return existing;
    return assets.create({
      ownerId: userId,
      name: DEFAULT_PLACE_NAME[language] ?? 'Home',
      type: 'place',
      isDefault: true,
    });
  }

  private async all(userId: string, language?: string): Promise<AssetWithCount[]> {
    const { assets } = this.deps;
    await this.defaultPlace(userId, language);
    return assets.listForOwner(userId);
  }

  async tree(userId: string, language?: string): Promise<AssetTree[]> {
    const list = await this.all(userId, language);
    return list
      .filter((a) => a.parentId === null)
      .map((p) => ({ ...toAsset(p), children: list.filter((r) => r.parentId === p.id).map(toAsset) }));
  }

  async list(userId: string, q: { assetId?: string; assetName?: string }): Promise<Asset[]> {
    let list = await this.all(userId);
    if (q.assetId) {
      await this.mine(userId, q.assetId);
      list = list.filter((a) => a.parentId === q.assetId);
    }
    if (q.assetName) {
      const needle = q.assetName.toLocaleLowerCase();
      list = list.filter((a) => a.name.toLocaleLowerCase().includes(needle));
    }
    return list.map(toAsset);
  }

  async get(userId: string, id: string): Promise<Asset> {
    return toAsset(await this.mine(userId, id));
  }

  async add(
    userId: string,
    body: { name: string; parentId?: string | null; label?: string },
  ): Promise<Asset> {
    const { assets } = this.deps;
    if (body.parentId) {
      const parent = await this.mine(userId, body.parentId);
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
  }

  async edit(userId: string, body: { id: string; name: string; label?: string }): Promise<Asset> {
    const { assets } = this.deps;
    await this.mine(userId, body.id);
    await assets.update(body.id, {
      name: body.name,
      ...(body.label !== undefined ? { label: body.label } : {}),
    });
    return toAsset(await this.mine(userId, body.id));
  }

  /** Delete a place (and its rooms) or a room; its devices move to the default place. */
  async remove(userId: string, id: string): Promise<{ movedDevices: number; movedTo: string }> {
    const { assets, devices } = this.deps;
    const asset = await this.mine(userId, id);
    if (asset.isDefault)
      throw new AppError('VALIDATION', 'This is your default place. Make another place the default first.');
    const fallback = await this.defaultPlace(userId);
    const moved = await assets.deleteMovingDevices(asset, fallback.id);
    for (const deviceId of moved) devices.forget(deviceId);
    return { movedDevices: moved.length, movedTo: fallback.id };
  }

  async setDefault(userId: string, id: string): Promise<Asset> {
    const { assets } = this.deps;
    const asset = await this.mine(userId, id);
    if (asset.parentId !== null)
      throw new AppError('VALIDATION', 'Only a place can be the default, not a room.');
    await assets.setDefault(userId, id);
    return toAsset(await this.mine(userId, id));
  }
}
