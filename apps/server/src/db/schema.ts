import type { TelemetryValue } from '@hestia/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * A telemetry or attribute value in jsonb. Both drivers already parse jsonb; drizzle's own jsonb
 * column would parse the result again, turning the string "true" into a boolean and the string
 * '{"x":1}' into an object.
 */
const telemetryJson = customType<{ data: TelemetryValue; driverData: TelemetryValue }>({
  dataType: () => 'jsonb',
  toDriver: (v) => JSON.stringify(v) as unknown as TelemetryValue,
  fromDriver: (v) => v,
});

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => Buffer.from(v),
});

export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
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
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One login; its refresh token is stored hashed. Revoking it ends its access tokens at once. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    refreshHash: text('refresh_hash').notNull().unique(),
    userAgent: text('user_agent').notNull().default(''),
    ip: text('ip').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
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
    id: uuid('id').primaryKey().defaultRandom(),
    purpose: text('purpose', {
      enum: ['register', 'login', 'reset', 'change_email', 'change_phone'],
    }).notNull(),
    target: text('target').notNull(),
    codeHash: text('code_hash').notNull(),
    payload: jsonb('payload'),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
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

/** A place (parentId null) or a room (parentId is its place). */
export const assets = pgTable(
  'assets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    parentId: uuid('parent_id'),
    name: text('name').notNull(),
    type: text('type').notNull().default('place'),
    label: text('label').notNull().default(''),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
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
    id: uuid('id').primaryKey().defaultRandom(),
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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
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
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A device's open claim (`v1/devices/me/claim`): the secret key's SHA-256 and when it ends. */
export const deviceClaims = pgTable('device_claims', {
  deviceId: uuid('device_id')
    .primaryKey()
    .references(() => devices.id, { onDelete: 'cascade' }),
  secretHash: text('secret_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A user's profile picture, checked for type and size on upload. */
export const profileImages = pgTable('profile_images', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  mime: text('mime').notNull(),
  data: bytea('data').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const favourites = pgTable(
  'favourites',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    deviceId: uuid('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
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
    id: uuid('id').primaryKey().defaultRandom(),
    deviceId: uuid('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
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
    id: uuid('id').primaryKey().defaultRandom(),
    deviceId: uuid('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    startTs: bigint('start_ts', { mode: 'number' }).notNull(),
    endTs: bigint('end_ts', { mode: 'number' }).notNull(),
    summary: jsonb('summary').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('reports_device_idx').on(t.deviceId, t.userId)],
);

/** Telemetry history: one row per key and sample. */
export const tsKv = pgTable(
  'ts_kv',
  {
    deviceId: uuid('device_id').notNull(),
    key: text('key').notNull(),
    ts: bigint('ts', { mode: 'number' }).notNull(),
    value: telemetryJson('value').notNull(),
    /** The value as a number (booleans 1 and 0) for aggregation; null for text. */
    num: doublePrecision('num'),
  },
  // The key's index also carries `num` (INCLUDE, migration 0010; drizzle does not model it) and the
  // table is partitioned by month (migration 0008).
  (t) => [primaryKey({ columns: [t.deviceId, t.key, t.ts] })],
);

/** Latest value per device and key. */
export const tsKvLatest = pgTable(
  'ts_kv_latest',
  {
    deviceId: uuid('device_id').notNull(),
    key: text('key').notNull(),
    ts: bigint('ts', { mode: 'number' }).notNull(),
    value: telemetryJson('value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.deviceId, t.key] })],
);

/**
 * Device attributes by scope (migration 0014): `client` reported by the device, `shared` set by
 * users and pushed to the device, `server` set by users only. Latest value only, no history.
 */
export const attributeKv = pgTable(
  'attribute_kv',
  {
    deviceId: uuid('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    scope: text('scope', { enum: ['client', 'shared', 'server'] }).notNull(),
    key: text('key').notNull(),
    value: telemetryJson('value').notNull(),
    lastUpdateTs: bigint('last_update_ts', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.deviceId, t.scope, t.key] })],
);

/** Server-wide values shared by every instance (the token signing secret). */
export const serverSettings = pgTable('server_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().default(sql`now()`),
});

/** A device schedule or timer, or a scenario's schedule: a recurrence and what to do each time. */
export const schedules = pgTable(
  'schedules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    deviceId: uuid('device_id').references(() => devices.id, { onDelete: 'cascade' }),
    scenarioId: uuid('scenario_id'),
    kind: text('kind', { enum: ['schedule', 'timer'] }).notNull(),
    name: text('name').notNull().default(''),
    recurrence: jsonb('recurrence').notNull(),
    actions: jsonb('actions').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    nextRunAt: bigint('next_run_at', { mode: 'number' }),
    /** Why it was switched off for its owner: the device is no longer theirs to control (decision 018). */
    pausedReason: jsonb('paused_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('schedules_owner_idx').on(t.ownerId)],
);

/** Automations and scenarios (type), with their conditions and commands as the API gives them. */
export const automations = pgTable(
  'automations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ['automation', 'scenario'] }).notNull(),
    name: text('name').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    isNotify: boolean('is_notify').notNull().default(false),
    notifyMessage: text('notify_message'),
    inOrder: boolean('in_order').notNull().default(false),
    checkType: integer('check_type').notNull().default(0),
    conditions: jsonb('conditions').notNull(),
    commands: jsonb('commands').notNull(),
    position: integer('position').notNull().default(0),
    warnings: jsonb('warnings').notNull().default([]),
    /** Why it was switched off for its owner: a device it needs is no longer theirs to use (decision 018). */
    pausedReason: jsonb('paused_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('automations_owner_idx').on(t.ownerId)],
);

/**
 * Durable work: a schedule occurrence or a delayed action, due at `runAt`. Claimed with SKIP LOCKED
 * and a lease, so instances share the work and a crashed claim is taken over when its lease ends.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** schedule: a schedule or timer occurrence; action: a delayed step; automation: a Schedule or Timer
     * condition; weather: a weather poll (no check constraint, so new kinds need no migration). */
    kind: text('kind', { enum: ['schedule', 'action', 'automation', 'weather'] }).notNull(),
    refId: uuid('ref_id').notNull(),
    runAt: bigint('run_at', { mode: 'number' }).notNull(),
    payload: jsonb('payload'),
    claimedBy: text('claimed_by'),
    claimedUntil: bigint('claimed_until', { mode: 'number' }),
    doneAt: bigint('done_at', { mode: 'number' }),
  },
  (t) => [uniqueIndex('jobs_once_idx').on(t.kind, t.refId, t.runAt), index('jobs_due_idx').on(t.runAt)],
);

/**
 * One execution with its trace. `occurrence` is unique: a schedule occurrence or a delayed step is
 * recorded once, whichever instance gets there, however often it is retried.
 */
export const runs = pgTable(
  'runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sourceId: uuid('source_id').notNull(),
    ownerId: uuid('owner_id').notNull(),
    occurrence: text('occurrence').notNull().unique(),
    trigger: text('trigger').notNull(),
    status: text('status', { enum: ['running', 'done', 'failed', 'skipped'] }).notNull(),
    conditions: jsonb('conditions').notNull().default([]),
    actions: jsonb('actions').notNull().default([]),
    startedAt: bigint('started_at', { mode: 'number' }).notNull(),
    finishedAt: bigint('finished_at', { mode: 'number' }),
  },
  (t) => [index('runs_source_idx').on(t.sourceId, t.startedAt)],
);

export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    message: text('message').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    seenAt: timestamp('seen_at', { withTimezone: true }),
  },
  (t) => [index('notifications_user_idx').on(t.userId, t.createdAt)],
);

/** Data exchange: a change of the source parameter is written to the target device's parameter. */
export const dataExchanges = pgTable(
  'data_exchanges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sourceDeviceId: uuid('source_device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    sourceParameter: text('source_parameter').notNull(),
    targetDeviceId: uuid('target_device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    targetParameter: text('target_parameter').notNull(),
    /** Why it copies nothing now: its owner lacks access to the source or target (decision 018). */
    pausedReason: jsonb('paused_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('data_exchanges_source_idx').on(t.sourceDeviceId)],
);

/**
 * A key press of a key device (push button, scenario key, pir button) bound to an action: run one of
 * the creator's scenarios, or write a value to a device the creator may control. A press runs its
 * actions in `position` order.
 */
export const keyActions = pgTable(
  'key_actions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    deviceId: uuid('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    /** Who made the binding: the action runs with this user's access. */
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    keyIndex: integer('key_index').notNull(),
    pressType: text('press_type', { enum: ['tap', 'hold'] }).notNull(),
    actionType: text('action_type', { enum: ['scenario', 'device'] }).notNull(),
    title: text('title').notNull().default(''),
    scenarioId: uuid('scenario_id').references(() => automations.id, { onDelete: 'cascade' }),
    targetDeviceId: uuid('target_device_id').references(() => devices.id, { onDelete: 'cascade' }),
    key: text('key'),
    value: jsonb('value'),
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('key_actions_device_idx').on(t.deviceId, t.position)],
);

/** The user's titles of a device's keys, relays or curtains (catalogue key to title). */
export const keyLabels = pgTable(
  'key_labels',
  {
    deviceId: uuid('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    title: text('title').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.deviceId, t.key] })],
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
    id: uuid('id').primaryKey().defaultRandom(),
    keyHash: text('key_hash').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('pair_keys_device_idx').on(t.deviceId, t.keyHash),
    index('pair_keys_user_idx').on(t.userId, t.deviceId),
  ],
);
