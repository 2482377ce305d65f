/**
 * The database schema, one file per area under schema/ (drizzle.config.ts and the repositories
 * read this one). Migrations are hand-written in apps/server/drizzle/.
 */
export * from './schema/accounts.ts';
export * from './schema/automation.ts';
export * from './schema/firmware.ts';
export * from './schema/home.ts';
export * from './schema/remotes.ts';
export * from './schema/telemetry.ts';
export * from './schema/voice.ts';
