// The embedded database's own thread: one PGlite, answering the statements the main thread sends
// (db/pglite-remote.ts), one at a time, in the order they arrive.
import { existsSync, mkdirSync, readFileSync, readlinkSync, renameSync, writeFileSync } from 'node:fs';
import { setPriority } from 'node:os';
import { dirname, join } from 'node:path';
import { parentPort, threadId, workerData } from 'node:worker_threads';
import { type ParserOptions, PGlite, type SerializerOptions } from '@electric-sql/pglite';
import type { Request, Response } from './pglite-remote.ts';

const port = parentPort;
if (!port) throw new Error('pglite-worker runs as a worker thread');

const { dataDir, settings, template } = workerData as {
  dataDir?: string;
  settings: Record<string, string>;
  /** Where an empty cluster is kept to copy (pglite-remote.ts). */
  template: string;
};

/** Error fields worth carrying across threads (a PostgreSQL error's own fields among them). */
function plainError(err: unknown): Record<string, unknown> {
  if (!(err instanceof Error)) return { message: String(err) };
  const out: Record<string, unknown> = { message: err.message, name: err.name };
  for (const [k, v] of Object.entries(err)) {
    if (v === undefined || typeof v === 'function' || (typeof v === 'object' && v !== null)) continue;
    out[k] = v;
  }
  return out;
}

/** Column types to hand over as the database's own text (drizzle maps them itself). */
function rawParsers(types: number[] | undefined): ParserOptions | undefined {
  if (!types) return undefined;
  const parsers: ParserOptions = {};
  for (const t of types) parsers[t] = (value: string) => value;
  return parsers;
}

/**
 * On Linux, lowers this thread alone (nice 10): when the cores are all busy, the event loop serving
 * devices and sockets goes first and history writes wait (they are batched and catch up); when a
 * core is free, this changes nothing. Elsewhere the thread keeps its priority.
 */
function yieldToEventLoop(): void {
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isInteger(tid) && tid !== process.pid) setPriority(tid, 10);
  } catch {
    // no /proc/thread-self: not Linux
  }
}

/**
 * A new database starts as a copy of `template` (an empty cluster PGlite once created) when there is
 * one: creating a cluster (initdb) runs a second PostgreSQL instance and takes seconds and hundreds
 * of MB; a copy takes neither. Without a template the cluster is created and then saved as one.
 */
async function open(): Promise<PGlite> {
  const fresh = dataDir === undefined || !existsSync(join(dataDir, 'PG_VERSION'));
  const copy = fresh && existsSync(template) ? new Blob([readFileSync(template)]) : undefined;
  const pg = new PGlite(dataDir, {
    startParams: [
      ...PGlite.defaultStartParams,
      ...Object.entries(settings).flatMap(([k, v]) => ['-c', `${k}=${v}`]),
    ],
    ...(copy ? { loadDataDir: copy } : {}),
  });
  await pg.waitReady;
  if (fresh && !copy) {
    try {
      const tar = await pg.dumpDataDir('none');
      mkdirSync(dirname(template), { recursive: true });
      const part = `${template}.${process.pid}.${threadId}`;
      writeFileSync(part, Buffer.from(await tar.arrayBuffer()));
      renameSync(part, template);
    } catch {
      // no template this time: the next new database is created again
    }
  }
  return pg;
}

yieldToEventLoop();
let db: PGlite;
try {
  db = await open();
  port.postMessage({ type: 'ready' });
} catch (err) {
  port.postMessage({ type: 'failed', error: plainError(err) });
  process.exit(0);
}

/**
 * `bytea` in and out as hex text made in one step. PGlite's own serializer builds an array of one
 * string per byte (~50 bytes of heap each) and its parser calls parseInt per byte: a 2 MB firmware
 * package ran this thread's 64 MB heap out of memory and stopped the database.
 */
const BYTEA = 17;
const byteaSerializers: SerializerOptions = {
  [BYTEA]: (v: unknown) => {
    if (!(v instanceof Uint8Array)) throw new Error('Invalid input for bytea type');
    return `\\x${Buffer.from(v.buffer, v.byteOffset, v.byteLength).toString('hex')}`;
  },
};
const parseBytea = (text: string) => Buffer.from(text.slice(2), 'hex');

port.on('message', async (m: Request) => {
  let reply: Response;
  try {
    if (m.op === 'close') {
      await db.close();
      reply = { id: m.id, ok: true, result: null };
    } else if (m.op === 'exec') {
      const results = await db.exec(m.sql);
      reply = {
        id: m.id,
        ok: true,
        result: results.map((r) => ({ rows: r.rows, affectedRows: r.affectedRows, fields: r.fields })),
      };
    } else {
      const r = await db.query(m.sql, m.params, {
        rowMode: m.rowMode,
        parsers: { [BYTEA]: parseBytea, ...rawParsers(m.rawTypes) },
        serializers: byteaSerializers,
      });
      reply = {
        id: m.id,
        ok: true,
        result: { rows: r.rows, affectedRows: r.affectedRows, fields: r.fields },
      };
    }
  } catch (err) {
    reply = { id: m.id, ok: false, error: plainError(err) };
  }
  port.postMessage(reply);
});
