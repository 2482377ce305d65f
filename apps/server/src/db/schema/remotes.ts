/**
 * The remotes on users' IR blasters (issue 23): a catalogue remote (its number in packages/ir's
 * catalogue) or a custom one with its own buttons. Deleted with the device.
 */
import { index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn } from './columns.ts';
import { devices } from './home.ts';

/** A custom remote's button: a protocol code, or a raw frame learned from an unknown remote. */
export interface StoredRemoteButton {
  name: string;
  code?: { protocol: string; address: number; command: number; toggle?: 0 | 1 };
  raw?: { carrierHz: number; timings: number[] };
}

export const deviceRemotes = pgTable(
  'device_remotes',
  {
    id: idColumn(),
    deviceId: uuid('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    /** The catalogue remote it was added from; null for a custom remote. */
    catalogueRemoteId: integer('catalogue_remote_id'),
    name: text('name').notNull(),
    categoryId: integer('category_id'),
    /** A custom remote's buttons; a catalogue remote's come from the catalogue. */
    buttons: jsonb('buttons').$type<StoredRemoteButton[]>().notNull().default([]),
    createdAt: createdAtColumn(),
  },
  (t) => [index('device_remotes_device_idx').on(t.deviceId)],
);
