import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { ConfigError } from '../config.ts';
import { dataDirError, ensureDir } from './data-dir.ts';
import { PgliteRemote } from './pglite-remote.ts';
import { pgliteDefaults } from './pglite-settings.ts';
import * as schema from './schema.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** The embedded database's thread stopped while in use (PGlite only; PostgreSQL reconnects). */
  onLost?(handler: (err: Error) => void): void;
}

/**
 * The migrations, found as files of this package wherever its code runs: from its sources, or
 * bundled beside the launcher (decision 024).
 */
const migrationsFolder = dirname(
  dirname(createRequire(import.meta.url).resolve('@hestia/server/drizzle/meta/_journal.json')),
);

/**
 * PGlite in `dataDir` (or in memory for `memory://`) on its own thread, migrated, with the memory
 * and WAL limits of `settings` (pglite-settings.ts).
 */
export async function openPglite(dataDir: string, settings = pgliteDefaults): Promise<Database> {
  let client: PgliteRemote;
  if (dataDir === 'memory://') {
    client = await PgliteRemote.open(undefined, settings);
  } else {
    const dir = resolve(dataDir, 'pg');
    const opened = async () => {
      try {
        ensureDir(dir);
        return await PgliteRemote.open(dir, settings);
      } catch (err) {
        throw dataDirError(dataDir, err);
      }
    };
    // A new database is created and migrated by a first thread that then ends: creating it grows
    // PGlite's memory (WebAssembly memory never shrinks) and only a thread's end gives it back, so
    // the thread that stays starts as on any later start (decision 024).
    if (!existsSync(join(dir, 'PG_VERSION'))) {
      const creator = await opened();
      try {
        await migratePglite(drizzlePglite(creator.asPglite(), { schema }), { migrationsFolder });
      } finally {
        await creator.close();
      }
    }
    client = await opened();
  }
  const db = drizzlePglite(client.asPglite(), { schema });
  await migratePglite(db, { migrationsFolder });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    close: () => client.close(),
    onLost: (h) => client.onLost(h),
  };
}

/**
 * A connection checked out of the pool goes back to it once its connection ends, whoever holds it.
 * drizzle's `transaction()` sends `begin` before its `try … finally release()`: when `begin` fails
 * because PostgreSQL just closed the connection (a restart under load), the connection was never
 * released — out of the pool for good; ten of them and every query waited forever, as did
 * `pool.end()` (decision 044). The holder's own release later does nothing.
 */
function releasedWhenEnded(pool: pg.Pool): void {
  const connect = pool.connect.bind(pool) as () => Promise<pg.PoolClient>;
  const guarded = async (): Promise<pg.PoolClient> => {
    const client = await connect();
    const release = client.release.bind(client);
    let released = false;
    const ended = () => {
      if (released) return;
      released = true;
      release(new Error('the connection ended'));
    };
    client.once('end', ended);
    client.release = (err?: Error | boolean) => {
      client.off('end', ended);
      if (released) return;
      released = true;
      release(err);
    };
    return client;
  };
  // The callback form (the pool's own `query`) releases on errors itself.
  pool.connect = ((callback?: unknown) =>
    callback ? (connect as (cb: unknown) => void).call(pool, callback) : guarded()) as typeof pool.connect;
}

/** PostgreSQL at `url`, migrated under an advisory lock so parallel instances start safely. */
export async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  releasedWhenEnded(pool);
  // An idle connection the server drops (restart, failover) is replaced on next use, not a crash.
  pool.on('error', () => undefined);
  // Nor one checked out when it drops (between a transaction's statements, say): its query fails and
  // the pool discards it on release, but its own 'error' event, heard by nobody, would end the
  // process (PostgreSQL restarted under load, decision 044).
  pool.on('connect', (client) => client.on('error', () => undefined));
  try {
    await pool.query('select 1');
  } catch (err) {
    await pool.end();
    throw new ConfigError(`Cannot reach the database in DATABASE_URL (${(err as Error).message})`);
  }
  const db = drizzlePg(pool, { schema });
  const lock = await pool.connect();
  try {
    await lock.query('select pg_advisory_lock(727274)');
    await migratePg(drizzlePg(lock, { schema }), { migrationsFolder });
  } finally {
    await lock.query('select pg_advisory_unlock(727274)').catch(() => undefined);
    lock.release();
  }
  return { db: db as unknown as Db, kind: 'postgres', close: () => pool.end() };
}

export async function ping(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}

/** Rows of a raw SQL statement; PGlite and node-postgres both answer `{rows}`. */
export async function queryRows<T>(db: Db, statement: SQL): Promise<T[]> {
  const result = (await db.execute(statement)) as unknown as { rows: T[] };
  return result.rows;
}
