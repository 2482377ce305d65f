import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Worker } from 'node:worker_threads';
import type { PGlite, QueryOptions, Results } from '@electric-sql/pglite';
import { tsWorker } from '../ts-worker.ts';
import { type PgliteSettings, pgliteDefaults, postgresSettings } from './pglite-settings.ts';

type Operation =
  | { op: 'query'; sql: string; params?: unknown[]; rowMode?: 'array' | 'object'; rawTypes?: number[] }
  | { op: 'exec'; sql: string }
  | { op: 'close' };

export type Request = Operation & { id: number };

export type Response =
  | { id: number; ok: true; result: unknown }
  | { id: number; ok: false; error: Record<string, unknown> };

/**
 * An empty cluster of this PGlite version, copied for each new database: beside the installed
 * packages (node_modules/.cache), so it is made once per install and never committed.
 */
const pgliteDir = dirname(dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite')));
const pgliteVersion = (
  JSON.parse(readFileSync(join(pgliteDir, 'package.json'), 'utf8')) as { version: string }
).version;
const clusterTemplate = join(pgliteDir, '../../.cache/hestia', `pglite-${pgliteVersion}-cluster.tar`);

/** The database's error, rebuilt on this thread with its fields (code, detail, constraint…). */
function rebuilt(fields: Record<string, unknown>): Error {
  const err = new Error(String(fields.message ?? 'database error'));
  Object.assign(err, fields);
  return err;
}

/**
 * PGlite on its own worker thread, with the part of PGlite's interface drizzle uses (`query`,
 * `exec`, `transaction`): the embedded database's work no longer holds up the sockets, the broker
 * and the timers on the main thread (decision 014).
 *
 * Semantics are PGlite's own: statements run one at a time in the order sent; while a transaction
 * is open, statements from outside it wait until it ends.
 */
export class PgliteRemote {
  readonly #worker: Worker;
  readonly #pending = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>();
  #next = 1;
  #stopped: Error | null = null;
  #closing = false;
  #onLost: (err: Error) => void = () => undefined;
  /** The open transaction, if any: other statements wait for it. */
  #tx: Promise<unknown> | null = null;

  private constructor(worker: Worker) {
    this.#worker = worker;
    worker.on('message', (m: Response) => {
      const p = this.#pending.get(m.id);
      if (!p) return;
      this.#pending.delete(m.id);
      if (this.#pending.size === 0) worker.unref();
      if (m.ok) p.resolve(m.result);
      else p.reject(rebuilt(m.error));
    });
    // The first reason stays: a crash is followed by an exit, which must not hide it.
    const stop = (err: Error) => {
      if (!this.#stopped && !this.#closing) this.#onLost(err);
      this.#stopped ??= err;
      for (const p of this.#pending.values()) p.reject(err);
      this.#pending.clear();
    };
    worker.on('error', (err) => stop(new Error(`the embedded database stopped: ${err.message}`)));
    worker.on('exit', () => stop(new Error('the embedded database is closed')));
    worker.unref();
  }

  /**
   * Starts the worker and PGlite in it (`dataDir` undefined: in memory) with PostgreSQL's
   * `settings` (pglite-settings.ts). A new database is a copy of an empty cluster kept in
   * node_modules/.cache, made from the first one created (see pglite-worker.ts).
   */
  static async open(
    dataDir: string | undefined,
    settings: PgliteSettings = pgliteDefaults,
  ): Promise<PgliteRemote> {
    const worker = tsWorker(
      new URL('./pglite-worker.ts', import.meta.url),
      { dataDir, settings: postgresSettings(settings), template: clusterTemplate },
      { maxOldGenerationSizeMb: settings.threadHeapMb },
    );
    const first = await new Promise<{ type: string; error?: Record<string, unknown> }>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    if (first.type !== 'ready') {
      await worker.terminate();
      throw rebuilt(first.error ?? {});
    }
    return new PgliteRemote(worker);
  }

  #send(req: Operation): Promise<unknown> {
    if (this.#stopped) return Promise.reject(this.#stopped);
    const id = this.#next++;
    return new Promise((resolve, reject) => {
      if (this.#pending.size === 0) this.#worker.ref();
      this.#pending.set(id, { resolve, reject });
      this.#worker.postMessage({ ...req, id });
    });
  }

  #query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    // drizzle's parsers hand some types over as text; say which, functions do not cross threads.
    const rawTypes = options?.parsers ? Object.keys(options.parsers).map(Number) : undefined;
    return this.#send({ op: 'query', sql, params, rowMode: options?.rowMode, rawTypes }) as Promise<
      Results<T>
    >;
  }

  // Each method below waits while a transaction is open and then sends at once, with no await
  // between the check and the send, so nothing can slip into someone else's transaction.

  async query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    while (this.#tx) await this.#tx.catch(() => undefined);
    return this.#query<T>(sql, params, options);
  }

  async exec(sql: string): Promise<Array<Results>> {
    while (this.#tx) await this.#tx.catch(() => undefined);
    return this.#send({ op: 'exec', sql }) as Promise<Array<Results>>;
  }

  async transaction<T>(body: (tx: { query: PgliteRemote['query'] }) => Promise<T>): Promise<T> {
    while (this.#tx) await this.#tx.catch(() => undefined);
    const run = async () => {
      await this.#query('begin');
      try {
        const result = await body({ query: (sql, params, options) => this.#query(sql, params, options) });
        await this.#query('commit');
        return result;
      } catch (err) {
        await this.#query('rollback').catch(() => undefined);
        throw err;
      }
    };
    const tx = run();
    this.#tx = tx;
    try {
      return await tx;
    } finally {
      this.#tx = null;
    }
  }

  /**
   * Called once if the thread stops while the database is in use (a crash, not `close`): nothing
   * more can be read or written until the server is started again.
   */
  onLost(handler: (err: Error) => void): void {
    this.#onLost = handler;
  }

  /** The database's thread (for the test that stops it). */
  thread(): Worker {
    return this.#worker;
  }

  async close(): Promise<void> {
    if (this.#stopped) return;
    this.#closing = true;
    while (this.#tx) await this.#tx.catch(() => undefined);
    await this.#send({ op: 'close' });
    await this.#worker.terminate();
  }

  /** For drizzle's PGlite driver, which takes a PGlite. */
  asPglite(): PGlite {
    return this as unknown as PGlite;
  }
}
