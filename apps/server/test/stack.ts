import { ApiError, HestiaClient } from '@hestia/client';
import { type Fleet, startFleet } from '@hestia/simulator';
import WebSocket from 'ws';
import { createServer, type HestiaServer } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { hashPassword } from '../src/modules/account/auth.service.ts';
import { UserRepository } from '../src/modules/account/user.repository.ts';
import { DeviceRepository } from '../src/modules/device/device.repository.ts';
import { DEMO_EMAIL, DEMO_PASSWORD, newAccessToken } from '../src/seed/demo.ts';

export interface Stack {
  server: HestiaServer;
  /** Lines the operator's console outbox printed (codes for channels without a provider). */
  outbox: string[];
  /** Moves the server's clock forward. */
  advance(ms: number): void;
  /** The server's clock. */
  now(): number;
  fleet: Fleet;
  client: HestiaClient;
  /** Device ids of the demo home by profile. */
  ids: { switch: string; plug: string; curtain: string };
  stop(): Promise<void>;
}

/** An embedded server on free ports with in-memory PGlite, the demo home and its simulated devices. */
export async function startStack(
  env: Record<string, string> = {},
  opts: { log?: string[] } = {},
): Promise<Stack> {
  const outbox: string[] = [];
  const log = opts.log;
  let offset = 0;
  const server = await createServer(
    loadConfig({
      PORT: '0',
      MQTT_PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: 'memory://',
      LOG_LEVEL: 'silent',
      // Tests move the clock by hours to reach schedules and polls; the demo devices, whose pings run
      // in real time, must not go inactive on such a jump. Tests of the timeout set their own.
      DEVICE_INACTIVITY_TIMEOUT: String(7 * 24 * 3600),
      // A test is a script making hundreds of calls a second as one user; the per-user budget has a
      // test of its own (request-budget.test.ts), and the e2e suite runs with the default one.
      USER_REQUESTS_PER_SECOND: '0',
      ...env,
    }),
    {
      outboxWrite: (line) => outbox.push(line),
      clock: { now: () => Date.now() + offset },
      ...(log ? { logStream: { write: (line: string) => log.push(line) } } : {}),
    },
  );
  const devices = await new DeviceRepository(server.database.db).simulated();
  const fleet = await startFleet({
    url: server.mqttUrl,
    mode: 'tb',
    devices: devices.map((d) => ({ id: d.id, accessToken: d.accessToken, profileId: d.profileId })),
  });
  const client = await loggedIn(server.url, DEMO_EMAIL, DEMO_PASSWORD);
  const byProfile = (p: string) => devices.find((d) => d.profileId === p)?.id as string;
  await waitFor(async () => {
    const list = await client.listDevices();
    return list.every((d) => d.deviceData.active === true);
  });
  return {
    server,
    outbox,
    advance: (ms) => {
      offset += ms;
    },
    now: () => Date.now() + offset,
    fleet,
    client,
    ids: {
      switch: byProfile('switch-two-pole'),
      plug: byProfile('plug-metering'),
      curtain: byProfile('curtain-single'),
    },
    stop: async () => {
      await fleet.stop();
      await server.close();
    },
  };
}

export async function loggedIn(baseUrl: string, username: string, password: string): Promise<HestiaClient> {
  let token: string | undefined;
  const client = new HestiaClient({ baseUrl, getToken: () => token });
  token = (await client.login(username, password)).token;
  return client;
}

export async function addUser(server: HestiaServer, email: string, password: string) {
  return new UserRepository(server.database.db).create({ email, passwordHash: await hashPassword(password) });
}

export async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('condition not met in time');
}

/** A raw ThingsBoard socket: collects every update it receives. */
export async function openSocket(baseUrl: string, token: string) {
  const ws = new WebSocket(
    `${baseUrl.replace('http', 'ws')}/api/ws/plugins/telemetry?token=${encodeURIComponent(token)}`,
  );
  const updates: Array<{
    subscriptionId: number;
    errorCode: number;
    errorMsg: string | null;
    data: Record<string, Array<[number, string]>>;
  }> = [];
  ws.on('message', (d) => updates.push(JSON.parse(d.toString())));
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  return {
    ws,
    updates,
    send: (msg: unknown) => ws.send(JSON.stringify(msg)),
    /** The latest value of `key` seen on subscription `cmdId`. */
    latest: (cmdId: number, key: string) => {
      for (let i = updates.length - 1; i >= 0; i--) {
        const u = updates[i];
        if (u?.subscriptionId === cmdId && u.data[key]) return u.data[key]?.at(-1)?.[1];
      }
      return undefined;
    },
    close: () => ws.close(),
  };
}

/** A device of the demo user that no simulator runs (a test drives it over MQTT itself). */
export async function addDevice(stack: Stack, name: string, profileId = 'switch-one-pole') {
  const db = stack.server.database.db;
  const owner = await new UserRepository(db).findByUsername(DEMO_EMAIL);
  return new DeviceRepository(db).create({
    ownerId: owner?.id as string,
    name,
    label: name,
    profileId,
    accessToken: newAccessToken(),
  });
}

/** A device of the demo user, simulated over MQTT by the stack's fleet, once `owner` sees it connected. */
export async function addSimulated(
  stack: Stack,
  owner: HestiaClient,
  profileId: string,
  name: string,
): Promise<string> {
  const db = stack.server.database.db;
  const user = await new UserRepository(db).findByUsername(DEMO_EMAIL);
  const row = await new DeviceRepository(db).create({
    ownerId: user?.id as string,
    name,
    label: name,
    profileId,
    accessToken: newAccessToken(),
    simulated: true,
  });
  await stack.fleet.add({ id: row.id, accessToken: row.accessToken, profileId });
  await waitFor(
    async () => (await owner.call('getDevice', { params: { id: row.id } })).deviceData.active === true,
  );
  return row.id;
}

/** `owner` shares a device with `who`, who accepts it at once. */
export async function shareWith(
  owner: HestiaClient,
  deviceId: string,
  who: HestiaClient,
  scope: 'view' | 'control',
): Promise<void> {
  const s = await owner.call('createShare', { params: { id: deviceId }, body: { scope } });
  await who.call('finalizeShare', { params: { shareToken: s.token } });
}

/** A call that must be refused: its status and message (it fails the test if the call succeeds). */
export async function refusal(call: Promise<unknown>): Promise<{ statusCode: number; message: string }> {
  const err = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(err instanceof ApiError))
    throw new Error(err ? `not an API refusal: ${String(err)}` : 'the call was not refused');
  return { statusCode: err.statusCode, message: err.message };
}
