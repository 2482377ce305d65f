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

describe('telemetry service log lines', () => {
  it('says why writes fail while the database is away, readably and without the statement', async () => {
    let away = true;
    const written: Reading[] = [];
    const s = service(async (readings) => {
      if (away) throw wrappedDbError('57P01', 'terminating connection due to administrator command');
      written.push(...readings);
    });
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
    away = false;
    await s.telemetry.close();
    expect(written).toHaveLength(1);
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
