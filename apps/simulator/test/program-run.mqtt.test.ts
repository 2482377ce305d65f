import net, { type AddressInfo } from 'node:net';
import { deviceTopics } from '@hestia/contract';
import { Aedes } from 'aedes';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Fleet, startFleet } from '../src/fleet.ts';

/**
 * Issue 19: a whole washing or cooking program on the simulator's own clock, sped up the two ways a
 * test can ask (a fleet's `speed`, a running device's `simulate.speed`), over a real broker.
 */
type Reply = { result?: string; error?: string };

let broker: Aedes;
let server: net.Server;
let controller: MqttClient;
let fleet: Fleet;
/** Every telemetry message each device sent, in order. */
const sent = new Map<string, Record<string, number | string>[]>();
const waiting = new Map<string, (r: Reply) => void>();
let nextRequest = 1;

function rpc(id: string, method: string, params?: unknown): Promise<Reply> {
  const n = String(nextRequest++);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${id} ${method}: no answer`)), 5000);
    waiting.set(`${id}/${n}`, (r) => {
      clearTimeout(timer);
      resolve(r);
    });
    controller.publish(deviceTopics.rpcRequest(id, n), JSON.stringify({ method, params }), { qos: 1 });
  });
}

const write = (id: string, pairs: { Key: string; Value: number }[]) => rpc(id, 'write', pairs);
/** The phases a device reported, in order, repeats dropped. */
const phases = (id: string) =>
  (sent.get(id) ?? [])
    .flatMap((m) => (m.phase === undefined ? [] : [Number(m.phase)]))
    .filter((v, i, all) => v !== all[i - 1]);
const last = (id: string, key: string) => (sent.get(id) ?? []).findLast((m) => m[key] !== undefined)?.[key];

async function until(check: () => boolean, what: string, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check() && Date.now() < end) await new Promise((r) => setTimeout(r, 25));
  if (!check()) throw new Error(`timed out waiting for ${what}`);
}

beforeAll(async () => {
  broker = await Aedes.createBroker();
  server = net.createServer({ noDelay: true }, broker.handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `mqtt://127.0.0.1:${(server.address() as AddressInfo).port}`;
  controller = await mqtt.connectAsync(url, { clientId: 'program-run-test', reconnectPeriod: 0 });
  controller.on('message', (topic, payload) => {
    const [, id, kind, , n] = topic.split('/');
    if (!id) return;
    const body = JSON.parse(payload.toString());
    if (kind === 'telemetry') sent.set(id, [...(sent.get(id) ?? []), body]);
    if (kind === 'rpc') waiting.get(`${id}/${n}`)?.(body as Reply);
  });
  await controller.subscribeAsync(['devices/+/telemetry', 'devices/+/rpc/response/+'], { qos: 1 });
  fleet = await startFleet({
    url,
    mode: 'device',
    // The fleet's clock: ten simulated minutes a real second.
    speed: 600,
    devices: [
      { id: 'washer', accessToken: 'tok-washer', profileId: 'washing-machine-8kg-1200' },
      { id: 'dishwasher', accessToken: 'tok-dish', profileId: 'dishwasher-14-place', speed: 1 },
    ],
  });
});

afterAll(async () => {
  await fleet?.stop();
  await controller?.endAsync();
  await new Promise<void>((resolve) => broker?.close(() => resolve()));
  await new Promise<void>((resolve) => server?.close(() => resolve()));
});

describe('program runs on a sped-up simulator clock', () => {
  it('a washer on a fast fleet runs wash, rinse, spin to done and gets its duration back', async () => {
    expect(await write('washer', [{ Key: 'onoff', Value: 1 }])).toEqual({ result: 'OK' });
    expect(await write('washer', [{ Key: 'duration', Value: 30 }])).toEqual({ result: 'OK' });
    const started = Date.now();
    expect(await write('washer', [{ Key: 'play', Value: 1 }])).toEqual({ result: 'OK' });
    await until(() => last('washer', 'phase') === 4, 'the washer done');
    // 30 simulated minutes at 600× are 3 real seconds (the tick is a quarter of a second).
    expect(Date.now() - started).toBeGreaterThan(2000);
    expect(phases('washer').slice(-4)).toEqual([1, 2, 3, 4]);
    expect(last('washer', 'play')).toBe(0);
    expect(last('washer', 'duration')).toBe(30);
    // The time left was reported on the way down.
    const left = (sent.get('washer') ?? []).flatMap((m) => (m.duration === undefined ? [] : [m.duration]));
    expect(left.some((v) => Number(v) > 0 && Number(v) < 30)).toBe(true);
  });

  it('a real-time dishwasher sits still until a test speeds it up through simulate.speed', async () => {
    await write('dishwasher', [{ Key: 'onoff', Value: 1 }]);
    await write('dishwasher', [{ Key: 'duration', Value: 40 }]);
    await write('dishwasher', [{ Key: 'play', Value: 1 }]);
    await new Promise((r) => setTimeout(r, 1000));
    expect(last('dishwasher', 'duration')).toBe(40);
    expect(last('dishwasher', 'phase')).toBe(1);
    expect(await rpc('dishwasher', 'simulate.speed', { factor: 0 })).toHaveProperty('error');
    expect(await rpc('dishwasher', 'simulate.speed', { factor: 1200 })).toEqual({ result: 'OK' });
    await until(() => last('dishwasher', 'phase') === 5, 'the dishwasher done');
    expect(phases('dishwasher')).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('simulate.set reports what the world does to a device: its door opened, so it refuses to start', async () => {
    await write('washer', [{ Key: 'play', Value: 0 }]);
    expect(await rpc('washer', 'simulate.set', { key: 'door', value: 1 })).toEqual({ result: 'OK' });
    await until(() => last('washer', 'door') === 1, 'the door reported open');
    expect(await write('washer', [{ Key: 'play', Value: 1 }])).toMatchObject({ error: 'rule.door_open' });
    expect(await rpc('washer', 'simulate.set', { key: 'play', value: 1 })).toHaveProperty('error');
  });
});
