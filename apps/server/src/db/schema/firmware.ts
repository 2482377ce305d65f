/**
 * Firmware over the air (issue 20; decision "firmware over the air"): the packages the operator stores per device
 * model (ThingsBoard's OTA packages). (db/schema.ts gathers every table.)
 */
import { customType, index, integer, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn } from './columns.ts';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => Buffer.from(v),
});

/**
 * One firmware package of a device model (`profileId`, the catalogue's model id): its title (the
 * model id, as ThingsBoard's `fw_title`), version, size in bytes, SHA-256 (hex) and the bytes.
 * A model has each version once.
 */
export const firmwarePackages = pgTable(
  'firmware_packages',
  {
    id: idColumn(),
    profileId: text('profile_id').notNull(),
    title: text('title').notNull(),
    version: text('version').notNull(),
    size: integer('size').notNull(),
    checksum: text('checksum').notNull(),
    data: bytea('data').notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [
    unique('firmware_packages_profile_version_key').on(t.profileId, t.version),
    index('firmware_packages_profile_idx').on(t.profileId),
  ],
);
