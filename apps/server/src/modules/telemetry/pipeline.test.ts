import type { TelemetryValue } from '@hestia/contract';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { inProcessBus, type TelemetryEvent } from '../../live/bus.ts';
import { errSerializer } from '../../plugins/api.ts';
import type { AttributeService } from './attribute.service.ts';
import { type StoreStages, store, telemetryPipeline } from './pipeline.ts';
import type { TelemetryRepository } from './telemetry.repository.ts';
import { type Previous, TelemetryService } from './telemetry.service.ts';

/** The server's own logger settings (the `err` serializer), writing its lines here. */
function serverLog() {
  const lines: string[] = [];
  const log = Fastify({
    logger: { level: 'warn', serializers: { err: errSerializer }, stream: { write: (l) => lines.push(l) } },
  }).log;
  return { log, lines, parsed: () => lines.map((l) => JSON.parse(l) as Record<string, unknown>) };
}

/** A database error as drizzle hands it over: the statement and its parameters in the wrapper. */
function wrappedDbError(code: string, message: string): Error {
  const cause = Object.assign(new Error(message), { code, name: 'DatabaseError' });
  return Object.assign(
    new Error('Failed query: insert into attribute_kv values ($1, $2)\nparams: secret-param,42'),
    { query: 'insert into attribute_kv values ($1, $2)', params: ['secret-param', 42], cause },
  );
}

function stack(opts: { fromDevice?: AttributeService['fromDevice'] } = {}) {
  let now = Date.UTC(2026, 0, 5);
  const clock = { now: () => now };
  const { log, lines, parsed } = serverLog();
  const repo = {
    writeBatch: async () => undefined,
    latest: async () => [],
  } as unknown as TelemetryRepository;
  const telemetry = new TelemetryService({ repo, bus: inProcessBus(), clock, log });
  const attributes = {
    fromDevice: opts.fromDevice ?? (async () => undefined),
  } as unknown as AttributeService;
  const pipeline = telemetryPipeline({ telemetry, attributes, clock, log });
  return {
    telemetry,
    pipeline,
    lines,
    parsed,
    advance: (ms: number) => {
      now += ms;
    },
    now: () => now,
  };
}

describe('telemetry pipeline stages', () => {
  it('runs cache, history, fan-out and triggers in that order on one batch', () => {
    const calls: string[] = [];
    const replaced: Previous[] = [Object.create(null)];
    let seen: { samples?: TelemetryEvent[]; previous?: Previous[] } = {};
    const stages: StoreStages = {
      cache: (samples) => {
        calls.push(`cache ${samples.length}`);
        seen = { samples };
        return replaced;
      },
      history: (samples) => {
        calls.push(`history ${samples.length}`);
        expect(samples).toBe(seen.samples);
      },
      fanOut: (samples) => {
        calls.push(`fanOut ${samples.length}`);
        expect(samples).toBe(seen.samples);
      },
      trigger: (samples, previous) => {
        calls.push(`trigger ${samples.length}`);
        expect(samples).toBe(seen.samples);
        seen.previous = previous;
      },
    };
    const samples = [{ deviceId: 'd', ts: 1, values: { a: 1 } }];
    store(stages, samples);
    expect(calls).toEqual(['cache 1', 'history 1', 'fanOut 1', 'trigger 1']);
    expect(seen.previous).toBe(replaced);
    store(stages, []);
    expect(calls).toHaveLength(4);
  });

  it("gives a message's readings without ts one stamp, moving forward per device", () => {
    const s = stack();
    const got: Array<[string, number]> = [];
    s.telemetry.onIngest((_deviceId, values, _previous, ts) => {
      got.push([Object.keys(values).join(), ts]);
      return undefined;
    });
    const t = s.now();
    expect(
      s.pipeline.accept('d', JSON.stringify([{ a: 1 }, { ts: t - 5000, values: { b: 2 } }, { c: 3 }])),
    ).toBe(true);
    expect(s.pipeline.accept('d', '{"e":5}')).toBe(true);
    expect(got).toEqual([
      ['a', t],
      ['b', t - 5000],
      ['c', t],
      ['e', t + 1],
    ]);
  });

  it('shows triggers the value a key named __proto__ or toString had before, and nothing for keys not sent', () => {
    const s = stack();
    const previous: Previous[] = [];
    s.telemetry.onIngest((_deviceId, _values, p) => {
      previous.push(p);
      return undefined;
    });
    expect(s.pipeline.accept('d', '{"__proto__":1,"toString":"a"}')).toBe(true);
    expect(s.pipeline.accept('d', '{"__proto__":2,"toString":"b"}')).toBe(true);
    expect(s.pipeline.accept('d', '{"x":{"__proto__":3}}')).toBe(true);
    const [first, second, third] = previous as [Previous, Previous, Previous];
    expect(Object.keys(first)).toEqual(['__proto__', 'toString']);
    const proto = (p: Previous) => Reflect.get(p, '__proto__');
    expect([proto(first), first.toString]).toEqual([undefined, undefined]);
    expect([proto(second), second.toString]).toEqual([1, 'a']);
    // What automations ask (`k in previous`) holds only for the keys the message sent.
    expect(['__proto__' in third, 'toString' in third, 'x' in third]).toEqual([false, false, true]);
    expect(s.telemetry.cached('d', '__proto__')).toBe(2);
    expect(s.telemetry.cached('d', 'x')).toEqual(JSON.parse('{"__proto__":3}') as TelemetryValue);
  });
});

describe('device attributes the database refuses', () => {
  it('are logged once per device per minute, readably, with the count and no statement or parameters', async () => {
    const s = stack({
      fromDevice: () => Promise.reject(wrappedDbError('22P05', 'unsupported Unicode escape sequence')),
    });
    const settle = () => new Promise((r) => setTimeout(r, 0));
    for (let i = 0; i < 200; i++) {
      expect(s.pipeline.acceptAttributes('a', `{"fw":"${i}"}`)).toBe(true);
      if (i % 2 === 0) s.pipeline.acceptAttributes('b', '{"fw":"1"}');
    }
    await settle();
    expect(s.parsed().map((l) => [l.level, l.msg, l.deviceId, l.failedSinceLastLine])).toEqual([
      [50, 'device attributes could not be stored', 'a', 1],
      [50, 'device attributes could not be stored', 'b', 1],
    ]);
    const line = s.parsed()[0] as Record<string, unknown>;
    expect([line.code, line.error]).toEqual(['22P05', 'unsupported Unicode escape sequence']);
    const text = s.lines.join('');
    expect(text).not.toMatch(/\[object Object\]|secret-param|insert into/);
    expect(text.length).toBeLessThan(1000);

    s.advance(60_000);
    s.pipeline.acceptAttributes('a', '{"fw":"again"}');
    await settle();
    expect(s.parsed().at(-1)).toMatchObject({ deviceId: 'a', failedSinceLastLine: 200 });
    expect(s.lines).toHaveLength(3);
  });
});
