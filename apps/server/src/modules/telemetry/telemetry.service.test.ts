import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { inProcessBus } from '../../live/bus.ts';
import { errSerializer } from '../../plugins/api.ts';
import type { Reading, TelemetryRepository } from './telemetry.repository.ts';
import { TelemetryService } from './telemetry.service.ts';

/** A database error as drizzle hands it over: the statement and its parameters in the wrapper. */
function wrappedDbError(code: string, message: string): Error {
  const cause = Object.assign(new Error(message), { code, name: 'DatabaseError' });
  return Object.assign(new Error('Failed query: insert into ts_kv select 1\nparams: secret-param'), {
    query: 'insert into ts_kv select 1',
    params: ['secret-param'],
    cause,
  });
}

/** A telemetry service on a stand-in repository, logging as the server does (its `err` serializer). */
function service(writeBatch: (readings: Reading[]) => Promise<void>) {
  const lines: string[] = [];
  const log = Fastify({
    logger: { level: 'warn', serializers: { err: errSerializer }, stream: { write: (l) => lines.push(l) } },
  }).log;
  const repo = { writeBatch, latest: async () => [] } as unknown as TelemetryRepository;
  const telemetry = new TelemetryService({
    repo,
    bus: inProcessBus(),
    clock: { now: () => Date.now() },
    log,
  });
  return { telemetry, lines, parsed: () => lines.map((l) => JSON.parse(l) as Record<string, unknown>) };
}

/** A service whose database is away (the connection terminated) until `back()`; what it wrote. */
function awayService() {
  let away = true;
  const written: Reading[] = [];
  const s = service(async (readings) => {
    if (away) throw wrappedDbError('57P01', 'terminating connection due to administrator command');
    written.push(...readings);
  });
  return {
    ...s,
    written,
    back: () => {
      away = false;
    },
  };
}

describe('telemetry service log lines', () => {
  it('says why writes fail while the database is away, readably and without the statement', async () => {
    const s = awayService();
    s.telemetry.ingest('d', { n: 1 }, Date.now());
    await s.telemetry.flush();
    expect(s.parsed()).toEqual([
      expect.objectContaining({
        level: 50,
        msg: 'telemetry writes failing; will retry',
        code: '57P01',
        error: 'terminating connection due to administrator command',
        messages: 1,
      }),
    ]);
    s.back();
    await s.telemetry.close();
    expect(s.written).toHaveLength(1);
    expect(s.lines.join('')).not.toMatch(/\[object Object\]|secret-param|insert into/);
  });

  it('says which rows the database refused, readably and without the statement or values', async () => {
    const written: Reading[] = [];
    const s = service(async (readings) => {
      if (readings.some((r) => r.values.s === 'bad'))
        throw wrappedDbError('22P05', 'unsupported Unicode escape sequence');
      written.push(...readings);
    });
    const t = Date.now();
    for (let i = 0; i < 50; i++) s.telemetry.ingest('good', { n: i }, t + i);
    s.telemetry.ingest('bad', { s: 'bad' }, t);
    await s.telemetry.close();
    expect(written).toHaveLength(50);
    expect(s.parsed()).toEqual([
      expect.objectContaining({
        level: 50,
        msg: 'telemetry the database refused was dropped',
        code: '22P05',
        error: 'unsupported Unicode escape sequence',
        dropped: 1,
        devices: ['bad'],
      }),
    ]);
    expect(s.lines.join('')).not.toMatch(/\[object Object\]|secret-param|insert into/);
  });
});

describe('stored(): what a PUBACK waits for (decision 040)', () => {
  const tick = () => new Promise((r) => setTimeout(r, 20));

  it('resolves once the batch holding the rows is committed, not before, and at once with nothing queued', async () => {
    const written: Reading[] = [];
    let release: () => void = () => undefined;
    const s = service(
      (readings) =>
        new Promise<void>((resolve) => {
          release = () => {
            written.push(...readings);
            resolve();
          };
        }),
    );
    let done = false;
    await s.telemetry.stored();
    s.telemetry.ingest('d', { n: 1 }, Date.now());
    const stored = s.telemetry.stored().then(() => {
      done = true;
    });
    // Group commit: the write starts without waiting for the 200 ms mark, and is still running.
    await tick();
    expect(done).toBe(false);
    release();
    await stored;
    expect(written).toHaveLength(1);
    // What comes while a batch is written joins the next one, written right after it.
    s.telemetry.ingest('d', { n: 2 }, Date.now() + 1);
    const second = s.telemetry.stored();
    await tick();
    release();
    await second;
    expect(written).toHaveLength(2);
    // Closing writes the latest values that waited for their second.
    const closing = s.telemetry.close();
    await tick();
    release();
    await closing;
  });

  it('waits while the database is away and resolves once the retry commits; a tracked write counts too', async () => {
    const s = awayService();
    s.telemetry.ingest('d', { n: 1 }, Date.now());
    let done = false;
    const stored = s.telemetry.stored().then(() => {
      done = true;
    });
    await new Promise((r) => setTimeout(r, 300));
    expect(done).toBe(false);
    s.back();
    await stored;
    expect(s.written).toHaveLength(1);

    let finish: () => void = () => undefined;
    s.telemetry.track(new Promise<void>((r) => (finish = r)));
    let tracked = false;
    const waiting = s.telemetry.stored().then(() => {
      tracked = true;
    });
    await tick();
    expect(tracked).toBe(false);
    finish();
    await waiting;
    await s.telemetry.close();
  });
});
