import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_REQUEST_ID } from '../src/gateway/gateway.ts';
import { DeviceRepository } from '../src/modules/device/device.repository.ts';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../src/seed/demo.ts';
import { mosquittoCli } from './mosquitto-cli.ts';
import { addDevice, openSocket, type Stack, startStack, waitFor } from './stack.ts';

let stack: Stack;
let cli: ReturnType<typeof mosquittoCli>;
beforeAll(async () => {
  stack = await startStack({ DEVICE_INACTIVITY_TIMEOUT: '600' });
  cli = mosquittoCli(stack.server.mqttUrl);
});
afterAll(() => stack?.stop());

const newDevice = (name: string) => addDevice(stack, name);

describe("ThingsBoard's device API, driven by Debian's mosquitto_pub and mosquitto_sub", () => {
  it('provisions a device with its model key, lets it claim itself, and its user take it by the secret', async () => {
    const keys = await stack.server.provisioning.keysFor('switch-one-pole');
    const mac = 'A4:CF:12:00:00:42';
    // Provisioning is one MQTT session (subscribe, then publish). Debian's one-session tool,
    // mosquitto_rr, speaks only MQTT 5, which the embedded broker (Aedes, 3.1.1) does not; this step
    // runs on mqtt.js, as firmware would (another client the project did not write).
    const provision = async (request: Record<string, unknown>) => {
      const c = await mqtt.connectAsync(stack.server.mqttUrl, { username: 'provision', reconnectPeriod: 0 });
      await c.subscribeAsync('/provision/response');
      const answer = new Promise<Record<string, unknown>>((resolve) =>
        c.once('message', (_t, payload) => resolve(JSON.parse(payload.toString()))),
      );
      await c.publishAsync('/provision/request', JSON.stringify(request));
      const body = await answer;
      await c.endAsync();
      return body;
    };
    expect(
      await provision({
        deviceName: mac,
        provisionDeviceKey: keys.provisionDeviceKey,
        provisionDeviceSecret: 'wrong',
      }),
    ).toMatchObject({ status: expect.not.stringMatching(/^SUCCESS$/) });
    const ok = await provision({ deviceName: mac, ...keys });
    expect(ok).toMatchObject({ status: 'SUCCESS', credentialsType: 'ACCESS_TOKEN' });
    const token = ok.credentialsValue as string;

    // From here on the device is driven from the shell, with the token it was given.
    await cli.pub({ user: token, topic: 'v1/devices/me/telemetry', message: '{"relay_1":1}' });
    await cli.pub({
      user: token,
      topic: 'v1/devices/me/claim',
      message: '{"secretKey":"pair-7Hq","durationMs":60000}',
    });
    const row = await new DeviceRepository(stack.server.database.db).byAccessToken(token);
    expect(row?.ownerId ?? null).toBeNull();
    await waitFor(async () => {
      const r = await stack.client
        .call('claimDevice', { body: { deviceName: mac, secretKey: 'pair-7Hq' } })
        .catch(() => undefined);
      return r?.response === 'SUCCESS';
    });
    const mine = await stack.client.getDevice(row?.id as string);
    expect(mine.access).toBe('owner');
    await waitFor(async () => (await stack.client.getDevice(row?.id as string)).deviceData.relay_1 === 1);
  });

  it('keeps client attributes apart from telemetry, pushes shared ones and answers attribute requests', async () => {
    const d = await newDevice('Attribute lamp');
    const token = d.accessToken;
    const shared = await cli.sub({ user: token, topics: ['v1/devices/me/attributes'] });
    const responses = await cli.sub({ user: token, topics: ['v1/devices/me/attributes/response/+'] });

    await cli.pub({
      user: token,
      topic: 'v1/devices/me/attributes',
      message: '{"fw":"1.0.3","model":"X1","cfg":{"a":[1,2]}}',
    });
    await waitFor(async () => (await stack.server.attributes.list(d.id, 'client')).length === 3);
    // Not telemetry: no history row, no latest value.
    const device = await stack.client.getDevice(d.id);
    expect(device.deviceData.fw).toBeUndefined();

    await stack.server.attributes.set(d.id, 'shared', { target: 21.5, mode: 'eco' });
    const [push] = await shared.next(1);
    expect(push?.topic).toBe('v1/devices/me/attributes');
    expect(JSON.parse(push?.payload ?? '')).toEqual({ target: 21.5, mode: 'eco' });
    // A server attribute never reaches the device.
    await stack.server.attributes.set(d.id, 'server', { note: 'hall' });

    await cli.pub({
      user: token,
      topic: 'v1/devices/me/attributes/request/1',
      message: '{"clientKeys":"fw,cfg","sharedKeys":"target"}',
    });
    await cli.pub({ user: token, topic: 'v1/devices/me/attributes/request/2', message: '{}' });
    const answers = await responses.next(2);
    const byTopic = Object.fromEntries(answers.map((m) => [m.topic, JSON.parse(m.payload)]));
    expect(byTopic['v1/devices/me/attributes/response/1']).toEqual({
      client: { fw: '1.0.3', cfg: { a: [1, 2] } },
      shared: { target: 21.5 },
    });
    expect(byTopic['v1/devices/me/attributes/response/2']).toEqual({
      client: { fw: '1.0.3', model: 'X1', cfg: { a: [1, 2] } },
      shared: { target: 21.5, mode: 'eco' },
    });

    await stack.server.attributes.remove(d.id, 'shared', ['mode']);
    const deleted = await shared.next(2);
    expect(JSON.parse(deleted[1]?.payload ?? '')).toEqual({ deleted: ['mode'] });
    expect(shared.messages.some((m) => m.payload.includes('hall'))).toBe(false);
    await Promise.all([shared.stop(), responses.stop()]);
  });

  it('sends attribute changes to socket subscribers of that scope', async () => {
    const d = await newDevice('Socket attributes');
    await stack.server.attributes.set(d.id, 'shared', { before: 1 });
    const { token } = await stack.client.login(DEMO_EMAIL, DEMO_PASSWORD);
    const socket = await openSocket(stack.server.url, token);
    socket.send({ attrSubCmds: [{ cmdId: 5, entityType: 'DEVICE', entityId: d.id, scope: 'SHARED_SCOPE' }] });
    await waitFor(() => socket.latest(5, 'before') === '1');
    await stack.server.attributes.set(d.id, 'shared', { after: { x: 1 } });
    await stack.server.attributes.set(d.id, 'server', { hidden: 1 });
    await waitFor(() => socket.latest(5, 'after') === '{"x":1}');
    expect(socket.latest(5, 'hidden')).toBeUndefined();
    socket.close();
  });

  it('gives commands request ids that fit 32 bits, and takes the answer on them', async () => {
    const d = await newDevice('RPC lamp');
    const requests = await cli.sub({ user: d.accessToken, topics: ['v1/devices/me/rpc/request/+'] });
    const answers: Array<Promise<unknown>> = [];
    for (let i = 0; i < 3; i++) {
      answers.push(stack.client.twowayRpc(d.id, { method: 'setValue', params: { n: i }, timeout: 5000 }));
      const [m] = (await requests.next(i + 1)).slice(i);
      const id = Number(m?.topic.split('/').pop());
      expect(Number.isInteger(id) && id >= 1 && id <= MAX_REQUEST_ID).toBe(true);
      expect(JSON.parse(m?.payload ?? '')).toEqual({ method: 'setValue', params: { n: i } });
      await cli.pub({
        user: d.accessToken,
        topic: `v1/devices/me/rpc/response/${id}`,
        message: `{"n":${i}}`,
      });
    }
    expect(await Promise.all(answers)).toEqual([{ n: 0 }, { n: 1 }, { n: 2 }]);
    await requests.stop();
  });

  it('refuses command params nested past the JSON bound with a 400, before anything reaches the device', async () => {
    let deep: unknown = 1;
    for (let i = 0; i < 2000; i++) deep = [deep];
    await expect(
      stack.client.twowayRpc(stack.ids.switch, { method: 'setMode', params: deep, timeout: 300 }),
    ).rejects.toMatchObject({
      statusCode: 400,
    });
  });

  it('answers client-side RPC (getCurrentTime, getSessionLimits, and an unknown method) without dropping the device', async () => {
    const d = await newDevice('Clockless');
    const replies = await cli.sub({ user: d.accessToken, topics: ['v1/devices/me/rpc/response/+'] });
    const before = Date.now();
    await cli.pub({
      user: d.accessToken,
      topic: 'v1/devices/me/rpc/request/7',
      message: '{"method":"getCurrentTime","params":{}}',
    });
    await cli.pub({
      user: d.accessToken,
      topic: 'v1/devices/me/rpc/request/8',
      message: '{"method":"getSessionLimits"}',
    });
    await cli.pub({
      user: d.accessToken,
      topic: 'v1/devices/me/rpc/request/9',
      message: '{"method":"openPodBayDoors"}',
    });
    const got = Object.fromEntries((await replies.next(3)).map((m) => [m.topic, JSON.parse(m.payload)]));
    expect(got['v1/devices/me/rpc/response/7']).toBeGreaterThanOrEqual(before);
    expect(got['v1/devices/me/rpc/response/7']).toBeLessThanOrEqual(Date.now());
    expect(got['v1/devices/me/rpc/response/8']).toMatchObject({ maxPayloadSize: expect.any(Number) });
    expect(got['v1/devices/me/rpc/response/9']).toEqual({ error: 'Unknown RPC method: openPodBayDoors' });
    // Still connected: the subscription hears a command.
    const call = stack.client.twowayRpc(d.id, { method: 'ping', timeout: 300 }).catch(() => 'timeout');
    expect(await call).toBe('timeout');
    await replies.stop();
  });

  it('marks a silent device with a long keepalive inactive after the inactivity timeout, and active when it speaks', async () => {
    const d = await newDevice('Frozen');
    const listener = await cli.sub({
      user: d.accessToken,
      topics: ['v1/devices/me/rpc/request/+'],
      keepalive: 3600,
    });
    await waitFor(async () => (await stack.client.getDevice(d.id)).deviceData.active === true);
    stack.server.gateway.sweep();
    expect((await stack.client.getDevice(d.id)).deviceData.active).toBe(true);
    stack.advance(601_000);
    stack.server.gateway.sweep();
    const frozen = await stack.client.getDevice(d.id);
    expect(frozen.deviceData.active).toBe(false);
    expect(frozen.deviceData.inactivityAlarmTime).toEqual(expect.any(Number));
    await cli.pub({ user: d.accessToken, topic: 'v1/devices/me/telemetry', message: '{"t":1}' });
    await waitFor(async () => (await stack.client.getDevice(d.id)).deviceData.active === true);
    await listener.stop();
  });
});
