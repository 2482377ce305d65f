import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type HestiaServer } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { tsKv } from '../src/db/schema.ts';
import { MAX_REQUEST_ID } from '../src/gateway/gateway.ts';
import { DeviceRepository } from '../src/modules/device/device.repository.ts';
import { newAccessToken } from '../src/seed/demo.ts';
import { mosquittoCli } from './mosquitto-cli.ts';
import { freshDatabase, scaledConfigured, scaledEnv, TEST_MQTT_URL } from './scaled-kit.ts';
import { addUser, loggedIn, waitFor } from './stack.ts';

const configured = scaledConfigured;

/**
 * The device API on the scaled stack (PostgreSQL, Mosquitto, Redis), driven by Debian's
 * mosquitto_pub and mosquitto_sub on device-named topics (decision 003; the external broker cannot
 * know who `me` is). The suite's skip-or-fail line is in scaled.scaled.test.ts.
 */
describe.runIf(configured)('scaled mode: the device API over Mosquitto', () => {
  const fresh = freshDatabase('device_api');
  let server: HestiaServer;
  let deviceId: string;
  let cli: ReturnType<typeof mosquittoCli>;
  const topic = (rest: string) => `devices/${deviceId}/${rest}`;

  beforeAll(async () => {
    const url = fresh.url();
    server = await createServer(loadConfig(scaledEnv(url)));
    const user = await addUser(server, 'device-api@example.com', 'OwnerPass1');
    const device = await new DeviceRepository(server.database.db).create({
      ownerId: user.id,
      name: 'Scaled lamp',
      label: 'Scaled lamp',
      profileId: 'switch-one-pole',
      accessToken: newAccessToken(),
    });
    deviceId = device.id;
    cli = mosquittoCli(TEST_MQTT_URL as string);
  });

  afterAll(async () => {
    await server?.close();
  });

  it('stores telemetry in PostgreSQL while a poison message is refused', async () => {
    const t = Date.now() - 60_000;
    await cli.pub({ topic: topic('telemetry'), message: '{"ts":1e20,"values":{"n":1}}' });
    await cli.pub({
      topic: topic('telemetry'),
      message: JSON.stringify({ ts: t, values: { n: 2, s: 'true' } }),
    });
    await waitFor(async () => {
      await server.telemetry.flush();
      const rows = await server.database.db
        .select()
        .from(tsKv)
        .where(and(eq(tsKv.deviceId, deviceId), eq(tsKv.key, 's')));
      return rows.length === 1 && rows[0]?.value === 'true';
    }, 10_000);
    expect(server.pipeline.refused(deviceId)).toBe(1);
  });

  it('keeps client attributes, pushes shared ones and answers attribute requests', async () => {
    const shared = await cli.sub({ topics: [topic('attributes/shared'), topic('attributes/response/+')] });
    await cli.pub({ topic: topic('attributes'), message: '{"fw":"2.1"}' });
    await waitFor(async () => (await server.attributes.list(deviceId, 'client')).length === 1, 10_000);
    await server.attributes.set(deviceId, 'shared', { target: 20 });
    await cli.pub({
      topic: topic('attributes/request/4'),
      message: '{"clientKeys":"fw","sharedKeys":"target"}',
    });
    const got = await shared.next(2, 10_000);
    expect(got).toEqual(
      expect.arrayContaining([
        { topic: topic('attributes/shared'), payload: '{"target":20}' },
        { topic: topic('attributes/response/4'), payload: '{"client":{"fw":"2.1"},"shared":{"target":20}}' },
      ]),
    );
    // The server's own push is not taken back as the device's client attributes.
    expect((await server.attributes.list(deviceId, 'client')).map((a) => a.key)).toEqual(['fw']);
    await shared.stop();
  });

  it('sends commands with 32-bit ids and answers client-side RPC', async () => {
    const device = await cli.sub({ topics: [topic('rpc/request/+'), topic('rpc/reply/+')] });
    // A device on the external broker says it is online on its status topic (decision 003).
    await cli.pub({ topic: topic('status'), message: 'online' });
    const owner = await loggedIn(server.url, 'device-api@example.com', 'OwnerPass1');
    await waitFor(async () => (await owner.getDevice(deviceId)).deviceData.active === true, 10_000);
    const answer = owner.twowayRpc(deviceId, { method: 'getState', timeout: 10_000 });
    const [request] = await device.next(1, 10_000);
    const id = Number(request?.topic.split('/').pop());
    expect(id).toBeGreaterThanOrEqual(1);
    expect(id).toBeLessThanOrEqual(MAX_REQUEST_ID);
    await cli.pub({ topic: topic(`rpc/response/${id}`), message: '{"state":"on"}' });
    expect(await answer).toEqual({ state: 'on' });

    await cli.pub({ topic: topic('rpc/call/3'), message: '{"method":"getCurrentTime","params":{}}' });
    const reply = (await device.next(2, 10_000))[1];
    expect(reply?.topic).toBe(topic('rpc/reply/3'));
    expect(Math.abs(Number(reply?.payload) - Date.now())).toBeLessThan(60_000);
    await device.stop();
  });

  it("takes a factory device's claim message over Mosquitto, and its user claims it by the secret", async () => {
    const mac = 'B8:27:EB:00:00:07';
    const unowned = await new DeviceRepository(server.database.db).create({
      ownerId: null,
      mac,
      name: mac,
      label: 'Boxed plug',
      profileId: 'switch-one-pole',
      accessToken: newAccessToken(),
    });
    await cli.pub({
      topic: `devices/${unowned.id}/claim`,
      message: '{"secretKey":"k-81","durationMs":60000}',
    });
    const owner = await loggedIn(server.url, 'device-api@example.com', 'OwnerPass1');
    await waitFor(async () => {
      const r = await owner
        .call('claimDevice', { body: { deviceName: mac, secretKey: 'k-81' } })
        .catch(() => undefined);
      return r?.response === 'SUCCESS';
    }, 10_000);
    expect((await owner.getDevice(unowned.id)).access).toBe('owner');
  });
});
