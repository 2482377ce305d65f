/**
 * Places and devices: assets (places and rooms), devices, their records and claims, favourites,
 * shares, reports, pair keys. (db/schema.ts gathers every table.)
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { createdAtColumn, idColumn, userColumn } from './columns.ts';

/** A place (parentId null) or a room (parentId is its place). */
export const assets = pgTable(
  'assets',
  {
    id: idColumn(),
    ownerId: userColumn(() => users),
    parentId: uuid('parent_id'),
    name: text('name').notNull(),
    type: text('type').notNull().default('place'),
    label: text('label').notNull().default(''),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAtColumn(),
  },
  (t) => [index('assets_owner_idx').on(t.ownerId)],
);

/**
 * A device. `ownerId` is null for a record the operator made or provisioning created that nobody has
 * claimed yet: such a device is visible to nobody (docs/decisions/020).
 */
export const devices = pgTable(
  'devices',
  {
    id: idColumn(),
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'cascade' }),
    assetId: uuid('asset_id').references(() => assets.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    label: text('label').notNull(),
    profileId: text('profile_id').notNull(),
    /** ThingsBoard-style device credential: the MQTT username. */
    accessToken: text('access_token').notNull().unique(),
    /** Run by the built-in simulator fleet (the demo home). */
    simulated: boolean('simulated').notNull().default(false),
    /** The owner has disabled reconfiguration of this device. */
    configDisabled: boolean('config_disabled').notNull().default(false),
    /** The device's Wi-Fi access point MAC, AA:BB:CC:DD:EE:FF (its name in provisioning and claims). */
    mac: text('mac').unique(),
    /** When the device answered a provisioning request; a second request is refused. */
    provisionedAt: timestamp('provisioned_at', { withTimezone: true }),
    createdAt: createdAtColumn(),
  },
  (t) => [
    index('devices_owner_idx').on(t.ownerId),
    check('devices_mac_form', sql`${t.mac} ~ '^([0-9A-F]{2}:){5}[0-9A-F]{2}$'`),
  ],
);

/** ThingsBoard provisioning credentials of one catalogue model, made once (docs/decisions/020). */
export const provisioningKeys = pgTable('provisioning_keys', {
  profileId: text('profile_id').primaryKey(),
  provisionKey: text('provision_key').notNull().unique(),
  provisionSecret: text('provision_secret').notNull(),
  createdAt: createdAtColumn(),
});

/** A device's open claim (`v1/devices/me/claim`): the secret key's SHA-256 and when it ends. */
export const deviceClaims = pgTable('device_claims', {
  deviceId: uuid('device_id')
    .primaryKey()
    .references(() => devices.id, { onDelete: 'cascade' }),
  secretHash: text('secret_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: createdAtColumn(),
});

export const favourites = pgTable(
  'favourites',
  {
    userId: userColumn(() => users, 'user_id'),
    deviceId: uuid('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    createdAt: createdAtColumn(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.deviceId] })],
);

/**
 * A device shared by its owner. Made with a one-time token (link or QR code, stored hashed); the
 * user who finalizes it gets `scope` access until `expiresAt` (null: no end) or until it is deleted.
 */
export const shares = pgTable(
  'shares',
  {
    id: idColumn(),
    deviceId: uuid('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    ownerId: userColumn(() => users),
    tokenHash: text('token_hash').notNull().unique(),
    /** The invitation link or QR code is good until then. */
    tokenExpiresAt: timestamp('token_expires_at', { withTimezone: true }).notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    scope: text('scope', { enum: ['control', 'view'] })
      .notNull()
      .default('control'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('shares_device_idx').on(t.deviceId), index('shares_user_idx').on(t.userId)],
);

/** A device report for a period, kept so it can be downloaded again. */
export const reports = pgTable(
  'reports',
  {
    id: idColumn(),
    deviceId: uuid('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    userId: userColumn(() => users, 'user_id'),
    startTs: bigint('start_ts', { mode: 'number' }).notNull(),
    endTs: bigint('end_ts', { mode: 'number' }).notNull(),
    summary: jsonb('summary').notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [index('reports_device_idx').on(t.deviceId, t.userId)],
);

/**
 * Pair keys (issue 18, docs/decisions/026): a key a user asked for to add the device with this AP MAC
 * to one of their places, live for the 3-minute window. Only its SHA-256 (salted with the device id)
 * is kept. `usedAt` is set when the device's claim carrying it transferred the device; `configuredAt`
 * when the user then named and placed it (post-config): between the two the device is listed by
 * `customer/devices?isTransfer=true`. `ownerKeyHash` is set by change-owner for a device another user
 * owns: its claim must then carry that owner key too.
 */
export const pairKeys = pgTable(
  'pair_keys',
  {
    id: idColumn(),
    keyHash: text('key_hash').notNull(),
    userId: userColumn(() => users, 'user_id'),
    /** The chosen place; null when it was deleted meanwhile (the device then goes to the default place). */
    placeId: uuid('place_id').references(() => assets.id, { onDelete: 'set null' }),
    deviceId: uuid('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    format: text('format', { enum: ['alpha', 'digits'] }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    ownerKeyHash: text('owner_key_hash'),
    configuredAt: timestamp('configured_at', { withTimezone: true }),
    createdAt: createdAtColumn(),
  },
  (t) => [
    index('pair_keys_device_idx').on(t.deviceId, t.keyHash),
    index('pair_keys_user_idx').on(t.userId, t.deviceId),
  ],
);
