import { getProfile } from '@hestia/catalog';
import type { FastifyInstance } from 'fastify';
import type { Infrastructure } from '../../core/infrastructure.ts';
import { TtlCache } from '../../core/ttl-cache.ts';
import type { AuthService } from '../account/auth.service.ts';
import { SettingsRepository } from '../account/settings.repository.ts';
import type { DeviceRepository } from '../device/device.repository.ts';
import type { DeviceService } from '../device/device.service.ts';
import type { TelemetryService } from '../telemetry/telemetry.service.ts';
import { eventsOf } from './device-events.ts';
import { NotificationRepository } from './notification.repository.ts';
import { notificationRoutes } from './notification.routes.ts';
import { NotificationService, type NotifiedDevice } from './notification.service.ts';
import { loadVapidKeys, WebPushSender } from './web-push.ts';

/** Who the VAPID tokens name as the sender (RFC 8292 asks for a contact). */
const VAPID_SUBJECT = 'mailto:push@hestia.home.arpa';

/** Keys whose change may be a device event (device-events.ts); other telemetry costs nothing here. */
const EVENT_KEYS = /^(error_code|sensor_status|motion_status|play|phase.*|cooking.*)$/;

/**
 * Notifications (issue 20): the inbox, personalisation, Web Push, and the device events that become
 * notifications (each message is ingested by one instance, so each event notifies once).
 */
export async function register(
  app: FastifyInstance,
  deps: Pick<Infrastructure, 'config' | 'db' | 'clock' | 'log'> & {
    auth: AuthService;
    devices: DeviceService;
    deviceRows: Pick<DeviceRepository, 'get'>;
    telemetry: TelemetryService;
  },
) {
  const { config, db, clock, log, auth, devices, deviceRows, telemetry } = deps;
  const repo = new NotificationRepository(db);
  const push = new WebPushSender(
    await loadVapidKeys(new SettingsRepository(db), config.dataDir),
    VAPID_SUBJECT,
    config.pushServices,
  );
  const rows = new TtlCache<string, NotifiedDevice | null>(5000, 10_000, clock);
  const device = async (id: string) =>
    (await rows.getOrLoad(id, async () => (await deviceRows.get(id)) ?? null)) ?? undefined;
  const notifications = new NotificationService({
    repo,
    push,
    access: (userId, deviceId) => devices.access(userId, deviceId),
    device,
    clock,
    log,
  });
  telemetry.onIngest((deviceId, values, previous) => {
    if (!Object.keys(values).some((k) => EVENT_KEYS.test(k))) return undefined;
    return (async () => {
      const d = await device(deviceId);
      if (!d?.ownerId) return;
      const current = (k: string) => telemetry.cached(deviceId, k);
      for (const e of eventsOf(getProfile(d.profileId), values, previous, current))
        await notifications.deviceEvent(deviceId, e.kind, e.data);
    })();
  });
  // A browser logged out of an account gets none of its pushes any more (a shared computer).
  auth.onLogout((userId, clientId) => repo.removeBrowser(userId, clientId));
  notificationRoutes(app, { auth, notifications, repo, publicKey: push.publicKey });
  return { notifications };
}
