/** Notification personalisation and Web Push subscriptions (issue 20; migration 0017). */
import { index, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { devices } from './home.ts';

/** The kinds of a device's events its owner turned off; no row means every kind is on. */
export const notificationSettings = pgTable(
  'notification_settings',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
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
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    identifier: text('identifier').notNull(),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    language: text('language').notNull().default('en'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('push_subscriptions_user_identifier_key').on(t.userId, t.identifier),
    index('push_subscriptions_user_idx').on(t.userId),
  ],
);
