import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { getProfile } from '@hestia/catalog';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../core/clock.ts';
import { AppError } from '../../core/errors.ts';
import { AttemptLimiter, type AttemptStore, reserveAll } from '../../core/rate-limiter.ts';
import { newAccessToken } from '../../seed/demo.ts';
import type { AssetRepository } from '../asset/asset.repository.ts';
import type { DeviceRepository, DeviceRow } from '../device/device.repository.ts';
import { normalizeMac, tokenProblem } from '../device/device-records.ts';
import type { PairKeyRepository } from '../onboarding/pair-key.repository.ts';
import { ownerKeyHash, pairKeyHashes } from '../onboarding/pair-key.ts';
import type { ProvisioningRepository } from './provisioning.repository.ts';

/**
 * ThingsBoard device provisioning and claiming (docs/decisions/020).
 *
 * Provisioning: a client connected with the user name `provision` publishes
 * `{deviceName, provisionDeviceKey, provisionDeviceSecret[, credentialsType, token]}` on
 * `/provision/request`; the answer goes to `/provision/response`. Hestia names a device by its AP
 * MAC. A device the factory batch imported is found by its MAC (ThingsBoard's "check pre-provisioned
 * devices"); an unknown MAC creates a new device without an owner, of the key's model ("allow create
 * new devices"). Either way a device is provisioned once.
 *
 * Claiming: a connected device publishes `{secretKey, durationMs}` on `v1/devices/me/claim`; a user
 * who then sends the device's MAC and that secret before the claim ends becomes its owner.
 */

/** ThingsBoard's answers to a provisioning request that is refused. */
const NOT_FOUND = { status: 'NOT_FOUND', errorMsg: 'Provision data was not found!' } as const;
const FAILURE = { status: 'FAILURE', errorMsg: 'Failed to provision device!' } as const;

/** A claim message without `durationMs` stays open this long. */
export const DEFAULT_CLAIM_MS = 60 * 60_000;
/** The longest claim window a device may ask for. */
export const MAX_CLAIM_MS = 7 * 24 * 60 * 60_000;
/** Longest secret key a device may send (ThingsBoard's claim form takes 255 characters). */
const MAX_SECRET_LENGTH = 255;
/** Longest provisioning request read (a real one is a few hundred bytes). */
const MAX_PROVISION_PAYLOAD = 4096;
/** A device's bad claim messages are logged at most once in this time. */
const BAD_CLAIM_LOG_EVERY_MS = 60_000;
/**
 * A claim whose secret is no pair key of the device still counts as a wrong pair key when someone
 * asked for a key of the device this recently and has not used it (docs/decisions/026).
 */
const PAIRING_RECENT_MS = 60 * 60_000;

export type ClaimResponse = 'SUCCESS' | 'CLAIMED' | 'FAILURE';

export interface ClaimResult {
  response: ClaimResponse;
  /** The device, on SUCCESS and when the caller already owns it (CLAIMED). */
  device?: DeviceRow;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest();

/** Equal texts, compared in time that does not depend on where they differ. */
export function sameSecret(a: string, b: string): boolean {
  return timingSafeEqual(sha256(a), sha256(b));
}

/** Whether a database error is a unique violation (a MAC or token some other device took). */
function isUniqueViolation(err: unknown): boolean {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, i = 0; e && i < 5; i++) {
    if (e.code === '23505') return true;
    e = e.cause as typeof e;
  }
  return false;
}

/** A provisioning key or secret: 20 random characters, as ThingsBoard makes them. */
export const newProvisionCredential = () =>
  randomBytes(15).toString('base64url').replace(/[-_]/g, 'x').toLowerCase().slice(0, 20);

/** Wrong claims: per user (guessing many devices), and per device from everyone (guessing one). */
export function claimLimits(store: AttemptStore) {
  const MINUTE = 60_000;
  return {
    claimUser: new AttemptLimiter(store, { name: 'claim-user', limit: 10, windowMs: 15 * MINUTE }),
    claimDevice: new AttemptLimiter(store, { name: 'claim-device', limit: 20, windowMs: 60 * MINUTE }),
  };
}

export type ClaimLimits = { claimUser: AttemptLimiter; claimDevice: AttemptLimiter };

export interface ProvisioningDeps {
  devices: DeviceRepository;
  provisioning: ProvisioningRepository;
  assets: AssetRepository;
  /** Drops the device service's cached row of a device whose owner changed. */
  forget: (deviceId: string) => void;
  clock: Clock;
  log: FastifyBaseLogger;
  /** Wrong claims per user, and per device from everyone. */
  limits: ClaimLimits;
  /** Pair keys users asked for (issue 18): a device's claim carrying one transfers it. */
  pairKeys: PairKeyRepository;
}

export class ProvisioningService {
  private readonly badClaimLogged = new Map<string, number>();

  constructor(private readonly deps: ProvisioningDeps) {}

  /** A bad claim message, logged once a minute per device at most, never with its content. */
  private badClaim(deviceId: string, why: string): void {
    const now = this.deps.clock.now();
    const last = this.badClaimLogged.get(deviceId);
    if (last !== undefined && now - last < BAD_CLAIM_LOG_EVERY_MS) return;
    if (this.badClaimLogged.size > 10_000)
      for (const [id, at] of this.badClaimLogged)
        if (now - at >= BAD_CLAIM_LOG_EVERY_MS) this.badClaimLogged.delete(id);
    this.badClaimLogged.set(deviceId, now);
    this.deps.log.warn({ deviceId }, `claim message ignored: ${why}`);
  }

  private async provisionParsed(request: Record<string, unknown>): Promise<Record<string, unknown>> {
    const { provisionDeviceKey: key, provisionDeviceSecret: secret } = request;
    if (typeof key !== 'string' || typeof secret !== 'string' || key === '' || secret === '')
      return NOT_FOUND;
    const keyRow = await this.deps.provisioning.byKey(key);
    // An unknown key and a wrong secret get the same answer, as in ThingsBoard.
    if (!keyRow || !sameSecret(secret, keyRow.provisionSecret)) return NOT_FOUND;

    const mac = typeof request.deviceName === 'string' ? normalizeMac(request.deviceName) : undefined;
    if (!mac) return FAILURE;
    const type = request.credentialsType;
    if (type !== undefined && type !== 'ACCESS_TOKEN') return FAILURE;
    let token: string | undefined;
    if (request.token !== undefined && request.token !== null && request.token !== '') {
      if (typeof request.token !== 'string' || tokenProblem(request.token)) return FAILURE;
      token = request.token;
    }

    const now = new Date(this.deps.clock.now());
    const existing = await this.deps.devices.byMac(mac);
    if (existing) {
      // Pre-created by the operator: only a device of the key's model, and only once.
      const row = await this.deps.devices.markProvisioned(existing.id, keyRow.profileId, now, token);
      if (!row) return FAILURE;
      this.deps.forget(row.id);
      return { status: 'SUCCESS', credentialsType: 'ACCESS_TOKEN', credentialsValue: row.accessToken };
    }
    const row = await this.deps.devices.create({
      ownerId: null,
      name: mac,
      label: mac,
      mac,
      profileId: keyRow.profileId,
      accessToken: token ?? newAccessToken(),
      provisionedAt: now,
    });
    return { status: 'SUCCESS', credentialsType: 'ACCESS_TOKEN', credentialsValue: row.accessToken };
  }

  /**
   * A claim message checked against the device's pair keys (docs/decisions/026). Not handled (false)
   * when the secret is no pair key of the device and nobody is pairing it: the ThingsBoard claim then
   * opens as before. Otherwise handled: a live, unused key of the user who asked for it transfers the
   * device to them and their place in one transaction (for a device someone else owns, only with the
   * owner key change-owner gave that user); a wrong, ended or used key, or a wrong owner key, is
   * refused and counted against the device's claim limit, which refuses every key once reached.
   */
  private async claimWithPairKey(deviceId: string, secret: string, ownerKey: unknown): Promise<boolean> {
    const now = this.deps.clock.now();
    const { match, pairing } = await this.deps.pairKeys.claimLookup(
      deviceId,
      pairKeyHashes(deviceId, secret),
      new Date(now - PAIRING_RECENT_MS),
    );
    if (!pairing) return false;
    const device = await this.deps.devices.get(deviceId);
    if (!device) return false;
    const counter = device.mac ?? deviceId;
    const reservation = await this.deps.limits.claimDevice.reserve(counter);
    if (!reservation.ok) {
      this.badClaim(deviceId, 'too many claims; pair keys are refused for now');
      return true;
    }
    if (!match || match.usedAt !== null || match.expiresAt.getTime() <= now) {
      this.badClaim(deviceId, 'pair key wrong, ended or already used');
      return true;
    }
    if (device.configDisabled) {
      this.badClaim(deviceId, 'reconfiguration is disabled by the owner');
      return true;
    }
    if (device.ownerId !== null && device.ownerId !== match.userId) {
      const given = typeof ownerKey === 'string' && ownerKey !== '' ? ownerKeyHash(ownerKey) : undefined;
      if (
        !given ||
        !match.ownerKeyHash ||
        !timingSafeEqual(Buffer.from(given, 'hex'), Buffer.from(match.ownerKeyHash, 'hex'))
      ) {
        this.badClaim(deviceId, 'the device has an owner and the owner key is missing or wrong');
        return true;
      }
    }
    const placeId = match.placeId ?? (await this.deps.assets.defaultPlace(match.userId))?.id ?? null;
    const moved = await this.deps.pairKeys.transfer({
      key: match,
      from: device.ownerId,
      placeId,
      now: new Date(now),
    });
    if (!moved) {
      this.badClaim(deviceId, 'the pair key was used or the device changed owner meanwhile');
      return true;
    }
    await this.deps.limits.claimDevice.refund(counter);
    this.deps.forget(deviceId);
    return true;
  }

  /**
   * The answer to one provisioning request's payload, to publish on `/provision/response`. Never
   * throws: bad input and database trouble answer FAILURE (or NOT_FOUND for the credentials).
   */
  async provision(payload: string): Promise<Record<string, unknown>> {
    try {
      if (payload.length > MAX_PROVISION_PAYLOAD) return FAILURE;
      let request: unknown;
      try {
        request = JSON.parse(payload);
      } catch {
        return FAILURE;
      }
      if (request === null || typeof request !== 'object' || Array.isArray(request)) return FAILURE;
      return await this.provisionParsed(request as Record<string, unknown>);
    } catch (err) {
      // A MAC or token another request took at the same moment; anything else is logged.
      if (!isUniqueViolation(err)) this.deps.log.error({ err }, 'provisioning request failed');
      return FAILURE;
    }
  }

  /**
   * A device's claim message (`v1/devices/me/claim`): `{secretKey, durationMs, ownerKey?}`. A secret
   * that is a pair key of the device, or any secret while someone is pairing it, goes to the pair
   * keys (claimWithPairKey). Otherwise it opens (or replaces) the device's claim, its secret kept as
   * a SHA-256 hash. A message without a usable secret key is ignored. Never throws.
   */
  async claimFromDevice(deviceId: string, payload: string): Promise<void> {
    let msg: unknown;
    try {
      msg = JSON.parse(payload);
    } catch {
      return this.badClaim(deviceId, 'not JSON');
    }
    if (msg === null || typeof msg !== 'object' || Array.isArray(msg))
      return this.badClaim(deviceId, 'not an object');
    const { secretKey, durationMs, ownerKey } = msg as Record<string, unknown>;
    if (typeof secretKey !== 'string' || secretKey === '' || secretKey.length > MAX_SECRET_LENGTH)
      return this.badClaim(deviceId, `secretKey must be text of 1 to ${MAX_SECRET_LENGTH} characters`);
    try {
      if (await this.claimWithPairKey(deviceId, secretKey, ownerKey)) return;
    } catch (err) {
      this.deps.log.error({ err, deviceId }, 'pair key claim failed');
      return;
    }
    let duration = DEFAULT_CLAIM_MS;
    if (durationMs !== undefined && durationMs !== null) {
      if (typeof durationMs !== 'number' || !Number.isInteger(durationMs) || durationMs <= 0)
        return this.badClaim(deviceId, 'durationMs must be a positive whole number');
      duration = Math.min(durationMs, MAX_CLAIM_MS);
    }
    try {
      await this.deps.provisioning.openClaim(
        deviceId,
        sha256(secretKey).toString('hex'),
        new Date(this.deps.clock.now() + duration),
      );
    } catch (err) {
      this.deps.log.error({ err, deviceId }, 'claim message could not be stored');
    }
  }

  /**
   * A user claims the device named by its MAC with the secret key the device sent. SUCCESS makes
   * the caller the owner (in their default place); CLAIMED when the secret is right but the device
   * already has an owner (the caller, when they claim again); FAILURE for an unknown device, no open
   * claim, an ended claim or a wrong secret (one answer for all, so MACs cannot be probed). Wrong
   * claims are limited per user and per device (429).
   */
  async claimByUser(userId: string, deviceName: string, secretKey: string): Promise<ClaimResult> {
    const mac = normalizeMac(deviceName) ?? deviceName.trim().toUpperCase();
    // Taken before the look-up, so parallel guesses each count; a right secret gives them back.
    const wait = (ms: number) =>
      `Too many claim attempts. Try again in ${Math.max(1, Math.ceil(ms / 60_000))} min.`;
    const taken = await reserveAll([
      [this.deps.limits.claimUser, userId, wait],
      [this.deps.limits.claimDevice, mac, wait],
    ]);

    const device = normalizeMac(deviceName) ? await this.deps.devices.byMac(mac) : undefined;
    const claim = device && (await this.deps.provisioning.claimOf(device.id));
    const hash = sha256(secretKey);
    if (
      !device ||
      !claim ||
      claim.expiresAt.getTime() <= this.deps.clock.now() ||
      !timingSafeEqual(hash, Buffer.from(claim.secretHash, 'hex'))
    )
      return { response: 'FAILURE' };
    await taken.refund();
    if (device.ownerId !== null)
      return device.ownerId === userId ? { response: 'CLAIMED', device } : { response: 'CLAIMED' };
    const place = await this.deps.assets.defaultPlace(userId);
    const owned = await this.deps.devices.takeOwnership(device.id, userId, place?.id ?? null);
    // Someone else's claim won the race between the read and the update.
    if (!owned) return { response: 'CLAIMED' };
    await this.deps.provisioning.closeClaim(device.id);
    this.deps.forget(device.id);
    return { response: 'SUCCESS', device: owned };
  }

  /** The model's provisioning key and secret, made on the first call and the same ever after. */
  async keysFor(profileId: string): Promise<{ provisionDeviceKey: string; provisionDeviceSecret: string }> {
    if (!getProfile(profileId)) throw new AppError('VALIDATION', `Unknown model "${profileId}"`);
    const row = await this.deps.provisioning.keyFor(profileId, () => ({
      provisionKey: newProvisionCredential(),
      provisionSecret: newProvisionCredential(),
    }));
    return { provisionDeviceKey: row.provisionKey, provisionDeviceSecret: row.provisionSecret };
  }
}
