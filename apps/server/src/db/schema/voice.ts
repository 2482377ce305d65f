/**
 * The voice assistant (issue 23, docs/decisions/047): a user's voice commands (a phrase tied to an
 * automation or to values for a device) and their recordings: the samples of a command, and the
 * user's recent uploads (`command_id` null, the cache). Deleted with the user, the automation or
 * the device a command acts on; recordings with their command.
 */
import { customType, index, integer, jsonb, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { automations } from './automation.ts';
import { createdAtColumn, idColumn, userColumn } from './columns.ts';
import { devices } from './home.ts';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => Buffer.from(v),
});

export const voiceCommands = pgTable(
  'voice_commands',
  {
    id: idColumn(),
    userId: userColumn(() => users, 'user_id'),
    /** The phrase as the user named it, and its sequence key (voiceSequenceOf), unique per user. */
    name: text('name').notNull(),
    sequence: text('sequence').notNull(),
    targetType: text('target_type', { enum: ['automation', 'device'] }).notNull(),
    automationId: uuid('automation_id').references(() => automations.id, { onDelete: 'cascade' }),
    deviceId: uuid('device_id').references(() => devices.id, { onDelete: 'cascade' }),
    /** A device command's Key/Value pairs. */
    values: jsonb('values').$type<Record<string, number | string | boolean>>(),
    createdAt: createdAtColumn(),
  },
  (t) => [
    unique('voice_commands_user_sequence').on(t.userId, t.sequence),
    index('voice_commands_device_idx').on(t.deviceId),
    index('voice_commands_automation_idx').on(t.automationId),
  ],
);

export const voiceRecordings = pgTable(
  'voice_recordings',
  {
    /** The file's name is `<id>.wav`. */
    id: idColumn(),
    userId: userColumn(() => users, 'user_id'),
    /** The command it is a sample of; null while it is only in the user's cache. */
    commandId: uuid('command_id').references(() => voiceCommands.id, { onDelete: 'cascade' }),
    durationMs: integer('duration_ms').notNull(),
    /** The speech as a WAV file, 16-bit mono 16 kHz, silence around it trimmed. */
    data: bytea('data').notNull(),
    /** Its MFCC frames, float32 little-endian, FEATURES.coefficients per frame. */
    features: bytea('features').notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [index('voice_recordings_user_idx').on(t.userId, t.commandId)],
);
