import { routes } from '@hestia/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/api.ts';
import type { AuthService } from '../account/auth.service.ts';
import type { NotificationRepository } from './notification.repository.ts';
import { type NotificationService, toDetails } from './notification.service.ts';

/** The inbox (users/notifications), per-device personalisation and the Web Push registration. */
export function notificationRoutes(
  app: FastifyInstance,
  deps: {
    auth: AuthService;
    notifications: NotificationService;
    repo: NotificationRepository;
    publicKey: string;
  },
): void {
  const { auth, notifications, repo, publicKey } = deps;
  const done = {};
  route(app, auth, routes.notifications, async ({ principal, query }) =>
    (await repo.list(principal.userId, query)).map(toDetails),
  );
  route(app, auth, routes.unreadNotifications, async ({ principal }) => ({
    count: await repo.unreadCount(principal.userId),
  }));
  route(app, auth, routes.seeNotification, async ({ principal, params }) => {
    await notifications.seen(principal.userId, params.id);
    return done;
  });
  route(app, auth, routes.readAllNotifications, async ({ principal }) => {
    await repo.markSeen(principal.userId);
    return done;
  });
  route(app, auth, routes.notificationDetails, ({ principal, params }) =>
    notifications.details(principal.userId, params.id),
  );
  route(app, auth, routes.deleteNotification, async ({ principal, params }) => {
    await notifications.remove(principal.userId, params.id);
    return done;
  });
  route(app, auth, routes.notificationSettings, ({ principal, params }) =>
    notifications.settings(principal.userId, params.id),
  );
  route(app, auth, routes.saveNotificationSettings, ({ principal, params, body }) =>
    notifications.saveSettings(principal.userId, params.id, body.kinds),
  );
  route(app, auth, routes.pushKey, async () => ({ publicKey }));
  route(app, auth, routes.editUserNotification, async ({ principal, body }) => {
    await notifications.register(principal.userId, body.input.info);
    return done;
  });
}
