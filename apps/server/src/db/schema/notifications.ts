/** Notification personalisation and Web Push subscriptions (issue 20; migration 0017). */
import { index, pgTable, primaryKey, text, unique, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { createdAtColumn, idColumn, userColumn } from './columns.ts';
import { devices } from './home.ts';

/** The kinds of a device's events its owner turned off; no row means every kind is on. */
export const notificationSettings = pgTable(
  'notification_settings',
  {
    userId: userColumn(() => users, 'user_id'),
    deviceId: uuid('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    muted: text('muted').array().notNull().default([]),
  },
  (t) => [primaryKey({ name: 'notification_settings_pk', columns: [t.userId, t.deviceId] })],
);

/** A browser's push subscription, one per user and app install (`identifier`, the hashed client id). */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: idColumn(),
    userId: userColumn(() => users, 'user_id'),
    identifier: text('identifier').notNull(),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    language: text('language').notNull().default('en'),
    createdAt: createdAtColumn(),
  },
  (t) => [
    unique('push_subscriptions_user_identifier_key').on(t.userId, t.identifier),
    index('push_subscriptions_user_idx').on(t.userId),
  ],
);
