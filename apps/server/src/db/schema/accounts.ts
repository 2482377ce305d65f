/**
 * Accounts: users, their sessions and codes, guess counters, profile pictures, server settings.
 * (db/schema.ts gathers every table.)
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, userColumn } from './columns.ts';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => Buffer.from(v),
});

export const users = pgTable('users', {
  id: idColumn(),
  email: text('email').unique(),
  mobile: text('mobile').unique(),
  passwordHash: text('password_hash').notNull(),
  firstName: text('first_name').notNull().default(''),
  lastName: text('last_name').notNull().default(''),
  status: text('status', { enum: ['active', 'disabled'] })
    .notNull()
    .default('active'),
  timeZone: text('time_zone').notNull().default('UTC'),
  latitude: doublePrecision('latitude'),
  longitude: doublePrecision('longitude'),
  notification: jsonb('notification')
    .$type<{ push: boolean; email: boolean; sms: boolean }>()
    .notNull()
    .default({ push: true, email: true, sms: false }),
  /** Electricity price for energy cost (null: none set). */
  tariff: jsonb('tariff').$type<{ pricePerKwh: number; currency: string }>(),
  createdAt: createdAtColumn(),
});

/** One login; its refresh token is stored hashed. Revoking it ends its access tokens at once. */
export const sessions = pgTable(
  'sessions',
  {
    id: idColumn(),
    userId: userColumn(() => users, 'user_id'),
    refreshHash: text('refresh_hash').notNull().unique(),
    userAgent: text('user_agent').notNull().default(''),
    ip: text('ip').notNull().default(''),
    createdAt: createdAtColumn(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    online: boolean('online').notNull().default(true),
    /** The app's hashed client id (header `x-client-id`), bound to the session at login. */
    clientId: text('client_id'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Refresh tokens already exchanged: presenting one again ends its session (reuse detection). */
export const spentRefreshTokens = pgTable('spent_refresh_tokens', {
  hash: text('hash').primaryKey(),
  sessionId: uuid('session_id')
    .notNull()
    .references(() => sessions.id, { onDelete: 'cascade' }),
  spentAt: timestamp('spent_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One-time codes (registration, login, recovery), stored as an HMAC, single use, expiring.
 * A registration's account data waits in `payload` until the code is confirmed, so no half-made
 * account ever exists.
 */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: idColumn(),
    purpose: text('purpose', {
      enum: ['register', 'login', 'reset', 'change_email', 'change_phone'],
    }).notNull(),
    target: text('target').notNull(),
    codeHash: text('code_hash').notNull(),
    payload: jsonb('payload'),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: createdAtColumn(),
  },
  (t) => [index('verification_codes_target_idx').on(t.purpose, t.target)],
);

/**
 * Guess and send limits (docs/decisions/017): one row per limited key, counting attempts in a fixed
 * window that ends at `resetAt`. Taken atomically before the work, so parallel requests each count.
 */
export const attemptCounters = pgTable(
  'attempt_counters',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('attempt_counters_reset_idx').on(t.resetAt)],
);

/** A user's profile picture, checked for type and size on upload. */
export const profileImages = pgTable('profile_images', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  mime: text('mime').notNull(),
  data: bytea('data').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Files a user uploaded with `files/upload` (issue 25), kept like the profile image: in the database. */
export const uploadedFiles = pgTable(
  'uploaded_files',
  {
    id: idColumn(),
    userId: userColumn(() => users, 'user_id'),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    data: bytea('data').notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [index('uploaded_files_user_idx').on(t.userId)],
);

/** Server-wide values shared by every instance (the token signing secret). */
export const serverSettings = pgTable('server_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().default(sql`now()`),
});
