/**
 * Timers, schedules, automations, jobs and runs, notifications, data exchanges, key actions and
 * labels. (db/schema.ts gathers every table.)
 */
import {
  bigint,
  boolean,
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
import { users } from './accounts.ts';
import { createdAtColumn, idColumn, userColumn } from './columns.ts';
import { devices } from './home.ts';

/** A device schedule or timer, or a scenario's schedule: a recurrence and what to do each time. */
export const schedules = pgTable(
  'schedules',
  {
    id: idColumn(),
    ownerId: userColumn(() => users),
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
    createdAt: createdAtColumn(),
  },
  (t) => [index('schedules_owner_idx').on(t.ownerId)],
);

/** Automations and scenarios (type), with their conditions and commands as the API gives them. */
export const automations = pgTable(
  'automations',
  {
    id: idColumn(),
    ownerId: userColumn(() => users),
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
    createdAt: createdAtColumn(),
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
    id: idColumn(),
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
    id: idColumn(),
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
    id: idColumn(),
    userId: userColumn(() => users, 'user_id'),
    name: text('name').notNull(),
    message: text('message').notNull(),
    createdAt: createdAtColumn(),
    seenAt: timestamp('seen_at', { withTimezone: true }),
    /** What it is about (contract NOTIFICATION_KINDS), its device, and the facts its text is written from. */
    kind: text('kind').notNull().default('automation'),
    deviceId: uuid('device_id').references(() => devices.id, { onDelete: 'set null' }),
    data: jsonb('data').notNull().default({}),
  },
  (t) => [index('notifications_user_idx').on(t.userId, t.createdAt)],
);

/** Data exchange: a change of the source parameter is written to the target device's parameter. */
export const dataExchanges = pgTable(
  'data_exchanges',
  {
    id: idColumn(),
    ownerId: userColumn(() => users),
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
    createdAt: createdAtColumn(),
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
    id: idColumn(),
    deviceId: uuid('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    /** Who made the binding: the action runs with this user's access. */
    ownerId: userColumn(() => users),
    keyIndex: integer('key_index').notNull(),
    pressType: text('press_type', { enum: ['tap', 'hold'] }).notNull(),
    actionType: text('action_type', { enum: ['scenario', 'device'] }).notNull(),
    title: text('title').notNull().default(''),
    scenarioId: uuid('scenario_id').references(() => automations.id, { onDelete: 'cascade' }),
    targetDeviceId: uuid('target_device_id').references(() => devices.id, { onDelete: 'cascade' }),
    key: text('key'),
    value: jsonb('value'),
    position: integer('position').notNull().default(0),
    createdAt: createdAtColumn(),
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
