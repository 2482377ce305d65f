import { emptyResultSchema } from './auth.ts';
import { idParams } from './automation.ts';
import {
  notificationDetailsSchema,
  notificationSettingsBodySchema,
  notificationSettingsSchema,
  pushKeySchema,
  pushRegistrationBodySchema,
} from './notification.ts';
import type { RouteDef } from './routes.ts';

/** Issue 20: the notification inbox beyond the account's list, personalisation and Web Push. */
export const notificationRoutes = {
  notificationDetails: {
    method: 'GET',
    path: '/users/notifications/:id',
    anonymous: false,
    params: idParams('id'),
    response: notificationDetailsSchema,
  },
  deleteNotification: {
    method: 'DELETE',
    path: '/users/notifications/:id',
    anonymous: false,
    params: idParams('id'),
    response: emptyResultSchema,
  },
  notificationSettings: {
    method: 'GET',
    path: '/devices/:id/notification-settings',
    anonymous: false,
    params: idParams('id'),
    response: notificationSettingsSchema,
  },
  saveNotificationSettings: {
    method: 'PUT',
    path: '/devices/:id/notification-settings',
    anonymous: false,
    params: idParams('id'),
    body: notificationSettingsBodySchema,
    response: notificationSettingsSchema,
  },
  pushKey: {
    method: 'GET',
    path: '/users/notification-subscriptionId',
    anonymous: false,
    response: pushKeySchema,
  },
  editUserNotification: {
    method: 'POST',
    path: '/users/notification-subscriptionId',
    anonymous: false,
    body: pushRegistrationBodySchema,
    response: emptyResultSchema,
  },
} as const satisfies Record<string, RouteDef>;
