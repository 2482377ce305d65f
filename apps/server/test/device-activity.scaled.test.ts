import type { TelemetryValue } from '@hestia/contract';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type HestiaServer } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { DeviceRepository } from '../src/modules/device/device.repository.ts';
import { newAccessToken } from '../src/seed/demo.ts';
import { freshDatabase, scaledConfigured, scaledEnv, TEST_MQTT_URL } from './scaled-kit.ts';
import { addUser, waitFor } from './stack.ts';

const configured = scaledConfigured;

/**
 * The inactivity timeout with two instances (decision 019): a device's messages reach whichever
 * instance Mosquitto's shared subscription picks, so the instance that heard its `online` is often
 * not the one that hears it speak. The suite's skip-or-fail line is in scaled.scaled.test.ts.
 */
describe.runIf(configured)('scaled mode: device activity across two instances', () => {
  const fresh = freshDatabase('activity');
  let a: HestiaServer;
  let b: HestiaServer;
  let device: mqtt.MqttClient;
  let deviceId: string;
  let offset = 0;
  /** Connection state each instance recorded itself (its own ingest, not what the bus brought). */
  const recorded: Array<[HestiaServer, Record<string, TelemetryValue>]> = [];
  /** Which instance ingested each telemetry message of the device, by its `n`. */
  const heardBy = new Map<number, HestiaServer>();
  const topic = (rest: string) => `devices/${deviceId}/${rest}`;
  const settle = () => new Promise((r) => setTimeout(r, 500));
  const sweepBoth = () => {
    a.gateway.sweep();
    b.gateway.sweep();
  };
  const marks = (key: string) => recorded.filter(([, v]) => key in v);

  beforeAll(async () => {
    const url = fresh.url();
    const env = scaledEnv(url);
    // One clock for both, so the test moves time instead of waiting ten minutes.
    const clock = { now: () => Date.now() + offset };
    a = await createServer(loadConfig(env), { clock });
    b = await createServer(loadConfig(env), { clock });
    const user = await addUser(a, 'activity@example.com', 'OwnerPass1');
    deviceId = (
      await new DeviceRepository(a.database.db).create({
        ownerId: user.id,
        name: 'Busy sensor',
        label: 'Busy sensor',
        profileId: 'switch-one-pole',
        accessToken: newAccessToken(),
      })
    ).id;
    for (const server of [a, b])
      server.telemetry.onIngest((id, values) => {
        if (id !== deviceId) return undefined;
        if ('active' in values) recorded.push([server, values]);
        if (typeof values.n === 'number') heardBy.set(values.n, server);
        return undefined;
      });
    device = await mqtt.connectAsync(TEST_MQTT_URL as string, {
      clientId: `activity-${deviceId}`,
      reconnectPeriod: 0,
      will: { topic: `devices/${deviceId}/status`, payload: Buffer.from('offline'), qos: 1, retain: false },
    });
  });

  afterAll(async () => {
    await device?.endAsync();
    await a?.close();
    await b?.close();
  });

  let n = 0;
  /** One telemetry message; the instance that ingested it (after its word reached the other). */
  async function speak(): Promise<HestiaServer | undefined> {
    const mine = n++;
    await device.publishAsync(topic('telemetry'), JSON.stringify({ n: mine }), { qos: 1 });
    await waitFor(() => heardBy.has(mine), 10_000).catch(() => undefined);
    await settle();
    return heardBy.get(mine);
  }

  it('keeps a device active while its messages reach the instance that did not hear it connect', async () => {
    await device.publishAsync(topic('status'), 'online', { qos: 1 });
    await waitFor(() => marks('lastConnectTime').length === 1, 10_000);
    const [[tracker]] = marks('lastConnectTime') as [[HestiaServer, unknown]];
    const other = tracker === a ? b : a;
    await settle();

    // Each turn moves time 500 s and sends one message, until one reaches the other instance: the
    // one that heard the device connect then last heard it 500 s or more ago.
    let turns = 0;
    for (;;) {
      offset += 500_000;
      if ((await speak()) === other) break;
      expect(++turns).toBeLessThan(30);
    }
    // 700 s or more since the first instance heard the device; 200 s since the other did.
    offset += 200_000;
    sweepBoth();
    await settle();
    sweepBoth();
    expect(marks('inactivityAlarmTime')).toEqual([]);
    expect([a.telemetry.cached(deviceId, 'active'), b.telemetry.cached(deviceId, 'active')]).toEqual([
      true,
      true,
    ]);
  });

  it('marks it inactive once when nobody hears it, and active again once when it speaks', async () => {
    // 601 s since the last message: the instance that heard it marks it; the other counts what it
    // was told with up to 50 s of slack, and hears of the mark before that runs out.
    offset += 401_000;
    sweepBoth();
    await settle();
    offset += 700_000;
    sweepBoth();
    await settle();
    expect(marks('inactivityAlarmTime')).toHaveLength(1);
    await waitFor(
      () =>
        a.telemetry.cached(deviceId, 'active') === false && b.telemetry.cached(deviceId, 'active') === false,
    );

    await speak();
    await speak();
    await waitFor(
      () =>
        a.telemetry.cached(deviceId, 'active') === true && b.telemetry.cached(deviceId, 'active') === true,
    );
    expect(marks('lastActivityTime')).toHaveLength(1);
    offset += 100_000;
    sweepBoth();
    await settle();
    expect(marks('inactivityAlarmTime')).toHaveLength(1);
  });

  it("takes an edge's word that the device pinged as activity (a device that only pings stays active)", async () => {
    // Silent past the timeout on both instances.
    for (let i = 0; i < 2; i++) {
      offset += 700_000;
      sweepBoth();
      await settle();
    }
    await waitFor(
      () =>
        a.telemetry.cached(deviceId, 'active') === false && b.telemetry.cached(deviceId, 'active') === false,
    );
    const woken = marks('lastActivityTime').length;
    // What an edge publishes when the device's MQTT ping reaches it: no message, QoS 0.
    await device.publishAsync(topic('activity'), '', { qos: 0 });
    await waitFor(
      () =>
        a.telemetry.cached(deviceId, 'active') === true && b.telemetry.cached(deviceId, 'active') === true,
      10_000,
    );
    expect(marks('lastActivityTime')).toHaveLength(woken + 1);
  });

  it('stops watching a device once it disconnects, whichever instance hears its will', async () => {
    const alarms = marks('inactivityAlarmTime').length;
    await device.publishAsync(topic('status'), 'offline', { qos: 1 });
    await waitFor(() => marks('lastDisconnectTime').length === 1, 10_000);
    await settle();
    offset += 2_000_000;
    sweepBoth();
    await settle();
    expect(marks('inactivityAlarmTime')).toHaveLength(alarms);
    expect([a.telemetry.cached(deviceId, 'active'), b.telemetry.cached(deviceId, 'active')]).toEqual([
      false,
      false,
    ]);
  });
});
