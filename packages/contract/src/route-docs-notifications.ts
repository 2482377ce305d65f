import type { RouteDoc } from './route-docs.ts';
import type { notificationRoutes } from './routes-notifications.ts';

/** The notification inbox, personalisation and Web Push (routes-notifications.ts). */
export const notificationRouteDocs = {
  notificationDetails: {
    tag: 'Notifications',
    summary: 'One notification of the user, with its kind, device and data',
    description:
      "Only the user's own notifications: another user's id answers 404. Reading does not mark it seen.",
  },
  deleteNotification: {
    tag: 'Notifications',
    summary: 'Delete one notification of the user',
    description: "Only the user's own notifications: another user's id answers 404.",
  },
  notificationSettings: {
    tag: 'Notifications',
    summary: "Which of a device's events notify its owner",
    description:
      'Owner only (a shared user gets 403, a stranger 404). Lists the kinds the device can raise (errors, door open, motion, program done, firmware result, shares), each on unless turned off.',
    errors: ['NOTIFY_SETTINGS_OWNER_ONLY'],
  },
  saveNotificationSettings: {
    tag: 'Notifications',
    summary: "Turn a device's event notifications on or off, per kind",
    description:
      'Owner only (a shared user gets 403, a stranger 404). Kinds the device cannot raise are refused with VALIDATION. Answers the settings as stored.',
    errors: ['NOTIFY_SETTINGS_OWNER_ONLY'],
  },
  pushKey: {
    tag: 'Notifications',
    summary: "The server's VAPID public key, for the browser's push subscription",
  },
  editUserNotification: {
    tag: 'Notifications',
    summary: "Register this browser's Web Push subscription (edit-user-notification)",
    description:
      "`input.info`: `identifier` (the app's hashed client id), `notifyToken` (the browser's PushSubscription as JSON: endpoint and keys), `os` 'web', and optionally `language` for the pushes' texts. One subscription per identifier: registering again replaces it. The endpoint must be one of the push services the server delivers to (`PUSH_SERVICES`; by default the browsers' own: Chrome's, Firefox's, Edge's and Safari's, over https), else a 400. A subscription the push service answers 404 or 410 for is removed.",
  },
} as const satisfies Record<keyof typeof notificationRoutes, RouteDoc>;
