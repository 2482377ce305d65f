import net, { type AddressInfo } from 'node:net';
import {
  getError,
  keyOf,
  type ModelProfile,
  profiles,
  SIMULATED_ROUTER,
  type WritePair,
} from '@hestia/catalog';
import { deviceTopics } from '@hestia/contract';
import { Aedes } from 'aedes';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningDevice, startDevice } from '../src/device.ts';
import { otherValue, toTrue, unblock } from './plan.ts';

type State = Record<string, number | string>;
type Reply = { result?: string; error?: string; message?: string; state?: State };

/** One model per family: the one with the most rules, so refusals are exercised where they exist. */
const representatives: ModelProfile[] = [...new Set(profiles.map((p) => p.family))].map((family) => {
  const models = profiles.filter((p) => p.family === family);
  return models.reduce((a, b) =>
    b.rules.length + b.errors.length / 1000 > a.rules.length + a.errors.length / 1000 ? b : a,
  );
});

let broker: Aedes;
let server: net.Server;
let controller: MqttClient;
const devices: RunningDevice[] = [];
const telemetry = new Map<string, State>();
const waiting = new Map<string, (r: Reply) => void>();
let nextRequest = 1;

function rpc(deviceId: string, method: string, params?: unknown): Promise<Reply> {
  const n = String(nextRequest++);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${deviceId} ${method}: no answer`)), 5000);
    waiting.set(`${deviceId}/${n}`, (r) => {
      clearTimeout(timer);
      resolve(r);
    });
    controller.publish(deviceTopics.rpcRequest(deviceId, n), JSON.stringify({ method, params }), { qos: 1 });
  });
}

async function state(id: string): Promise<State> {
  const r = await rpc(id, 'getState');
  return r.state ?? {};
}

/** Write, lifting rule and limit refusals the way a user would (stop cooking, switch on ...). */
async function writeThrough(p: ModelProfile, id: string, pairs: WritePair[], depth = 0): Promise<Reply> {
  const reply = await rpc(id, 'write', pairs);
  if (!reply.error || depth > 3 || !getError(reply.error)) return reply;
  const fix = unblock(p, await state(id), pairs);
  if (!fix || fix.length === 0) return reply;
  for (const pair of fix) await writeThrough(p, id, [pair], depth + 1);
  return writeThrough(p, id, pairs, depth + 1);
}

async function until(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((r) => setTimeout(r, 20));
  if (!check()) throw new Error(`timed out waiting for ${what}`);
}

beforeAll(async () => {
  broker = await Aedes.createBroker();
  server = net.createServer({ noDelay: true }, broker.handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `mqtt://127.0.0.1:${(server.address() as AddressInfo).port}`;
  controller = await mqtt.connectAsync(url, { clientId: 'catalog-test', reconnectPeriod: 0 });
  controller.on('message', (topic, payload) => {
    const [, id, kind, , n] = topic.split('/');
    if (!id) return;
    const body = JSON.parse(payload.toString()) as Record<string, unknown>;
    if (kind === 'telemetry') telemetry.set(id, { ...telemetry.get(id), ...(body as State) });
    if (kind === 'rpc') waiting.get(`${id}/${n}`)?.(body as Reply);
  });
  await controller.subscribeAsync(['devices/+/telemetry', 'devices/+/rpc/response/+'], { qos: 1 });
  for (const p of representatives) {
    devices.push(
      await startDevice(url, { id: `t-${p.id}`, accessToken: `tok-${p.id}`, profileId: p.id }, 'device'),
    );
  }
});

afterAll(async () => {
  await Promise.all(devices.map((d) => d.close()));
  await controller?.endAsync();
  await new Promise<void>((resolve) => broker?.close(() => resolve()));
  await new Promise<void>((resolve) => server?.close(() => resolve()));
});

describe('a simulated device of every family over real MQTT', () => {
  it('covers every family', () => {
    expect(representatives.length).toBeGreaterThanOrEqual(30);
  });

  for (const p of representatives) {
    const id = `t-${p.id}`;
    describe(`${p.family} (${p.id})`, () => {
      it('reports its Wi-Fi router and signal when it connects, as ThingsBoard firmware does', async () => {
        await until(() => telemetry.get(id)?.RSSI !== undefined, `${id} Wi-Fi telemetry`);
        const first = telemetry.get(id) ?? {};
        expect(first.AP).toBe(SIMULATED_ROUTER);
        expect(first.RSSI).toBeTypeOf('number');
        expect(Number(first.RSSI)).toBeGreaterThanOrEqual(-90);
        expect(Number(first.RSSI)).toBeLessThan(-30);
      });

      it('round-trips every writable parameter', async () => {
        await until(
          () => telemetry.has(id) || p.keys.every((k) => k.access === 'w'),
          `${id} first telemetry`,
        );
        for (const def of p.keys.filter((k) => k.access !== 'r')) {
          const before = await state(id);
          const value = def.access === 'w' && def.kind === 'number' ? 50 : otherValue(def, before[def.key]);
          const reply = await writeThrough(p, id, [{ Key: def.key, Value: value }]);
          expect(reply, `${def.key}=${value}`).toEqual({ result: 'OK' });
          if (def.access === 'rw') {
            await until(() => telemetry.get(id)?.[def.key] === value, `${def.key}=${value} telemetry`);
            expect((await state(id))[def.key]).toBe(value);
          }
        }
      });

      const refusable = p.rules.find((r) => toTrue(p, r.when));
      if (refusable)
        it('answers a rule refusal with the catalogue error', async () => {
          if (!refusable) return;
          for (const pair of toTrue(p, refusable.when) ?? []) {
            expect(await writeThrough(p, id, [pair])).toEqual({ result: 'OK' });
          }
          const f = refusable.forbid[0];
          if (f === undefined) throw new Error('rule forbids nothing');
          const key = typeof f === 'string' ? f : f.key;
          const def = keyOf(p, key);
          if (!def) throw new Error(key);
          const value = typeof f === 'string' ? otherValue(def, (await state(id))[key]) : f.value;
          const reply = await rpc(id, 'write', [{ Key: key, Value: value }]);
          expect(reply).toEqual({ error: refusable.error, message: getError(refusable.error)?.messages.en });
        });

      const fault = p.errors.find((c) => getError(c)?.kind === 'fault');
      if (fault)
        it('reports a raised catalogue error as firmware would', async () => {
          if (!fault) return;
          expect(await rpc(id, 'simulate.raiseError', { code: fault })).toEqual({ result: 'OK' });
          await until(() => telemetry.get(id)?.error_code === getError(fault)?.wire, `${fault} telemetry`);
          expect(await rpc(id, 'simulate.clearErrors')).toEqual({ result: 'OK' });
          await until(() => telemetry.get(id)?.error_code === '', 'cleared error');
          expect(await rpc(id, 'simulate.raiseError', { code: 'no.such.code' })).toMatchObject({
            error: expect.any(String),
          });
        });
    });
  }
});
