/**
 * Telemetry and attributes: ts_kv (partitioned by month), the latest values, attribute_kv.
 * (db/schema.ts gathers every table.)
 */
import type { TelemetryValue } from '@hestia/contract';
import { bigint, customType, doublePrecision, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { devices } from './home.ts';

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
