/**
 * Column shapes most tables repeat: a random uuid key, the creation time, and an owner or user who
 * takes the row with them when deleted.
 */
import { type AnyPgColumn, timestamp, uuid } from 'drizzle-orm/pg-core';

/** `id uuid primary key default gen_random_uuid()`. */
export const idColumn = () => uuid('id').primaryKey().defaultRandom();

/** `created_at timestamptz not null default now()`. */
export const createdAtColumn = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/**
 * A user the row belongs to (`owner_id` unless named): required, and deleted with the user. `users` is
 * passed lazily, so the accounts file that defines it can use this too without an import circle.
 */
export const userColumn = (users: () => { id: AnyPgColumn }, name = 'owner_id') =>
  uuid(name)
    .notNull()
    .references(() => users().id, { onDelete: 'cascade' });
