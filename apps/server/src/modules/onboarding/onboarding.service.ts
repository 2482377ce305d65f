import { type ModelProfile, profiles } from '@hestia/catalog';
import {
  type ChangeOwner,
  type Device,
  type DeviceBrand,
  type DeviceProfileSummary,
  PAIR_KEY_WINDOW_SECONDS,
  type PairKey,
  type PairKeyFormat,
} from '@hestia/contract';
import type { Clock } from '../../core/clock.ts';
import { AppError } from '../../core/errors.ts';
import { type AttemptLimiter, RateLimitedError } from '../../core/rate-limiter.ts';
import type { AssetRepository } from '../asset/asset.repository.ts';
import type { DeviceRepository, DeviceRow } from '../device/device.repository.ts';
import type { DeviceService } from '../device/device.service.ts';
import { normalizeMac } from '../device/device-records.ts';
import type { PairKeyRepository } from './pair-key.repository.ts';
import { newOwnerKey, newPairKey, ownerKeyHash, pairKeyHash, pairKeyHashes } from './pair-key.ts';

/** Limits of the onboarding routes (docs/decisions/026). */
export interface OnboardingLimits {
  /** Pair keys a user may ask for. */
  pairKeys: AttemptLimiter;
  /** Change-owner requests a user may make without success (a wrong pair key counts). */
  changeOwner: AttemptLimiter;
  /** Anonymous transferred-device look-ups by an address with a key the device never had. */
  transferLookups: AttemptLimiter;
}

/** The asset module's default place of a user, made when they have none yet. */
export interface Places {
  defaultPlace(userId: string): Promise<{ id: string }>;
}

const wait = (what: string) => (ms: number) =>
  `Too many ${what}. Try again in ${Math.max(1, Math.ceil(ms / 60_000))} min.`;

const summary = (p: ModelProfile): DeviceProfileSummary => ({
  id: p.id,
  deviceType: p.deviceType,
  family: p.family,
  variant: p.variant,
  brand: p.brand,
  icon: p.icon,
  features: [...p.features],
  route: p.route.name,
});

/** A brand's name as shown until the app translates it: its id with a capital. */
const brandName = (id: string) => id.charAt(0).toUpperCase() + id.slice(1);

/**
 * Adding a device (issue 18, docs/decisions/026): pair keys bound to the user, the device and a place
 * for the 3-minute window; change of owner; the first set-up (post-config) that ends a transfer; the
 * catalogue's brands. The transfer itself happens when the device's claim carries the key
 * (ProvisioningService.claimFromDevice).
 */
export class OnboardingService {
  constructor(
    private readonly deps: {
      pairKeys: PairKeyRepository;
      devices: DeviceRepository;
      deviceService: DeviceService;
      assets: AssetRepository;
      places: Places;
      clock: Clock;
      limits: OnboardingLimits;
    },
  ) {}

  /** The device with this AP MAC, for a user about to pair it. */
  private async deviceByMac(input: string): Promise<DeviceRow> {
    const mac = normalizeMac(input);
    if (!mac) throw new AppError('VALIDATION', `mac: "${input}" is not a MAC address (AA:BB:CC:DD:EE:FF)`);
    const device = await this.deps.devices.byMac(mac);
    if (!device) throw new AppError('NOT_FOUND', 'No device has this MAC address.');
    if (device.configDisabled) throw new AppError('CONFIG_DISABLED');
    return device;
  }

  /** The place the device will go to: the one given (a place of the caller) or the default place. */
  private async placeFor(userId: string, assetId: string | undefined): Promise<string> {
    if (assetId === undefined) return (await this.deps.places.defaultPlace(userId)).id;
    const asset = await this.deps.assets.get(assetId);
    if (!asset || asset.ownerId !== userId)
      throw new AppError('FORBIDDEN', 'This place is not yours: choose one of your places.');
    if (asset.parentId !== null)
      throw new AppError('VALIDATION', 'assetId: choose a place; the room is chosen after the device joins.');
    return asset.id;
  }

  /** `GET devices/:mac/pairkey`: a new key for the caller and the device, replacing their unused one. */
  async pairKey(
    userId: string,
    mac: string,
    q: { assetId?: string | undefined; format?: PairKeyFormat | undefined },
  ): Promise<PairKey> {
    const { pairKeys, clock, limits } = this.deps;
    const taken = await limits.pairKeys.reserve(userId);
    if (!taken.ok) throw new RateLimitedError(taken.retryAfterMs, wait('pair keys')(taken.retryAfterMs));
    const device = await this.deviceByMac(mac);
    const placeId = await this.placeFor(userId, q.assetId);
    const format = q.format ?? 'alpha';
    const now = clock.now();
    // Two users pairing the same device at once hold different keys, so a claim names one of them.
    const live = await pairKeys.liveHashes(device.id, new Date(now));
    let key = newPairKey(format);
    for (let i = 0; i < 20 && live.has(pairKeyHash(device.id, key)); i++) key = newPairKey(format);
    if (live.has(pairKeyHash(device.id, key)))
      throw new AppError('CONFLICT', 'Too many people are adding this device now. Try again shortly.');
    const expiresAt = new Date(now + PAIR_KEY_WINDOW_SECONDS * 1000);
    await pairKeys.replace({
      keyHash: pairKeyHash(device.id, key),
      userId,
      placeId,
      deviceId: device.id,
      format,
      expiresAt,
    });
    return {
      pairkey: key,
      expiresAt: expiresAt.toISOString(),
      windowSeconds: PAIR_KEY_WINDOW_SECONDS,
      deviceProfileId: device.profileId,
      ownedByOther: device.ownerId !== null && device.ownerId !== userId,
    };
  }

  /**
   * `POST devices/:mac/change-owner`: for a device another user owns, an owner key bound to the
   * caller's live pair key; the device's claim must carry both to move to the caller.
   */
  async changeOwner(userId: string, mac: string, pairkey: string): Promise<ChangeOwner> {
    const { pairKeys, clock, limits } = this.deps;
    const taken = await limits.changeOwner.reserve(userId);
    if (!taken.ok)
      throw new RateLimitedError(taken.retryAfterMs, wait('change-owner attempts')(taken.retryAfterMs));
    const device = await this.deviceByMac(mac);
    const key = await pairKeys.live(
      userId,
      device.id,
      pairKeyHashes(device.id, pairkey),
      new Date(clock.now()),
    );
    if (!key) throw new AppError('PAIR_KEY_NOT_LIVE');
    if (device.ownerId === null || device.ownerId === userId) throw new AppError('NOT_OWNED_BY_OTHER');
    const ownerKey = newOwnerKey();
    await pairKeys.setOwnerKey(key.id, ownerKeyHash(ownerKey));
    await limits.changeOwner.refund(userId);
    return { deviceId: device.id, ownerKey };
  }

  /**
   * `POST devices/:id/post-config`: the owner names the device and puts it in a place or room of
   * theirs; in the same transaction its transfer ends (it leaves `isTransfer=true`).
   */
  async postConfig(
    userId: string,
    deviceId: string,
    body: { label: string; assetId: string },
  ): Promise<Device> {
    const { pairKeys, deviceService, assets, clock } = this.deps;
    await deviceService.owned(userId, deviceId);
    const asset = await assets.get(body.assetId);
    if (!asset || asset.ownerId !== userId) throw new AppError('NOT_FOUND', 'Place or room not found');
    const done = await pairKeys.finishSetup({
      deviceId,
      userId,
      label: body.label,
      assetId: asset.id,
      now: new Date(clock.now()),
    });
    if (!done) throw new AppError('NOT_FOUND', 'Device not found');
    deviceService.forget(deviceId);
    return deviceService.get(userId, deviceId);
  }

  /**
   * `PUT devices/:id/reconfiguration`: the owner refuses (or allows again) adding the device anew;
   * while refused, pair keys and claims of it are refused with the spec's message.
   */
  async setReconfiguration(userId: string, deviceId: string, disabled: boolean): Promise<Device> {
    const { pairKeys, deviceService } = this.deps;
    await deviceService.owned(userId, deviceId);
    if (!(await pairKeys.setConfigDisabled(deviceId, userId, disabled)))
      throw new AppError('NOT_FOUND', 'Device not found');
    deviceService.forget(deviceId);
    return deviceService.get(userId, deviceId);
  }

  /**
   * `customer/devices?isTransfer=true` without a token (spec section 6: the transferred device
   * listing is anonymous; docs/decisions/042): the device with this AP MAC when the pair key given
   * is the one that transferred it, the transfer is not finished (no post-config yet) and at most
   * PAIR_KEY_WINDOW_SECONDS old. A key the device never had counts against the address; the app's
   * own polling with its key (before the claim too) does not.
   */
  async transferredByKey(mac: string, pairkey: string, requester: string): Promise<DeviceRow | undefined> {
    const { pairKeys, devices, clock, limits } = this.deps;
    const normal = normalizeMac(mac);
    if (!normal) throw new AppError('VALIDATION', `mac: "${mac}" is not a MAC address (AA:BB:CC:DD:EE:FF)`);
    const taken = await limits.transferLookups.reserve(requester);
    if (!taken.ok)
      throw new RateLimitedError(taken.retryAfterMs, wait('wrong pair keys')(taken.retryAfterMs));
    const device = await devices.byMac(normal);
    const key = device ? await pairKeys.byHashes(device.id, pairKeyHashes(device.id, pairkey)) : undefined;
    if (!device || !key) return undefined;
    await limits.transferLookups.refund(requester);
    const fresh = key.usedAt !== null && clock.now() - key.usedAt.getTime() <= PAIR_KEY_WINDOW_SECONDS * 1000;
    if (!fresh || key.configuredAt !== null || device.ownerId !== key.userId) return undefined;
    return device;
  }

  /** `GET device-brands`: the catalogue's brands (`generic` included) and their models. */
  brands(): DeviceBrand[] {
    const byBrand = new Map<string, string[]>();
    for (const p of profiles) byBrand.set(p.brand, [...(byBrand.get(p.brand) ?? []), p.id]);
    return [...byBrand].map(([id, profileIds]) => ({ id, name: brandName(id), profileIds }));
  }

  /** `GET device-brands/:brandId/models`: the brand's models as `deviceProfiles` lists them. */
  brandModels(brandId: string): DeviceProfileSummary[] {
    const list = profiles.filter((p) => p.brand === brandId);
    if (list.length === 0) throw new AppError('NOT_FOUND', 'Brand not found');
    return list.map(summary);
  }
}
