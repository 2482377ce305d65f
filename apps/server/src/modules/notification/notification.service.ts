import { getProfile } from '@hestia/catalog';
import {
  DEVICE_NOTIFICATION_KINDS,
  type DeviceNotificationKind,
  type NotificationData,
  type NotificationDetails,
  type NotificationKind,
  type NotificationSettings,
  webPushSubscriptionSchema,
} from '@hestia/contract';
import type { Clock } from '../../core/clock.ts';
import { AppError } from '../../core/errors.ts';
import { kindsOf } from './device-events.ts';
import type { NotificationRepository, NotificationRow } from './notification.repository.ts';
import { asLanguage, notificationText } from './notification-texts.ts';
import type { WebPushSender } from './web-push.ts';

/** A device as this module reads it (the device repository fits). */
export interface NotifiedDevice {
  id: string;
  ownerId: string | null;
  label: string;
  name: string;
  profileId: string;
}

export interface NotificationDeps {
  repo: NotificationRepository;
  push: WebPushSender;
  /** The caller's access to a device: 'owner', a share's scope, or a 404 for strangers (DeviceService). */
  access(userId: string, deviceId: string): Promise<{ access: string }>;
  device(id: string): Promise<NotifiedDevice | undefined>;
  clock: Clock;
  log: { warn(o: unknown, m: string): void };
}

/** The same event of one device notifies at most once in this long (a door opened and closed ten times). */
const REPEAT_MS = 60_000;

export const toDetails = (n: NotificationRow): NotificationDetails => ({
  id: n.id,
  name: n.name,
  message: n.message,
  sendTime: n.createdAt.toISOString(),
  seenTime: n.seenAt?.toISOString() ?? null,
  kind: n.kind as NotificationKind,
  deviceId: n.deviceId,
  data: n.data as NotificationData,
});

/** The app path a notification opens: its details. */
export const notificationUrl = (id: string) => `/bottom-tab-bar-navigator/notification-details-screen/${id}`;

/**
 * Notifications: the inbox, each owner's choice of which device events notify, and delivery by Web
 * Push to every browser the user registered.
 */
export class NotificationService {
  private readonly lastSent = new Map<string, number>();

  constructor(private readonly deps: NotificationDeps) {}

  /** Store a notification for `userId` and push it; a device event its owner turned off is dropped (null). */
  async notify(n: {
    userId: string;
    kind: NotificationKind;
    deviceId?: string | null;
    data?: NotificationData;
    name?: string;
    message?: string;
  }): Promise<NotificationRow | null> {
    const { repo } = this.deps;
    const data = n.data ?? {};
    if (n.deviceId && n.kind !== 'automation') {
      const muted = await repo.muted(n.userId, n.deviceId);
      if (muted.includes(n.kind)) return null;
    }
    const en = notificationText({ kind: n.kind, name: n.name ?? '', message: n.message ?? '', data }, 'en');
    const row = await repo.insert({
      userId: n.userId,
      kind: n.kind,
      deviceId: n.deviceId ?? null,
      data,
      name: n.name ?? en.title,
      message: n.message ?? en.body,
    });
    await this.push(row);
    return row;
  }

  /** An event of a device, for its owner (errors, door, motion, program done, firmware result). */
  async deviceEvent(deviceId: string, kind: DeviceNotificationKind, data: NotificationData): Promise<void> {
    const { clock, device } = this.deps;
    const d = await device(deviceId);
    if (!d?.ownerId) return;
    if (kind === 'door_open' || kind === 'motion') {
      const key = `${deviceId}|${kind}`;
      const last = this.lastSent.get(key);
      if (last !== undefined && clock.now() - last < REPEAT_MS) return;
      if (this.lastSent.size > 10_000) this.lastSent.clear();
      this.lastSent.set(key, clock.now());
    }
    await this.notify({
      userId: d.ownerId,
      kind,
      deviceId,
      data: { deviceLabel: d.label || d.name, ...data },
    });
  }

  /** A firmware update's result (the firmware module's `onResult`, wired in modules/index.ts). */
  async firmwareResult(
    deviceId: string,
    result: { state: 'UPDATED' | 'FAILED'; version?: string },
  ): Promise<void> {
    await this.deviceEvent(deviceId, 'firmware', {
      firmware: result.state === 'UPDATED' ? 'updated' : 'failed',
      ...(result.version ? { version: result.version } : {}),
    });
  }

  /** A share was accepted (tells the owner) or ended (tells the user who had it). */
  async shareEvent(e: { deviceId: string; event: 'accepted' | 'ended'; tell: string; userName?: string }) {
    const d = await this.deps.device(e.deviceId);
    if (!d) return;
    await this.notify({
      userId: e.tell,
      kind: 'share',
      // The owner's switch for this device applies to the owner only; a guest is always told.
      deviceId: e.tell === d.ownerId ? e.deviceId : null,
      data: {
        deviceLabel: d.label || d.name,
        share: e.event,
        ...(e.userName ? { userName: e.userName } : {}),
      },
    });
  }

  private async push(row: NotificationRow): Promise<void> {
    const { repo, push, log } = this.deps;
    const subs = await repo.subscriptions(row.userId);
    await Promise.all(
      subs.map(async (s) => {
        const text = notificationText(
          {
            kind: row.kind as NotificationKind,
            name: row.name,
            message: row.message,
            data: row.data as NotificationData,
          },
          asLanguage(s.language),
        );
        try {
          const outcome = await push.send(s, {
            id: row.id,
            kind: row.kind as NotificationKind,
            title: text.title,
            body: text.body,
            url: notificationUrl(row.id),
          });
          if (outcome === 'gone') await repo.removeSubscription(s.id);
          else if (outcome === 'failed') log.warn({ subscription: s.id }, 'push service refused a push');
        } catch (err) {
          log.warn({ err, subscription: s.id }, 'push not delivered');
        }
      }),
    );
  }

  async details(userId: string, id: string): Promise<NotificationDetails> {
    const row = await this.deps.repo.get(userId, id);
    if (!row) throw new AppError('NOT_FOUND', 'Notification not found');
    return toDetails(row);
  }

  async remove(userId: string, id: string): Promise<void> {
    if (!(await this.deps.repo.remove(userId, id))) throw new AppError('NOT_FOUND', 'Notification not found');
  }

  async seen(userId: string, id: string): Promise<void> {
    const { repo } = this.deps;
    if ((await repo.markSeen(userId, id)) === 0 && !(await repo.get(userId, id)))
      throw new AppError('NOT_FOUND', 'Notification not found');
  }

  private async ownerOnly(userId: string, deviceId: string): Promise<NotifiedDevice> {
    const { access, device } = this.deps;
    const a = await access(userId, deviceId);
    if (a.access !== 'owner') throw new AppError('NOTIFY_SETTINGS_OWNER_ONLY');
    const d = await device(deviceId);
    if (!d) throw new AppError('NOT_FOUND', 'Device not found');
    return d;
  }

  async settings(userId: string, deviceId: string): Promise<NotificationSettings> {
    const d = await this.ownerOnly(userId, deviceId);
    const muted = await this.deps.repo.muted(userId, deviceId);
    return {
      deviceId,
      kinds: kindsOf(getProfile(d.profileId)).map((kind) => ({ kind, enabled: !muted.includes(kind) })),
    };
  }

  async saveSettings(
    userId: string,
    deviceId: string,
    kinds: Array<{ kind: DeviceNotificationKind; enabled: boolean }>,
  ): Promise<NotificationSettings> {
    const { repo } = this.deps;
    const d = await this.ownerOnly(userId, deviceId);
    const available = kindsOf(getProfile(d.profileId));
    const unknown = kinds.find((k) => !available.includes(k.kind));
    if (unknown)
      throw new AppError('VALIDATION', `kinds: this device does not raise '${unknown.kind}' events`);
    const muted = new Set(await repo.muted(userId, deviceId));
    for (const k of kinds) {
      if (k.enabled) muted.delete(k.kind);
      else muted.add(k.kind);
    }
    await repo.setMuted(
      userId,
      deviceId,
      DEVICE_NOTIFICATION_KINDS.filter((k) => muted.has(k)),
    );
    return this.settings(userId, deviceId);
  }

  async register(
    userId: string,
    info: { identifier: string; notifyToken: string; language?: string | undefined },
  ): Promise<void> {
    let parsed: unknown;
    try {
      parsed = JSON.parse(info.notifyToken);
    } catch {
      throw new AppError('VALIDATION', 'notifyToken: must be the browser push subscription as JSON');
    }
    const sub = webPushSubscriptionSchema.safeParse(parsed);
    if (!sub.success)
      throw new AppError('VALIDATION', 'notifyToken: must hold an endpoint and its p256dh and auth keys');
    if (!this.deps.push.allows(sub.data.endpoint))
      throw new AppError(
        'VALIDATION',
        "notifyToken: the push endpoint is not a push service this server delivers to (a browser's own, over https)",
      );
    await this.deps.repo.subscribe({
      userId,
      identifier: info.identifier,
      endpoint: sub.data.endpoint,
      p256dh: sub.data.keys.p256dh,
      auth: sub.data.keys.auth,
      language: asLanguage(info.language ?? 'en'),
    });
  }
}
