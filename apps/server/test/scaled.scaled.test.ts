import { type Fleet, startFleet } from '@hestia/simulator';
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type HestiaServer } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openPostgres } from '../src/db/database.ts';
import { tsKv } from '../src/db/schema.ts';
import { hashPassword } from '../src/modules/account/auth.service.ts';
import { UserRepository } from '../src/modules/account/user.repository.ts';
import { AutomationRepository } from '../src/modules/automation/automation.repository.ts';
import { DeviceRepository } from '../src/modules/device/device.repository.ts';
import { DEMO_EMAIL, newAccessToken } from '../src/seed/demo.ts';
import { killStarted, type ServerProcess, spawnServer } from './crash-harness.ts';
import { firmwareFile, settled, storePackage } from './firmware-kit.ts';
import { checkTelemetryPartitions } from './partition-checks.ts';
import {
  freshDatabase,
  SHARE_GROUP,
  scaledConfigured,
  scaledEnv,
  TEST_MQTT_URL,
  TEST_REDIS_URL,
} from './scaled-kit.ts';
import { addUser, loggedIn, openSocket, type Stack, waitFor } from './stack.ts';

const configured = scaledConfigured;

if (!configured) {
  const line =
    'SCALED SUITE SKIPPED: set TEST_DATABASE_URL, TEST_MQTT_URL and TEST_REDIS_URL to run it against real PostgreSQL, MQTT and Redis';
  console.warn(`\n${'!'.repeat(line.length)}\n${line}\n${'!'.repeat(line.length)}\n`);
  if (process.env.CI) {
    describe('scaled mode', () => {
      it('has its services configured (required in CI)', () => {
        throw new Error(line);
      });
    });
  }
}

describe.runIf(configured)('scaled mode: PostgreSQL, external MQTT broker, Redis, two instances', () => {
  const fresh = freshDatabase('scaled');
  let a: HestiaServer;
  let b: HestiaServer;
  let fleet: Fleet;
  let deviceId: string;
  let offset = 0;

  beforeAll(async () => {
    const url = fresh.url();
    const env = scaledEnv(url);
    // Both start at once: migrations must serialise on the advisory lock.
    // One clock for both instances, so the test can move time instead of waiting.
    const clock = { now: () => Date.now() + offset };
    [a, b] = await Promise.all([
      createServer(loadConfig(env), { clock }),
      createServer(loadConfig(env), { clock }),
    ]);
    const user = await addUser(a, 'owner@example.com', 'OwnerPass1');
    const device = await new DeviceRepository(a.database.db).create({
      ownerId: user.id,
      name: 'Scaled switch',
      label: 'Scaled switch',
      profileId: 'switch-two-pole',
      accessToken: newAccessToken(),
    });
    deviceId = device.id;
    fleet = await startFleet({
      url: TEST_MQTT_URL as string,
      mode: 'device',
      devices: [{ id: device.id, accessToken: device.accessToken, profileId: device.profileId }],
    });
  });

  afterAll(async () => {
    await fleet?.stop();
    await a?.close();
    await b?.close();
  });

  it('runs on PostgreSQL and never seeds the demo', async () => {
    expect(a.database.kind).toBe('postgres');
    expect(a.demoSeeded || b.demoSeeded).toBe(false);
    expect(await new UserRepository(a.database.db).findByUsername(DEMO_EMAIL)).toBeUndefined();
  });

  it('learns the device connection from its status topic', async () => {
    const owner = await loggedIn(b.url, 'owner@example.com', 'OwnerPass1');
    await waitFor(async () => (await owner.getDevice(deviceId)).deviceData.active === true, 10_000);
  });

  it('a command through instance A reaches the device, and its telemetry reaches a socket on instance B', async () => {
    const onA = await loggedIn(a.url, 'owner@example.com', 'OwnerPass1');
    const tokenForB = (await onA.login('owner@example.com', 'OwnerPass1')).token;
    const socket = await openSocket(b.url, tokenForB);
    socket.send({ tsSubCmds: [{ cmdId: 1, entityType: 'DEVICE', entityId: deviceId, keys: 'relay_1' }] });
    await waitFor(() => socket.updates.length > 0);
    const next = socket.latest(1, 'relay_1') === '1' ? 0 : 1;

    await onA.write(deviceId, [{ Key: 'relay_1', Value: next }]);
    expect(fleet.devices.get(deviceId)?.sim.values.get('relay_1')).toBe(next);
    await waitFor(() => socket.latest(1, 'relay_1') === String(next), 10_000);
    socket.close();
  });

  it('answers RPCs sent through either instance and stores telemetry once in PostgreSQL', async () => {
    const onB = await loggedIn(b.url, 'owner@example.com', 'OwnerPass1');
    await onB.write(deviceId, [{ Key: 'relay_2', Value: 1 }]);
    await waitFor(async () => (await onB.getDevice(deviceId)).deviceData.relay_2 === 1, 10_000);
    const stored = async (): Promise<number> => {
      const [row] = await a.database.db
        .select({ n: count() })
        .from(tsKv)
        .where(and(eq(tsKv.deviceId, deviceId), eq(tsKv.key, 'relay_2'), sql`${tsKv.value} = '1'::jsonb`));
      return row?.n ?? 0;
    };
    await waitFor(async () => (await stored()) >= 1, 10_000);
    // Telemetry arrives on a shared subscription: one instance stores it, not both.
    await new Promise((r) => setTimeout(r, 300));
    expect(await stored()).toBe(1);
  });

  it('updates the device over the air: the package through instance A, the update and its states through B', async () => {
    const image = firmwareFile(3000);
    const stored = await storePackage({ server: a } as unknown as Stack, {
      profile: 'switch-two-pole',
      version: '9.1',
      data: image.bytes.toString('base64'),
    });
    expect(stored.body).toMatchObject({ isSuccess: true, data: { size: 3000, checksum: image.sha256 } });
    const device = fleet.devices.get(deviceId);
    if (device) Object.assign(device.ota.settings, { chunkSize: 1000, stepMs: 20, chunkTimeoutMs: 3000 });
    const onB = await loggedIn(b.url, 'owner@example.com', 'OwnerPass1');
    await onB.call('updateFirmware', { params: { id: deviceId } });
    // Chunk requests reach whichever instance the shared subscription hands them to; the device checks
    // the SHA-256 of what it got before it reports UPDATED.
    expect(await settled(onB, deviceId, 'UPDATED')).toMatchObject({ currentVersion: '9.1', error: null });
    expect(device?.ota.reported.filter((x) => x === 'DOWNLOADING').length).toBe(4);
  });

  it('runs a timer exactly once with both instances claiming jobs from one PostgreSQL', async () => {
    const onA = await loggedIn(a.url, 'owner@example.com', 'OwnerPass1');
    await onA.write(deviceId, [{ Key: 'relay_1', Value: 0 }]);
    const timer = await onA.call('saveTimer', {
      params: { id: deviceId },
      body: { name: 'Once', minutes: 1, actions: [{ deviceParameterId: 'relay_1', value: 1 }] },
    });
    offset += 61_000;
    // Both workers poll every 250 ms; give them several rounds each.
    await waitFor(() => fleet.devices.get(deviceId)?.sim.values.get('relay_1') === 1, 10_000);
    await new Promise((r) => setTimeout(r, 1500));
    const runs = await new AutomationRepository(a.database.db).runs(timer.id);
    expect(runs).toHaveLength(1);
    expect(runs[0]?.status).toBe('done');
  });

  it('partitions telemetry by month in PostgreSQL: ready ahead, rows routed, history across months, expired months dropped', async () => {
    await checkTelemetryPartitions(a.database.db, Date.now());
  });
});

describe.runIf(configured)('scaled mode: one of two instances killed while running jobs', () => {
  const fresh = freshDatabase('crash');
  let a: ServerProcess;
  let b: ServerProcess;
  let fleet: Fleet;
  let close: () => Promise<void> = async () => undefined;
  let deviceId: string;
  const writes: string[] = [];
  let onWrite: () => void = () => undefined;

  beforeAll(async () => {
    const url = fresh.url();
    const env = {
      DATABASE_URL: url,
      MQTT_URL: TEST_MQTT_URL as string,
      REDIS_URL: TEST_REDIS_URL as string,
      MQTT_SHARE_GROUP: SHARE_GROUP,
    };
    [a, b] = await Promise.all([spawnServer(env), spawnServer(env)]);
    const database = await openPostgres(url);
    close = () => database.close();
    const user = await new UserRepository(database.db).create({
      email: 'crash@example.com',
      passwordHash: await hashPassword('CrashPass1'),
    });
    const device = await new DeviceRepository(database.db).create({
      ownerId: user.id,
      name: 'Crash curtain',
      label: 'Crash curtain',
      profileId: 'curtain-single',
      accessToken: newAccessToken(),
    });
    deviceId = device.id;
    fleet = await startFleet({
      url: TEST_MQTT_URL as string,
      mode: 'device',
      devices: [{ id: device.id, accessToken: device.accessToken, profileId: device.profileId }],
    });
    fleet.devices.get(deviceId)?.client.prependListener('message', (topic, payload) => {
      if (!topic.includes('/rpc/request/')) return;
      const req = JSON.parse(payload.toString()) as {
        method?: string;
        params?: Array<{ Key: string; Value: unknown }>;
      };
      if (req.method !== 'write') return;
      for (const p of req.params ?? []) writes.push(`${p.Key}=${p.Value}`);
      onWrite();
    });
  }, 90_000);

  afterAll(async () => {
    await fleet?.stop();
    await killStarted();
    await close();
  });

  it("the survivor takes over the dead instance's claimed jobs when their lease ends: each runs once", async () => {
    const owner = await loggedIn(a.url, 'crash@example.com', 'CrashPass1');
    await waitFor(async () => (await owner.getDevice(deviceId)).deviceData.active === true, 10_000);
    const values = [11, 12, 13, 14, 15, 16, 17, 18];
    for (const value of values)
      await owner.call('saveTimer', {
        params: { id: deviceId },
        body: { name: `T${value}`, minutes: 1, actions: [{ deviceParameterId: 'positionsetpoint', value }] },
      });
    // Only A's clock reaches the timers, so A claims them all; it dies while the curtain holds its third.
    const killed = new Promise<void>((resolve) => {
      onWrite = () => {
        if (writes.length !== 3) return;
        a.child.kill('SIGKILL');
        onWrite = () => undefined;
        resolve();
      };
    });
    await a.advance(61_000);
    await killed;
    await a.kill();
    expect(writes.length).toBeLessThan(values.length);
    // B's clock passes the timers and the dead claimer's 30 s lease.
    await b.advance(61_000 + 31_000);
    const expected = values.map((v) => `positionsetpoint=${v}`);
    await waitFor(() => expected.every((w) => writes.includes(w)), 20_000);
    await new Promise((r) => setTimeout(r, 1500));
    expect(expected.map((w) => [w, writes.filter((x) => x === w).length])).toEqual(
      expected.map((w) => [w, 1]),
    );
    expect(writes).toHaveLength(values.length);
  }, 120_000);
});
