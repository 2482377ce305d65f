import { type ChildProcess, execFile, execFileSync, spawn } from 'node:child_process';
import { chmodSync, chownSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { LiveClient, type SocketLike } from '@hestia/client';
import { and, eq, gte, lt, sql } from 'drizzle-orm';
import mqtt from 'mqtt';
import WebSocket from 'ws';
import type { HestiaServer } from '../src/app.ts';
import type { Db } from '../src/db/database.ts';
import { tsKv } from '../src/db/schema.ts';
import { freePort } from './crash-harness.ts';
import { waitFor } from './stack.ts';

/**
 * What the fault tests (decision 044) start for themselves: a load of devices publishing numbered
 * QoS 1 messages that counts what was published and acknowledged, and a PostgreSQL and a Redis of
 * their own that a test may stop and start again (never the machine's services).
 */

/** One device connection of the load: how it logs in and where it publishes. */
export interface LoadDevice {
  id: string;
  username: string;
  topic: string;
}

/** Devices that log in with their id as user name (an anonymous broker) and publish on their topic. */
export const byId = (ids: string[]): LoadDevice[] =>
  ids.map((id) => ({ id, username: id, topic: `devices/${id}/telemetry` }));

export interface Load {
  /** The telemetry key its messages carry, the `ts` of message 0, and the messages each device sends. */
  key: string;
  base: number;
  count: number;
  /** Messages published so far, and acknowledged (PUBACK received), as `deviceId:n`. */
  published(): number;
  acked: Set<string>;
  /** Every message the load will publish, as `deviceId:n`. */
  all(): string[];
  /** Resolves once every message has been published (not necessarily acknowledged). */
  done: Promise<void>;
  /** Times (performance.now) each connection connected, in order (the first is the start). */
  connects: number[][];
  /** The `ts` of message n of the load (its time in the stored row). */
  ts(n: number): number;
  /** Calls `fn` right after round `n`'s messages were handed to the sockets (before any PUBACK). */
  after(n: number, fn: () => void): void;
  end(): Promise<void>;
}

/**
 * `devices.length` connections (`clean: false`, their own client ids), each publishing one QoS 1
 * message `{ts, values: {[key]: n}}` every `everyMs` for `count` messages. mqtt.js keeps a message
 * until its PUBACK and sends it again after a reconnect, as the firmware does.
 */
export async function startLoad(opts: {
  url: string;
  devices: LoadDevice[];
  key: string;
  count: number;
  everyMs: number;
  clientPrefix: string;
  /** The `ts` of message 0 (by default an hour ago); message n has `base + n`. */
  base?: number;
}): Promise<Load> {
  const { devices, key, count } = opts;
  const base = opts.base ?? Date.now() - 3_600_000;
  const connects: number[][] = devices.map(() => []);
  const clients = await Promise.all(
    devices.map(async (d, i) => {
      const c = await mqtt.connectAsync(opts.url, {
        username: d.username,
        clientId: `${opts.clientPrefix}-${i}`,
        clean: false,
        reconnectPeriod: 250,
        connectTimeout: 5000,
      });
      connects[i]?.push(performance.now());
      c.on('connect', () => connects[i]?.push(performance.now()));
      return c;
    }),
  );
  const acked = new Set<string>();
  let published = 0;
  let n = 0;
  const hooks = new Map<number, () => void>();
  const done = new Promise<void>((resolve) => {
    const timer = setInterval(() => {
      for (let i = 0; i < devices.length; i++) {
        const d = devices[i] as LoadDevice;
        const id = `${d.id}:${n}`;
        published++;
        clients[i]?.publish(
          d.topic,
          JSON.stringify({ ts: base + n, values: { [key]: n } }),
          { qos: 1 },
          (err) => {
            if (!err) acked.add(id);
          },
        );
      }
      hooks.get(n)?.();
      if (++n === count) {
        clearInterval(timer);
        resolve();
      }
    }, opts.everyMs);
  });
  return {
    key,
    base,
    count,
    published: () => published,
    acked,
    all: () => devices.flatMap((d) => Array.from({ length: count }, (_, k) => `${d.id}:${k}`)),
    done,
    connects,
    ts: (k) => base + k,
    after: (k, fn) => {
      hooks.set(k, fn);
    },
    end: async () => {
      await Promise.all(clients.map((c) => c.endAsync(true).catch(() => undefined)));
    },
  };
}

/**
 * The id (`deviceId:n`) a message of a load started with `base` carries, from its topic
 * (`devices/<id>/telemetry`) and payload; null for any other message. For broker-kit's `mqttTap`.
 */
export const loadMessageId =
  (base: number) =>
  (topic: string, payload: Buffer): string | null => {
    const m = /^devices\/([^/]+)\/telemetry$/.exec(topic);
    if (!m) return null;
    try {
      return `${m[1]}:${(JSON.parse(payload.toString('utf8')) as { ts: number }).ts - base}`;
    } catch {
      return null;
    }
  };

/** The ids (`deviceId:n`) of a load's messages (`key`, started with `base`, `count` each) stored in `db`. */
export async function storedIds(
  db: Db,
  load: { key: string; base: number; count: number },
): Promise<Set<string>> {
  const rows = await db
    .select({ deviceId: tsKv.deviceId, ts: tsKv.ts })
    .from(tsKv)
    .where(and(eq(tsKv.key, load.key), gte(tsKv.ts, load.base), lt(tsKv.ts, load.base + load.count)));
  return new Set(rows.map((r) => `${r.deviceId}:${Number(r.ts) - load.base}`));
}

/** Ids (`deviceId:n`) in `ids` that `stored` lacks. */
export const missing = (ids: Iterable<string>, stored: Set<string>): string[] =>
  [...ids].filter((id) => !stored.has(id));

/** The machine's load averages, for the figures. */
export const uptime = (): string => execFileSync('uptime', { encoding: 'utf8' }).trim();

const started = new Set<() => Promise<void>>();

/** Stops every PostgreSQL and Redis this file started (afterAll, also after a failure). */
export async function stopOwnServices(): Promise<void> {
  await Promise.all([...started].map((stop) => stop().catch(() => undefined)));
  started.clear();
}

export interface OwnPostgres {
  /** postgres://…/postgres on 127.0.0.1 and the instance's own port. */
  url: string;
  /** pg_ctl stop -m fast (clients are disconnected), resolved once it is down. */
  stop(): Promise<void>;
  start(): Promise<void>;
}

const pgBin = (): string => {
  const versions = readdirSync('/usr/lib/postgresql').sort();
  return `/usr/lib/postgresql/${versions.at(-1)}/bin`;
};

/**
 * As the postgres user (PostgreSQL refuses to run as root); not blocking, as the servers under test
 * run in this process.
 */
const asPostgres = (cmd: string, args: string[]) =>
  promisify(execFile)('runuser', ['-u', 'postgres', '--', `${pgBin()}/${cmd}`, ...args]);

/**
 * A PostgreSQL cluster of the test's own, in a temporary directory, on a free port of 127.0.0.1 with
 * its socket in that directory; trust authentication (loopback only), fsync off (a test's data).
 */
export async function startOwnPostgres(): Promise<OwnPostgres> {
  const dir = mkdtempSync(join(tmpdir(), 'hestia-faults-pg-'));
  chmodSync(dir, 0o700);
  chownSync(dir, Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' })), 0);
  const data = join(dir, 'data');
  await asPostgres('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '--no-sync']);
  const port = await freePort();
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=60`;
  const ctl = (args: string[]) => asPostgres('pg_ctl', ['-D', data, '-l', join(dir, 'log'), ...args]);
  let running = false;
  const pg: OwnPostgres = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: async () => {
      if (!running) return;
      await ctl(['stop', '-m', 'fast', '-w']);
      running = false;
    },
    start: async () => {
      await ctl(['start', '-w', '-o', options]);
      running = true;
    },
  };
  await pg.start();
  started.add(async () => {
    await pg.stop().catch(() => ctl(['stop', '-m', 'immediate']).catch(() => undefined));
    rmSync(dir, { recursive: true, force: true });
  });
  return pg;
}

export interface OwnRedis {
  url: string;
  /** kill -9, resolved once it is gone. */
  kill(): Promise<void>;
  /** Starts it again on the same port, empty. */
  start(): Promise<void>;
}

/** A redis-server of the test's own on a free port of 127.0.0.1, nothing saved to disk. */
export async function startOwnRedis(): Promise<OwnRedis> {
  const port = await freePort();
  let child: ChildProcess | undefined;
  const kill = async () => {
    const c = child;
    child = undefined;
    if (!c || c.exitCode !== null || c.signalCode !== null) return;
    const gone = new Promise((r) => c.once('exit', r));
    c.kill('SIGKILL');
    await gone;
  };
  const redis: OwnRedis = {
    url: `redis://127.0.0.1:${port}`,
    kill,
    start: async () => {
      const c = spawn(
        'redis-server',
        [
          '--port',
          String(port),
          '--bind',
          '127.0.0.1',
          '--save',
          '',
          '--appendonly',
          'no',
          '--dir',
          tmpdir(),
        ],
        { stdio: ['ignore', 'pipe', 'pipe'] },
      );
      child = c;
      let out = '';
      c.stdout?.on('data', (d) => {
        out += String(d);
      });
      await waitFor(() => out.includes('Ready to accept connections'), 10_000);
    },
  };
  await redis.start();
  started.add(kill);
  return redis;
}

/** What a live client (the app's own, `@hestia/client`'s LiveClient) shows of one device. */
export interface LiveView {
  /** Each key's latest value as the app would show it. */
  values: Map<string, string>;
  /** Times (performance.now) its socket opened (true) or was lost (false). */
  states: Array<[number, boolean]>;
  /** Time of the first update of `key` with `value` after `since`, if any. */
  shownAt(key: string, value: string, since: number): number | undefined;
  close(): void;
}

/** The app's live client for `deviceId` on `baseUrl`, with its reconnects and snapshots. */
export function liveView(baseUrl: string, token: string, deviceId: string): LiveView {
  const values = new Map<string, string>();
  const states: Array<[number, boolean]> = [];
  const seen: Array<[number, string, string]> = [];
  const live = new LiveClient({
    wsBaseUrl: baseUrl.replace(/^http/, 'ws'),
    getToken: () => token,
    connect: (url) => new WebSocket(url) as unknown as SocketLike,
    onUpdate: (_id, update) => {
      const now = performance.now();
      for (const [key, [, value]] of Object.entries(update)) {
        values.set(key, String(value));
        seen.push([now, key, String(value)]);
      }
    },
    onSocketState: (open) => states.push([performance.now(), open]),
  });
  live.setDevices([{ id: deviceId }]);
  return {
    values,
    states,
    shownAt: (key, value, since) => seen.find(([t, k, v]) => t >= since && k === key && v === value)?.[0],
    close: () => live.close(),
  };
}

/** The pool of a scaled server's PostgreSQL connections (drizzle's client). */
export const poolOf = (s: HestiaServer) =>
  (s.database.db as unknown as { $client: { totalCount: number; idleCount: number; waitingCount: number } })
    .$client;

/** Transactions on each server, one after another, until `stopping` (PostgreSQL stopping) settles. */
export async function busyWhile(servers: HestiaServer[], stopping: Promise<void>): Promise<void> {
  let done = false;
  const loops = servers.map(async (s) => {
    while (!done) await s.database.db.transaction((tx) => tx.execute(sql`select 1`)).catch(() => undefined);
  });
  await stopping.finally(() => {
    done = true;
  });
  await Promise.all(loops);
}

/** On a failure: which messages are missing, each server's telemetry and pool state, its last log lines. */
export function diagnose(servers: HestiaServer[], lost: string[], logs: Record<string, string[]>): void {
  const lostBy = new Map<string, number[]>();
  for (const id of lost) {
    const [d, n] = id.split(':');
    lostBy.set(d as string, [...(lostBy.get(d as string) ?? []), Number(n)]);
  }
  for (const [d, ns] of lostBy)
    console.log(`faults, diagnosis: lost ${d} ${ns.length} ${Math.min(...ns)}..${Math.max(...ns)}`);
  for (const s of servers) {
    const t = s.telemetry as unknown as { pending: unknown[]; batchesWriting: number };
    const pool = poolOf(s);
    console.log(
      `faults, diagnosis: refused ${s.pipeline.refused()}, ${JSON.stringify(s.telemetry.metrics())}, pending ${t.pending.length}, batches ${t.batchesWriting}, pool ${pool.totalCount}/${pool.idleCount}/${pool.waitingCount}`,
    );
  }
  for (const [name, lines] of Object.entries(logs))
    console.log(`faults, diagnosis: log of ${name}\n${lines.slice(-30).join('')}`);
}
