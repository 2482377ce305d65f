import { randomBytes } from 'node:crypto';
import type { Share, ShareStatus } from '@hestia/contract';
import type { Clock } from '../../core/clock.ts';
import { AppError } from '../../core/errors.ts';
import type { LiveBus } from '../../core/live-bus.ts';
import { type GuessLimits, requesterOf, reserveAll } from '../../core/rate-limiter.ts';
import { sha256 } from '../account/auth.service.ts';
import { mask } from '../account/codes.service.ts';
import type { DeviceService } from '../device/device.service.ts';
import type { ShareRepository, ShareRow, ShareWithNames } from './share.repository.ts';

/** An invitation (link or QR code) can be accepted for a day. */
const TOKEN_TTL_MS = 24 * 3600_000;

export function shareStatus(s: ShareRow, now: number): ShareStatus {
  if (s.deletedAt) return 'deleted';
  if (!s.userId) return s.tokenExpiresAt.getTime() <= now ? 'expired' : 'pending';
  return s.expiresAt && s.expiresAt.getTime() <= now ? 'expired' : 'active';
}

function toShare(s: ShareWithNames, now: number): Share {
  const u = s.user;
  return {
    id: s.id,
    deviceId: s.deviceId,
    deviceLabel: s.deviceLabel,
    scope: s.scope,
    status: shareStatus(s, now),
    user: u && {
      id: u.id,
      name: `${u.firstName} ${u.lastName}`.trim(),
      username: u.email
        ? mask({ kind: 'email', value: u.email })
        : u.mobile
          ? mask({ kind: 'mobile', value: u.mobile })
          : '',
    },
    requestDate: s.requestedAt.toISOString(),
    activationDate: s.activatedAt?.toISOString() ?? null,
    expirationDate: (s.userId ? s.expiresAt : s.tokenExpiresAt)?.toISOString() ?? null,
    deleteDate: s.deletedAt?.toISOString() ?? null,
  };
}

export interface ShareDeps {
  shares: ShareRepository;
  devices: DeviceService;
  bus: LiveBus;
  clock: Clock;
  limits: GuessLimits;
  /** Told when a share is accepted or ended (the notification module); never fails the call. */
  onShare?:
    | ((e: { deviceId: string; event: 'accepted' | 'ended'; tell: string }) => Promise<void>)
    | undefined;
  log?: { warn(o: unknown, m: string): void };
}

/** Sharing: only the owner shares, by a one-time token; scope and expiry hold on every route and socket. */
export class ShareService {
  constructor(private readonly deps: ShareDeps) {}

  private told(e: { deviceId: string; event: 'accepted' | 'ended'; tell: string }): void {
    this.deps.onShare?.(e).catch((err: unknown) => this.deps.log?.warn({ err }, 'share notification failed'));
  }

  private async ownerOnly(userId: string, deviceId: string) {
    const { devices } = this.deps;
    const a = await devices.access(userId, deviceId);
    if (a.access !== 'owner') throw new AppError('SHARING_NOT_ALLOWED');
    return a.row;
  }

  private futureDate(iso: string | null | undefined): Date | null {
    const { clock } = this.deps;
    if (!iso) return null;
    const d = new Date(iso);
    if (d.getTime() <= clock.now())
      throw new AppError('VALIDATION', 'expiresAt: The end of the share must be in the future');
    return d;
  }

  private async listed(ownerId: string, id: string): Promise<Share> {
    const { clock, shares } = this.deps;
    const found = (await shares.listForOwner(ownerId)).find((s) => s.id === id);
    if (!found) throw new AppError('NOT_FOUND', 'Share not found');
    return toShare(found, clock.now());
  }

  async create(
    userId: string,
    deviceId: string,
    body: { scope: 'control' | 'view'; expiresAt?: string | null | undefined },
  ) {
    const { clock, shares } = this.deps;
    const device = await this.ownerOnly(userId, deviceId);
    const token = randomBytes(24).toString('base64url');
    const tokenExpiresAt = new Date(clock.now() + TOKEN_TTL_MS);
    const row = await shares.create({
      deviceId: device.id,
      ownerId: userId,
      tokenHash: sha256(token),
      tokenExpiresAt,
      scope: body.scope,
      expiresAt: this.futureDate(body.expiresAt),
    });
    return {
      ...(await this.listed(userId, row.id)),
      token,
      link: `/share/${token}`,
      tokenExpiresAt: tokenExpiresAt.toISOString(),
    };
  }

  async update(
    userId: string,
    deviceId: string,
    shareId: string,
    body: { scope?: 'control' | 'view'; expiresAt?: string | null },
  ) {
    const { bus, shares } = this.deps;
    await this.ownerOnly(userId, deviceId);
    const share = await shares.get(shareId);
    if (!share || share.deviceId !== deviceId || share.deletedAt)
      throw new AppError('NOT_FOUND', 'Share not found');
    await shares.update(shareId, {
      ...(body.scope ? { scope: body.scope } : {}),
      ...(body.expiresAt !== undefined ? { expiresAt: this.futureDate(body.expiresAt) } : {}),
    });
    bus.publishAccessChanged(deviceId);
    return this.listed(userId, shareId);
  }

  async remove(userId: string, deviceId: string, shareId: string): Promise<void> {
    const { bus, clock, shares } = this.deps;
    await this.ownerOnly(userId, deviceId);
    const share = await shares.get(shareId);
    if (!share || share.deviceId !== deviceId) throw new AppError('NOT_FOUND', 'Share not found');
    if (!share.deletedAt) {
      await shares.update(shareId, { deletedAt: new Date(clock.now()) });
      if (share.userId) this.told({ deviceId, event: 'ended', tell: share.userId });
    }
    bus.publishAccessChanged(deviceId);
  }

  async list(userId: string, deviceId?: string): Promise<Share[]> {
    const { clock, shares } = this.deps;
    if (deviceId) await this.ownerOnly(userId, deviceId);
    const now = clock.now();
    return (await shares.listForOwner(userId, deviceId)).map((s) => toShare(s, now));
  }

  /** Accept a share link. Single use: the first user to accept it holds it. */
  async finalize(userId: string, token: string, ip: string) {
    const { bus, clock, limits, shares } = this.deps;
    // Taken before the look-up, so parallel guesses each count; an accepted link gives it back.
    const taken = await reserveAll([[limits.shareLink, `${userId}|${requesterOf(ip)}`]]);
    const share = await shares.byTokenHash(sha256(token));
    const invalid = () => new AppError('NOT_FOUND', 'This share link is not valid or has expired.');
    if (!share || share.deletedAt) throw invalid();
    await taken.refund();
    if (share.userId === userId) return { deviceId: share.deviceId, scope: share.scope };
    if (share.userId || share.tokenExpiresAt.getTime() <= clock.now()) throw invalid();
    if (share.ownerId === userId) throw new AppError('VALIDATION', 'This device is already yours.');
    if (!(await shares.activate(share, userId))) throw invalid();
    bus.publishAccessChanged(share.deviceId);
    this.told({ deviceId: share.deviceId, event: 'accepted', tell: share.ownerId });
    return { deviceId: share.deviceId, scope: share.scope };
  }
}
