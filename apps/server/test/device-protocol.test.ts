import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeviceRepository } from '../src/modules/device/device.repository.ts';
import { newAccessToken } from '../src/seed/demo.ts';
import { type Stack, startStack, waitFor } from './stack.ts';

let stack: Stack;
let device: { id: string; accessToken: string };
beforeAll(async () => {
  stack = await startStack();
  const owner = (await new DeviceRepository(stack.server.database.db).get(stack.ids.switch))
    ?.ownerId as string;
  device = await new DeviceRepository(stack.server.database.db).create({
    ownerId: owner,
    name: 'Hall switch',
    label: 'Hall switch',
    profileId: 'switch-one-pole',
    accessToken: newAccessToken(),
  });
});
afterAll(() => stack?.stop());

const connect = (username: string) =>
  mqtt.connectAsync(stack.server.mqttUrl, { username, clientId: `t-${Math.random()}`, reconnectPeriod: 0 });

describe("ThingsBoard's device MQTT API on the embedded broker", () => {
  it('refuses an unknown access token', async () => {
    await expect(connect('not-a-token')).rejects.toThrow(/Not authorized|Connection refused/i);
  });

  it('cuts off a connected device the moment it is deleted, and refuses its token after', async () => {
    const repo = new DeviceRepository(stack.server.database.db);
    const doomed = await repo.create({
      ownerId: (await repo.get(device.id))?.ownerId as string,
      name: 'Porch switch',
      label: 'Porch switch',
      profileId: 'switch-one-pole',
      accessToken: newAccessToken(),
    });
    const c = await connect(doomed.accessToken);
    const closed = new Promise<number>((resolve) => c.once('close', () => resolve(Date.now())));
    const deletedAt = Date.now();
    await stack.client.call('deleteDevice', { params: { id: doomed.id } });
    expect((await closed) - deletedAt).toBeLessThan(2000);
    c.end(true);
    await expect(connect(doomed.accessToken)).rejects.toThrow(/Not authorized|Connection refused/i);
  });

  it('takes telemetry on v1/devices/me/telemetry, plain and with ts, and tracks the connection', async () => {
    const c = await connect(device.accessToken);
    await waitFor(async () => (await stack.client.getDevice(device.id)).deviceData.active === true);
    await c.publishAsync('v1/devices/me/telemetry', JSON.stringify({ relay_1: 1, temperature: 23.5 }), {
      qos: 1,
    });
    await c.publishAsync(
      'v1/devices/me/telemetry',
      JSON.stringify([{ ts: 1_700_000_000_000, values: { old: 1 } }]),
      { qos: 1 },
    );
    await waitFor(async () => (await stack.client.getDevice(device.id)).deviceData.temperature === 23.5);
    const d = await stack.client.getDevice(device.id);
    expect(d.deviceRawData.old).toEqual([1_700_000_000_000, 1]);
    expect(d.deviceData.lastConnectTime).toEqual(expect.any(Number));
    await c.endAsync();
    await waitFor(async () => (await stack.client.getDevice(device.id)).deviceData.active === false);
  });

  it('delivers RPC requests on v1/devices/me/rpc/request/+ and takes the response', async () => {
    const c = await connect(device.accessToken);
    await waitFor(async () => (await stack.client.getDevice(device.id)).deviceData.active === true);
    await c.subscribeAsync('v1/devices/me/rpc/request/+', { qos: 1 });
    const seen: unknown[] = [];
    c.on('message', (topic, payload) => {
      const id = topic.split('/').pop();
      seen.push(JSON.parse(payload.toString()));
      c.publish(`v1/devices/me/rpc/response/${id}`, JSON.stringify({ result: 'OK' }), { qos: 1 });
    });
    const res = await stack.client.twowayRpc(device.id, {
      method: 'write',
      params: [{ Key: 'relay_1', Value: 0 }],
    });
    expect(res).toEqual({ result: 'OK' });
    expect(seen).toEqual([{ method: 'write', params: [{ Key: 'relay_1', Value: 0 }] }]);
    await c.endAsync();
  });

  it('times out with a clear error when the device does not answer', async () => {
    const c = await connect(device.accessToken);
    await c.subscribeAsync('v1/devices/me/rpc/request/+', { qos: 1 });
    await waitFor(async () => (await stack.client.getDevice(device.id)).deviceData.active === true);
    await expect(
      stack.client.twowayRpc(device.id, {
        method: 'write',
        params: [{ Key: 'relay_1', Value: 1 }],
        timeout: 300,
      }),
    ).rejects.toMatchObject({
      statusCode: 504,
      message: 'Disturbance in communication with the device.',
    });
    await c.endAsync();
  });

  it("keeps a device out of other devices' topics", async () => {
    const c = await connect(device.accessToken);
    // A refused subscription is answered with a failure code; the device stays connected.
    await expect(c.subscribeAsync(`devices/${stack.ids.switch}/rpc/request/+`, { qos: 1 })).rejects.toThrow(
      /Subscribe error/,
    );
    await expect(c.subscribeAsync('v1/devices/me/attributes', { qos: 1 })).resolves.toHaveLength(1);
    expect(c.connected).toBe(true);
    // A publish to another device's topic is refused; the broker drops the connection.
    const closed = new Promise<void>((resolve) => c.once('close', () => resolve()));
    c.publish(`devices/${stack.ids.switch}/telemetry`, JSON.stringify({ relay_1: 1 }), { qos: 1 });
    await closed;
    const sw = await stack.client.getDevice(stack.ids.switch);
    expect(sw.deviceData.active).toBe(true);
    await c.endAsync(true);
  });
});
