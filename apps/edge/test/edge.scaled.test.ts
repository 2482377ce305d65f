// The device edge (issue 21, decision 041) against real PostgreSQL, Mosquitto and Redis: two edges as
// processes of their own (`npm run edge`'s entry), two server instances in scaled mode, and devices
// speaking ThingsBoard's API (token as user name, `v1/devices/me/...`) through the edges.
import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import {
  createServer,
  DeviceRepository,
  type HestiaServer,
  loadConfig,
  newAccessToken,
  ProvisioningRepository,
} from '@hestia/server';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  freshDatabase,
  scaledConfigured,
  scaledEnv,
  TEST_MQTT_URL,
  TEST_REDIS_URL,
} from '../../server/test/scaled-kit.ts';
import { addUser, loggedIn, openSocket, waitFor } from '../../server/test/stack.ts';

const entry = fileURLToPath(new URL('../src/main.ts', import.meta.url));

interface EdgeProcess {
  port: number;
  child: ChildProcess;
  output: string[];
  /** kill -9, and wait until it is gone. */
  kill(): Promise<void>;
  /** SIGTERM (the edge says its devices are offline and leaves Redis tidy), kill -9 after 10 s. */
  stop(): Promise<void>;
}

const started = new Set<ChildProcess>();

async function spawnEdge(databaseUrl: string): Promise<EdgeProcess> {
  const output: string[] = [];
  const child = fork(entry, [], {
    execArgv: ['--import', 'tsx'],
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      DATABASE_URL: databaseUrl,
      REDIS_URL: TEST_REDIS_URL as string,
      MQTT_URL: TEST_MQTT_URL as string,
      MQTT_PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
    },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  started.add(child);
  child.stdout?.on('data', (d) => output.push(String(d)));
  child.stderr?.on('data', (d) => output.push(String(d)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  void exited.then(() => started.delete(child));
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`edge did not start:\n${output.join('')}`)), 30_000);
    child.on('message', (m: { ready?: boolean; port?: number }) => {
      if (!m.ready) return;
      clearTimeout(timer);
      resolve(m.port as number);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`edge exited (${code}):\n${output.join('')}`));
    });
  });
  return {
    port,
    child,
    output,
    kill: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** A ThingsBoard device: its token as user name, `me` topics; answers every command with `{ok, via}`. */
async function tbDevice(ports: number[], token: string, opts: { reconnect?: boolean } = {}) {
  const client = await mqtt.connectAsync({
    servers: ports.map((port) => ({ host: '127.0.0.1', port })),
    username: token,
    protocolVersion: 4,
    reconnectPeriod: opts.reconnect ? 200 : 0,
    connectTimeout: 3000,
  });
  const commands: string[] = [];
  client.on('message', (topic, payload) => {
    const m = /^v1\/devices\/me\/rpc\/request\/(\d+)$/.exec(topic);
    if (!m) return;
    commands.push(payload.toString());
    void client.publishAsync(`v1/devices/me/rpc/response/${m[1]}`, JSON.stringify({ ok: true }), { qos: 1 });
  });
  await client.subscribeAsync('v1/devices/me/rpc/request/+', { qos: 1 });
  return { client, commands };
}

/** Whether a connection with this token is refused (CONNACK 5, not authorised). */
async function refused(port: number, token: string): Promise<boolean> {
  try {
    const c = await mqtt.connectAsync(`mqtt://127.0.0.1:${port}`, {
      username: token,
      reconnectPeriod: 0,
      connectTimeout: 3000,
    });
    await c.endAsync(true);
    return false;
  } catch (err) {
    return /Not authorized/i.test((err as Error).message);
  }
}

const relay = (socket: Awaited<ReturnType<typeof openSocket>>, cmdId: number) =>
  socket.latest(cmdId, 'relay_1');

describe.runIf(scaledConfigured)('the device edge: two edges, two server instances', () => {
  const fresh = freshDatabase('edge');
  let a: HestiaServer;
  let b: HestiaServer;
  let edge1: EdgeProcess;
  let edge2: EdgeProcess;
  const devices: Array<{ id: string; accessToken: string }> = [];
  const clients: MqttClient[] = [];
  let spy: MqttClient;
  const seen: string[] = [];

  beforeAll(async () => {
    const env = scaledEnv(fresh.url());
    [a, b] = await Promise.all([createServer(loadConfig(env)), createServer(loadConfig(env))]);
    [edge1, edge2] = await Promise.all([spawnEdge(fresh.url()), spawnEdge(fresh.url())]);
    const user = await addUser(a, 'edge@example.com', 'EdgePass1');
    const repo = new DeviceRepository(a.database.db);
    for (const name of ['One', 'Two', 'Three', 'Four'])
      devices.push(
        await repo.create({
          ownerId: user.id,
          name,
          label: name,
          profileId: 'switch-two-pole',
          accessToken: newAccessToken(),
        }),
      );
    // What reaches the internal broker, as a server sees it.
    spy = await mqtt.connectAsync(TEST_MQTT_URL as string, { reconnectPeriod: 0 });
    spy.on('message', (topic, payload) => seen.push(`${topic} ${payload.toString()}`));
    await spy.subscribeAsync(
      devices.map((d) => `devices/${d.id}/#`),
      { qos: 1 },
    );
  });

  afterAll(async () => {
    for (const c of clients) await c.endAsync(true).catch(() => undefined);
    await spy?.endAsync(true);
    await edge1?.stop();
    await edge2?.stop();
    await a?.close();
    await b?.close();
    for (const child of started) child.kill('SIGKILL');
  });

  it('carries telemetry from a ThingsBoard device on each edge to a socket on the other server instance, live', async () => {
    const [one, two] = devices as [(typeof devices)[0], (typeof devices)[0]];
    const owner = await loggedIn(a.url, 'edge@example.com', 'EdgePass1');
    const token = (await owner.login('edge@example.com', 'EdgePass1')).token;
    const onA = await openSocket(a.url, token);
    const onB = await openSocket(b.url, token);
    onA.send({ tsSubCmds: [{ cmdId: 1, entityType: 'DEVICE', entityId: two.id, keys: 'relay_1' }] });
    onB.send({ tsSubCmds: [{ cmdId: 1, entityType: 'DEVICE', entityId: one.id, keys: 'relay_1' }] });
    await waitFor(() => onA.updates.length > 0 && onB.updates.length > 0);

    const d1 = await tbDevice([edge1.port], one.accessToken);
    const d2 = await tbDevice([edge2.port], two.accessToken);
    clients.push(d1.client, d2.client);
    await d1.client.publishAsync('v1/devices/me/telemetry', JSON.stringify({ relay_1: 1 }), { qos: 1 });
    await d2.client.publishAsync('v1/devices/me/telemetry', JSON.stringify({ relay_1: 1 }), { qos: 1 });
    await waitFor(() => relay(onB, 1) === '1', 10_000);
    await waitFor(() => relay(onA, 1) === '1', 10_000);
    // Inside, the topics name the device, and each edge said its device is online (retained).
    expect(seen).toContain(`devices/${one.id}/telemetry {"relay_1":1}`);
    expect(seen).toContain(`devices/${two.id}/status online`);
    await waitFor(async () => (await owner.getDevice(one.id)).deviceData.active === true, 10_000);
    onA.close();
    onB.close();
  });

  it('delivers an RPC sent through either instance to the device on whichever edge holds it, and its answer back', async () => {
    const [one, two] = devices as [(typeof devices)[0], (typeof devices)[0]];
    const onA = await loggedIn(a.url, 'edge@example.com', 'EdgePass1');
    const onB = await loggedIn(b.url, 'edge@example.com', 'EdgePass1');
    // Device one is on edge 1, two on edge 2 (the first test's connections).
    const viaB = await onB.call('twowayRpc', {
      params: { id: one.id },
      body: { method: 'blink', params: { times: 2 } },
    });
    expect(viaB).toMatchObject({ ok: true });
    const viaA = await onA.call('twowayRpc', { params: { id: two.id }, body: { method: 'blink' } });
    expect(viaA).toMatchObject({ ok: true });
  });

  it('gives a device on an edge its shared attributes as they change, and answers its attribute requests', async () => {
    const two = devices[1] as (typeof devices)[0];
    const device = await tbDevice([edge2.port], two.accessToken);
    clients.push(device.client);
    const got: Array<[string, string]> = [];
    device.client.on('message', (topic, payload) => got.push([topic, payload.toString()]));
    await device.client.subscribeAsync(['v1/devices/me/attributes', 'v1/devices/me/attributes/response/+'], {
      qos: 1,
    });
    const onA = await loggedIn(a.url, 'edge@example.com', 'EdgePass1');
    await onA.call('saveAttributes', {
      params: { entityType: 'DEVICE', entityId: two.id, scope: 'SHARED_SCOPE' },
      body: { target: 22 },
    });
    await waitFor(() =>
      got.some(([t, p]) => t === 'v1/devices/me/attributes' && JSON.parse(p).target === 22),
    );
    await device.client.publishAsync(
      'v1/devices/me/attributes/request/5',
      JSON.stringify({ sharedKeys: 'target' }),
      {
        qos: 1,
      },
    );
    await waitFor(() => got.some(([t]) => t === 'v1/devices/me/attributes/response/5'));
    const answer = got.find(([t]) => t === 'v1/devices/me/attributes/response/5')?.[1] ?? '{}';
    expect(JSON.parse(answer)).toMatchObject({ shared: { target: 22 } });
  });

  it('provisions a new device through one edge (ThingsBoard provisioning); it connects with its token through the other', async () => {
    const key = await new ProvisioningRepository(a.database.db).keyFor('switch-two-pole', () => ({
      provisionKey: 'edgeprovisionkey0001',
      provisionSecret: 'edgeprovisionsecret1',
    }));
    const ask = async (port: number, secret: string) => {
      const asker = await mqtt.connectAsync(`mqtt://127.0.0.1:${port}`, {
        username: 'provision',
        reconnectPeriod: 0,
      });
      clients.push(asker);
      const answer = new Promise<Record<string, unknown>>((resolve) =>
        asker.once('message', (_t, payload) => resolve(JSON.parse(payload.toString()))),
      );
      await asker.subscribeAsync('/provision/response', { qos: 1 });
      const request = {
        deviceName: 'A4:CF:12:0B:9E:41',
        provisionDeviceKey: key.provisionKey,
        provisionDeviceSecret: secret,
      };
      await asker.publishAsync('/provision/request', JSON.stringify(request), { qos: 1 });
      return answer;
    };
    // A wrong secret gets ThingsBoard's NOT_FOUND.
    expect(await ask(edge2.port, 'not-the-secret')).toMatchObject({ status: 'NOT_FOUND' });
    const got = await ask(edge1.port, key.provisionSecret);
    expect(got).toMatchObject({ status: 'SUCCESS', credentialsType: 'ACCESS_TOKEN' });
    const token = got.credentialsValue as string;
    const row = await new DeviceRepository(a.database.db).byAccessToken(token);
    expect(row).toMatchObject({ mac: 'A4:CF:12:0B:9E:41', profileId: 'switch-two-pole', ownerId: null });
    expect(await refused(edge2.port, token)).toBe(false);
  });

  it('refuses a wrong token and a revoked one (the device deleted), on every edge, and cuts off its live connection', async () => {
    expect(await refused(edge1.port, 'not-a-token')).toBe(true);
    expect(await refused(edge2.port, '')).toBe(true);
    const three = devices[2] as (typeof devices)[0];
    // Known to both edges' caches first.
    expect(await refused(edge1.port, three.accessToken)).toBe(false);
    expect(await refused(edge2.port, three.accessToken)).toBe(false);
    // And connected when its token is revoked: the edge holding it closes the connection.
    const live = await tbDevice([edge2.port], three.accessToken);
    clients.push(live.client);
    const cut = new Promise<number>((resolve) => live.client.once('close', () => resolve(Date.now())));
    const owner = await loggedIn(b.url, 'edge@example.com', 'EdgePass1');
    await owner.call('deleteDevice', { params: { id: three.id } });
    const deletedAt = Date.now();
    // The servers' access-changed event on Redis drops the cached token at once (well inside the
    // cache's 5 s lifetime, which bounds it anyway when the event is missed).
    await waitFor(
      async () =>
        (await refused(edge1.port, three.accessToken)) && (await refused(edge2.port, three.accessToken)),
      2000,
    );
    expect(Date.now() - deletedAt).toBeLessThan(2000);
    expect((await cut) - deletedAt).toBeLessThan(2000);
  });

  it('lets a device publish only as itself', async () => {
    const [one, two] = devices as [(typeof devices)[0], (typeof devices)[0]];
    const intruder = await tbDevice([edge1.port], one.accessToken);
    clients.push(intruder.client);
    const before = seen.length;
    // Another device's internal topic, and a topic outside any device: refused by the edge (Aedes
    // closes a client whose publish is not authorised), so nothing reaches the internal broker.
    const closed = new Promise<void>((resolve) => intruder.client.once('close', () => resolve()));
    intruder.client.publish(`devices/${two.id}/telemetry`, JSON.stringify({ relay_1: 0 }), { qos: 1 });
    await closed;
    const again = await tbDevice([edge1.port], one.accessToken);
    clients.push(again.client);
    const closedAgain = new Promise<void>((resolve) => again.client.once('close', () => resolve()));
    again.client.publish(`v1/devices/${two.id}/telemetry`, JSON.stringify({ relay_1: 0 }), { qos: 1 });
    await closedAgain;
    await new Promise((r) => setTimeout(r, 500));
    expect(seen.slice(before).filter((m) => m.startsWith(`devices/${two.id}/telemetry`))).toEqual([]);
  });

  it('an edge killed mid-run: its device reconnects to the other edge and keeps working; one that does not is offline', async () => {
    const one = devices[0] as (typeof devices)[0];
    const four = devices[3] as (typeof devices)[0];
    // A device that will not come back after the edge dies.
    const gone = await tbDevice([edge1.port], four.accessToken);
    clients.push(gone.client);
    // Behind a load balancer, a reconnect may land on any edge: here the client lists both.
    const moving = await tbDevice([edge1.port, edge2.port], one.accessToken, { reconnect: true });
    clients.push(moving.client);
    const owner = await loggedIn(a.url, 'edge@example.com', 'EdgePass1');
    const token = (await owner.login('edge@example.com', 'EdgePass1')).token;
    const onB = await openSocket(b.url, token);
    onB.send({ tsSubCmds: [{ cmdId: 1, entityType: 'DEVICE', entityId: one.id, keys: 'relay_1' }] });
    await waitFor(() => onB.updates.length > 0);

    // The device publishes numbered readings at QoS 1 in bursts of 50 (so the edge has a backlog to
    // lose); the edge is killed in the middle.
    const acked: number[] = [];
    const settling: Array<Promise<unknown>> = [];
    let publishing = true;
    const base = Date.now() - 60_000;
    const publisher = (async () => {
      for (let n = 1; publishing; ) {
        for (const end = n + 50; n < end; n++) {
          const seq = n;
          const body = JSON.stringify({ ts: base + seq, values: { seq } });
          settling.push(
            moving.client.publishAsync('v1/devices/me/telemetry', body, { qos: 1 }).then(
              () => acked.push(seq),
              () => undefined,
            ),
          );
        }
        await new Promise((r) => setTimeout(r, 5));
      }
    })();
    await waitFor(() => acked.length >= 1000, 10_000);
    const reconnected = new Promise<void>((resolve) => moving.client.once('connect', () => resolve()));
    await edge1.kill();
    const ackedBeforeKill = acked.length;
    publishing = false;
    await publisher;
    await reconnected;
    // Whatever was not acknowledged is sent again through edge 2 (MQTT.js keeps it); give it time.
    await Promise.race([Promise.allSettled(settling), new Promise((r) => setTimeout(r, 5000))]);
    // Every reading the device got a PUBACK for is on the internal broker: an edge acknowledges only
    // what the internal broker acknowledged to it (decision 040's hook).
    const inside = new Set(
      seen
        .filter((m) => m.startsWith(`devices/${one.id}/telemetry `))
        .map((m) => (JSON.parse(m.slice(m.indexOf(' ') + 1)) as { values?: { seq?: number } }).values?.seq),
    );
    await waitFor(() => {
      for (const m of seen.filter((x) => x.startsWith(`devices/${one.id}/telemetry `)))
        inside.add((JSON.parse(m.slice(m.indexOf(' ') + 1)) as { values?: { seq?: number } }).values?.seq);
      return acked.every((n) => inside.has(n));
    }, 10_000);
    expect(ackedBeforeKill).toBeGreaterThanOrEqual(1000);
    // MQTT.js subscribes again on reconnect; a command and a reading both go through edge 2 now.
    await waitFor(async () => {
      try {
        const r = await owner.call('twowayRpc', {
          params: { id: one.id },
          body: { method: 'blink', timeout: 1000 },
        });
        return (r as { ok?: boolean }).ok === true;
      } catch {
        return false;
      }
    }, 10_000);
    await moving.client.publishAsync('v1/devices/me/telemetry', JSON.stringify({ relay_1: 0 }), { qos: 1 });
    await waitFor(() => relay(onB, 1) === '0', 10_000);
    await waitFor(async () => (await owner.getDevice(one.id)).deviceData.active === true, 10_000);
    // The living edge finds the dead one by its lapsed alive mark (10 s) and says offline for the
    // device that did not reconnect, not for the one that did.
    await waitFor(() => seen.includes(`devices/${four.id}/status offline`), 20_000);
    await waitFor(async () => (await owner.getDevice(four.id)).deviceData.active === false, 5000);
    expect(seen).not.toContain(`devices/${one.id}/status offline`);
    expect((await owner.getDevice(one.id)).deviceData.active).toBe(true);
    onB.close();
  }, 60_000);
});
