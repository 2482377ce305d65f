import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeviceRepository } from '../src/modules/device/device.repository.ts';
import { readSeries } from '../src/modules/telemetry/telemetry.repository.ts';
import { type Stack, startStack, waitFor } from './stack.ts';

let stack: Stack;
const T0 = Date.UTC(2026, 0, 1);
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack?.stop());

const raw = (path: string, token: string) =>
  fetch(`${stack.server.url}/api/v1${path}`, { headers: { authorization: `Bearer ${token}` } }).then(
    async (r) => ({ status: r.status, body: await r.json() }),
  );

describe('telemetry history', () => {
  it('aggregates the same bucket by bucket as in one pass: every aggregation, order, gaps and a partial last bucket', async () => {
    const device = stack.ids.plug;
    const base = Date.UTC(2026, 1, 1);
    // Irregular samples over five hours with an empty hour, numbers, booleans and text; some fall
    // exactly on bucket edges (every 7th minute is on the minute).
    for (let i = 0; i < 300; i++) {
      if (i >= 120 && i < 180) continue;
      const ts = base + i * 60_000 + (i % 7) * 1000;
      stack.server.telemetry.ingest(
        device,
        { power: (i * 37) % 101, on: i % 3 === 0, mode: `m${i % 4}` },
        ts,
      );
    }
    await stack.server.telemetry.flush();
    for (const agg of ['AVG', 'MIN', 'MAX', 'SUM', 'COUNT'] as const)
      for (const orderBy of ['ASC', 'DESC'] as const)
        for (const interval of [15 * 60_000, 3_600_000, 7 * 60_000]) {
          const q = {
            deviceId: device,
            keys: ['power', 'on', 'mode'],
            startTs: base,
            endTs: base + 290 * 60_000 + 1,
            interval,
            agg,
            limit: 1000,
            orderBy,
          };
          const probed = await readSeries(stack.server.database.db, q, 'probe');
          expect(probed.power?.length).toBeGreaterThanOrEqual(4);
          expect(probed).toEqual(await readSeries(stack.server.database.db, q, 'scan'));
        }
  });

  it('answers raw points newest first, with limits, and aggregates buckets stamped at their middle', async () => {
    const device = stack.ids.plug;
    // One power sample a minute for an hour: 0, 10, 20, ... 590 W; and a relay flipping.
    for (let i = 0; i < 60; i++)
      stack.server.telemetry.ingest(device, { power: i * 10, relay_1: i % 2 }, T0 + i * 60_000);
    const series = (query: Record<string, string | number>) =>
      stack.client.call('timeseries', {
        params: { entityType: 'DEVICE', entityId: device },
        query: query as never,
      });

    const rawPoints = await series({ keys: 'power', startTs: T0, endTs: T0 + 3600_000, limit: 3 });
    expect(rawPoints.power).toEqual([
      { ts: T0 + 59 * 60_000, value: '590' },
      { ts: T0 + 58 * 60_000, value: '580' },
      { ts: T0 + 57 * 60_000, value: '570' },
    ]);

    const avg = await series({
      keys: 'power,relay_1',
      startTs: T0,
      endTs: T0 + 3600_000,
      interval: 600_000,
      agg: 'AVG',
      orderBy: 'ASC',
    });
    expect(avg.power?.map((p) => p.value)).toEqual(['45', '145', '245', '345', '445', '545']);
    expect(avg.power?.[0]?.ts).toBe(T0 + 300_000);
    expect(avg.relay_1?.[0]?.value).toBe('0.5');
    const max = await series({
      keys: 'power',
      startTs: T0,
      endTs: T0 + 3600_000,
      interval: 3600_000,
      agg: 'MAX',
    });
    expect(max.power).toEqual([{ ts: T0 + 1800_000, value: '590' }]);
    const count = await series({
      keys: 'power',
      startTs: T0,
      endTs: T0 + 1800_000,
      interval: 1800_000,
      agg: 'COUNT',
    });
    expect(count.power?.[0]?.value).toBe('30');
    const sum = await series({
      keys: 'power',
      startTs: T0,
      endTs: T0 + 180_000,
      interval: 180_000,
      agg: 'SUM',
    });
    expect(sum.power?.[0]?.value).toBe('30');

    // The spec's spelling answers the same.
    const spelled = await stack.client.call('timeSeries', {
      params: { entityType: 'DEVICE', entityId: device },
      query: { keys: 'power', startTs: T0, endTs: T0 + 3600_000, limit: 1 } as never,
    });
    expect(spelled.power).toEqual([{ ts: T0 + 59 * 60_000, value: '590' }]);
  });

  it('refuses unbounded or oversized queries with a clear error', async () => {
    const token = (await stack.client.login('demo@hestia.local', 'HestiaDemo1')).token;
    const base = `/telemetry/DEVICE/${stack.ids.plug}/values/timeseries`;
    const cases: Array<[string, RegExp]> = [
      // Without either end it answers the latest values (thingsboard-rest.test.ts); one alone is refused.
      [`${base}?keys=power&startTs=0`, /startTs and endTs together/],
      [`${base}?keys=power&endTs=1000`, /startTs and endTs together/],
      [`${base}?keys=power&startTs=10&endTs=5`, /endTs must be after startTs/],
      [`${base}?keys=power&startTs=0&endTs=${400 * 86_400_000}`, /366 days/],
      [`${base}?keys=power&startTs=0&endTs=86400000&agg=AVG`, /interval is required/],
      [`${base}?keys=power&startTs=0&endTs=86400000&agg=AVG&interval=1000`, /more than 10000 intervals/],
      [`${base}?startTs=0&endTs=1000`, /keys/],
      [`/telemetry/ASSET/${stack.ids.plug}/values/timeseries?keys=a&startTs=0&endTs=1`, /Only DEVICE/],
    ];
    for (const [path, message] of cases) {
      const res = await raw(path, token);
      expect([path, res.status]).toEqual([path, 400]);
      expect(res.body.message).toMatch(message);
    }
  });

  it('answers the latest values of chosen keys', async () => {
    const now = Date.now();
    stack.server.telemetry.ingest(stack.ids.plug, { meter_total: 12.5 }, now);
    const latest = await stack.client.call('latestTimeseries', {
      params: { entityType: 'DEVICE', entityId: stack.ids.plug },
      query: { keys: 'meter_total' } as never,
    });
    expect(latest).toEqual({ meter_total: [{ ts: now, value: '12.5' }] });
  });
});

describe('telemetry ingest', () => {
  it('keeps every message of a device that arrive in the same millisecond (server-stamped)', async () => {
    const [plug] = (await new DeviceRepository(stack.server.database.db).simulated()).filter(
      (d) => d.id === stack.ids.plug,
    );
    const device = await mqtt.connectAsync(stack.server.mqttUrl, {
      username: plug?.accessToken,
      reconnectPeriod: 0,
    });
    const since = Date.now() - 1000;
    // One burst: the broker reads these from the socket together, within a millisecond or two.
    for (let i = 0; i < 50; i++) device.publish('v1/devices/me/telemetry', JSON.stringify({ burst: i }));
    await device.endAsync();
    const stored = async () => {
      await stack.server.telemetry.flush();
      const r = await stack.client.call('timeseries', {
        params: { entityType: 'DEVICE', entityId: stack.ids.plug },
        query: { keys: 'burst', startTs: since, endTs: Date.now() + 60_000, limit: 100 } as never,
      });
      return (r.burst ?? [])
        .map((p: { value: string }) => Number(p.value))
        .sort((a: number, b: number) => a - b);
    };
    await waitFor(async () => (await stored()).length === 50, 5000);
    expect(await stored()).toEqual(Array.from({ length: 50 }, (_, i) => i));
  });
});
