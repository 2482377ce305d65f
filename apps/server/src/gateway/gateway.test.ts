import type { TelemetryValue } from '@hestia/contract';
import { describe, expect, it } from 'vitest';
import { type ActivityNotice, inProcessBus, type LiveBus } from '../live/bus.ts';
import type { AttributeService } from '../modules/telemetry/attribute.service.ts';
import { telemetryPipeline } from '../modules/telemetry/pipeline.ts';
import type { TelemetryRepository } from '../modules/telemetry/telemetry.repository.ts';
import { TelemetryService } from '../modules/telemetry/telemetry.service.ts';
import { createGateway, MAX_REQUEST_ID, requestIds } from './gateway.ts';
import type { BrokerTransport, DeviceMessage } from './transport.ts';

describe('command request ids', () => {
  it('wrap from 2^31-1 to 1 and skip the ids still pending for that device only', () => {
    const pending = new Set(['a|1', 'a|2', 'a|4', 'b|5']);
    const next = requestIds((deviceId, id) => pending.has(`${deviceId}|${id}`), MAX_REQUEST_ID - 1);
    expect([next('a'), next('a'), next('a'), next('a'), next('b'), next('a')]).toEqual([
      MAX_REQUEST_ID - 1,
      MAX_REQUEST_ID,
      3,
      5,
      6,
      7,
    ]);
  });

  it('never repeat an id while it is pending, across a wrap, with answers coming back out of order', () => {
    const pending = new Set<number>();
    const next = requestIds((_deviceId, id) => pending.has(id), MAX_REQUEST_ID - 500);
    const window: number[] = [];
    let seed = 7;
    const random = () => {
      seed = (seed * 48_271) % 2_147_483_647;
      return seed / 2_147_483_647;
    };
    for (let i = 0; i < 5000; i++) {
      const id = next('d');
      expect(Number.isInteger(id) && id >= 1 && id <= MAX_REQUEST_ID).toBe(true);
      expect(pending.has(id)).toBe(false);
      pending.add(id);
      window.push(id);
      // Up to 300 in flight; one of them answers (or times out), not always the oldest.
      if (window.length > 300) {
        const [answered] = window.splice(Math.floor(random() * window.length), 1);
        pending.delete(answered as number);
      }
    }
    // It went round: ids near the top and from 1 again were both handed out.
    expect(window.some((id) => id < 5000)).toBe(true);
  });
});

/** Two buses of one Redis: telemetry stays with each instance, activity notices go to the other. */
function pairedBuses(): [LiveBus, LiveBus] {
  const handlers = [new Set<(n: ActivityNotice) => void>(), new Set<(n: ActivityNotice) => void>()];
  const wire = (mine: 0 | 1): LiveBus => ({
    ...inProcessBus(),
    publishActivity: (n) => {
      for (const h of handlers[1 - mine] ?? []) h(n);
    },
    onActivity: (h) => {
      handlers[mine]?.add(h);
      return () => handlers[mine]?.delete(h);
    },
  });
  return [wire(0), wire(1)];
}

const silent = { warn: () => undefined, error: () => undefined };

/** A server instance's device side on a stand-in broker and database; what it records, by instance. */
function instance(
  name: string,
  bus: LiveBus,
  clock: { now(): number },
  records: Array<[string, Record<string, TelemetryValue>]>,
) {
  let onMessage: (m: DeviceMessage) => void = () => undefined;
  let onConnection: (id: string, connected: boolean) => void = () => undefined;
  const transport: BrokerTransport = {
    publish: async () => undefined,
    onMessage: (h) => {
      onMessage = h;
    },
    onConnection: (h) => {
      onConnection = h;
    },
    close: async () => undefined,
  };
  const repo = {
    writeBatch: async () => undefined,
    latest: async () => [],
  } as unknown as TelemetryRepository;
  const telemetry = new TelemetryService({ repo, bus, clock, log: silent });
  telemetry.onIngest((_deviceId, values) => {
    if ('active' in values) records.push([name, values]);
    return undefined;
  });
  const attributes = {
    fromDevice: async () => undefined,
    answerRequest: async () => undefined,
  } as unknown as AttributeService;
  const pipeline = telemetryPipeline({ telemetry, attributes, clock, log: silent });
  const gateway = createGateway({
    transport,
    telemetry,
    pipeline,
    attributes,
    clock,
    log: silent,
    inactivityTimeoutMs: 600_000,
  });
  return {
    gateway,
    /** The device's status message reaches this instance (scaled mode's shared subscription). */
    status: (deviceId: string, text: 'online' | 'offline') =>
      onMessage({ deviceId, kind: 'status', payload: text }),
    connect: (deviceId: string) => onConnection(deviceId, true),
    telemetry: (deviceId: string, payload: string) => onMessage({ deviceId, kind: 'telemetry', payload }),
    attributesRequest: (deviceId: string) =>
      onMessage({ deviceId, kind: 'attributes/request', requestId: '1', payload: '{}' }),
    close: async () => {
      gateway.close();
      await telemetry.close();
    },
  };
}

describe('inactivity timeout across instances', () => {
  it('keeps a device active while it speaks to the other instance, marks it inactive once when nobody hears it, and active again once', async () => {
    let now = Date.UTC(2026, 0, 5);
    const clock = { now: () => now };
    const records: Array<[string, Record<string, TelemetryValue>]> = [];
    const [busA, busB] = pairedBuses();
    const a = instance('A', busA, clock, records);
    const b = instance('B', busB, clock, records);
    const sweep = () => {
      a.gateway.sweep();
      b.gateway.sweep();
    };
    const kinds = () =>
      records.map(([name, v]) => `${name} ${Object.keys(v).find((k) => k !== 'active')} ${v.active}`);

    a.status('d', 'online');
    expect(kinds()).toEqual(['A lastConnectTime true']);
    // Twenty minutes of messages that all reach B: every 100 s, then every 10 s (B tells A at most
    // every 30 s of those).
    for (let i = 0; i < 6; i++) {
      now += 100_000;
      b.telemetry('d', `{"n":${i}}`);
      sweep();
    }
    for (let i = 0; i < 60; i++) {
      now += 10_000;
      if (i % 2) b.telemetry('d', `{"n":${i}}`);
      else b.attributesRequest('d');
      sweep();
    }
    expect(kinds()).toEqual(['A lastConnectTime true']);

    // Silent everywhere: B heard it last and marks it at the timeout; A hears of it and does not.
    now += 599_000;
    sweep();
    expect(kinds()).toHaveLength(1);
    now += 2000;
    sweep();
    now += 600_000;
    sweep();
    expect(kinds()).toEqual(['A lastConnectTime true', 'B inactivityAlarmTime false']);

    // It speaks to A: active again, once, and B knows.
    a.telemetry('d', '{"n":100}');
    b.telemetry('d', '{"n":101}');
    expect(kinds().slice(2)).toEqual(['A lastActivityTime true']);
    now += 300_000;
    b.telemetry('d', '{"n":102}');
    now += 500_000;
    sweep();
    expect(kinds()).toHaveLength(3);

    // Gone, said to B: neither instance marks it inactive any more.
    b.status('d', 'offline');
    now += 2_000_000;
    sweep();
    expect(kinds().slice(3)).toEqual(['B lastDisconnectTime false']);
    await Promise.all([a.close(), b.close()]);
  });

  it('marks a device inactive by the instance that knows it when the one that heard it last is gone', async () => {
    let now = Date.UTC(2026, 0, 5);
    const clock = { now: () => now };
    const records: Array<[string, Record<string, TelemetryValue>]> = [];
    const [busA, busB] = pairedBuses();
    const a = instance('A', busA, clock, records);
    const b = instance('B', busB, clock, records);
    a.connect('d');
    now += 1000;
    b.telemetry('d', '{"n":1}');
    b.gateway.close();
    // A counts B's word with the slack it may lag by: 30 s plus two sweeps of 10 s.
    now += 600_000 + 49_000;
    a.gateway.sweep();
    expect(records).toHaveLength(1);
    now += 2000;
    a.gateway.sweep();
    expect(records.map(([name, v]) => [name, v.active])).toEqual([
      ['A', true],
      ['A', false],
    ]);
    await Promise.all([a.close(), b.close()]);
  });
});
