import { spawn } from 'node:child_process';
import dgram from 'node:dgram';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type HestiaServer } from '../../server/src/app.ts';
import { loadConfig } from '../../server/src/config.ts';
import { ProvisioningRepository } from '../../server/src/modules/provisioning/provisioning.repository.ts';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../../server/src/seed/demo.ts';
import { startUnpaired, type UnpairedDevice } from '../src/pairing.ts';
import { sendSmartConfig } from '../src/smart-config.ts';
import { AP_SSID_PREFIX, HOME_WIFI_PASSWORD, type WifiScanEntry } from '../src/wifi.ts';

/**
 * Unpaired simulated devices against the real embedded server (docs/decisions/025): the pairing AP's
 * scan and Wi-Fi join, the failures that leave nothing on the server and reopen the AP, the join that
 * connects with the factory token and claims with the pair key, and smart configuration.
 */

const OPERATOR_KEY = 'pairing-test-operator-key-0123456789abcdef';
const JOIN_MS = 100;
/** Long enough that a loaded machine still sees the AP closed before it reopens. */
const REOPEN_MS = 1500;

let server: HestiaServer;
let userToken: string;
/** Devices the server heard anything from (telemetry or its own connection keys). */
const heard = new Set<string>();
/** The latest values the server ingested per device. */
const latest = new Map<string, Record<string, unknown>>();
const started: UnpairedDevice[] = [];
let macSeq = 0x10;

interface Record_ {
  id: string;
  mac: string;
  token: string;
}

async function call<T>(method: string, path: string, token: string, body?: unknown) {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = (await res.json()) as { data: T; message: string };
  return { status: res.status, data: answer.data, message: answer.message };
}

/** A factory record made as `npm run devices -- add` makes it: AP MAC and token, no owner. */
async function factoryRecord(model = 'plug-metering'): Promise<Record_> {
  macSeq += 1;
  const mac = `A4:CF:12:E0:00:${macSeq.toString(16).toUpperCase().padStart(2, '0')}`;
  const r = await call<Record_>('POST', '/api/operator/devices', OPERATOR_KEY, { model, mac });
  expect(r.status, r.message).toBe(200);
  return r.data;
}

async function unpaired(record: Record_, extra: { smartConfigPort?: number; model?: string } = {}) {
  const d = await startUnpaired({
    model: extra.model ?? 'plug-metering',
    mqttUrl: server.mqttUrl,
    mac: record.mac,
    token: record.token,
    joinMs: JOIN_MS,
    reopenMs: REOPEN_MS,
    ...(extra.smartConfigPort === undefined ? {} : { smartConfigPort: extra.smartConfigPort }),
  });
  started.push(d);
  return d;
}

const post = (d: UnpairedDevice, path: string, body: unknown) =>
  fetch(`${d.apUrl}/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

/** Whether the AP answers at all (a closed AP refuses the connection). */
async function apAnswers(d: UnpairedDevice): Promise<boolean> {
  try {
    return (await fetch(`${d.apUrl}/wifi_list`)).ok;
  } catch {
    return false;
  }
}

/** The user's claim with the MAC and pair key: the server's answer status and response. */
async function userClaim(mac: string, secretKey: string) {
  return call<{ response: string; device?: { id: string } }>('POST', '/api/v1/devices/claim', userToken, {
    deviceName: mac,
    secretKey,
  });
}

/** A UDP port free right now, for the smart-config broadcasts. */
async function freeUdpPort(): Promise<number> {
  const s = dgram.createSocket('udp4');
  await new Promise<void>((resolve) => s.bind(0, '127.0.0.1', resolve));
  const { port } = s.address() as AddressInfo;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return port;
}

beforeAll(async () => {
  server = await createServer(
    loadConfig({
      PORT: '0',
      MQTT_PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: 'memory://',
      LOG_LEVEL: 'silent',
      OPERATOR_KEY,
    }),
    { outboxWrite: () => undefined },
  );
  server.telemetry.onIngest((deviceId, values) => {
    heard.add(deviceId);
    latest.set(deviceId, { ...latest.get(deviceId), ...values });
  });
  const login = await call<{ token: string }>('POST', '/api/v1/users/login', '', {
    username: DEMO_EMAIL,
    password: DEMO_PASSWORD,
  });
  expect(login.status, login.message).toBe(200);
  userToken = login.data.token;
});

afterAll(async () => {
  await Promise.all(started.map((d) => d.close()));
  await server?.close();
});

describe('an unpaired device’s pairing access point', () => {
  it('is named for its MAC and lists the simulated home network, strongest first', async () => {
    const d = await unpaired(await factoryRecord());
    expect(d.state).toBe('ap');
    expect(d.ssid).toBe(`Hestia-${d.mac.slice(-5).replace(':', '')}`);
    expect(d.apUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);

    const native = await fetch(`${d.apUrl}/wifi_list`);
    expect(native.status).toBe(200);
    expect(native.headers.get('access-control-allow-origin')).toBe('*');
    const list = (await native.json()) as WifiScanEntry[];
    const web = (await (await fetch(`${d.apUrl}/wifi_list_web`)).json()) as WifiScanEntry[];
    expect(web).toEqual(list);

    for (const e of list) {
      expect(Object.keys(e).sort()).toEqual(['BSSID', 'CH', 'ENC', 'POW', 'SSID']);
      expect(e.BSSID).toMatch(/^([0-9A-F]{2}:){5}[0-9A-F]{2}$/);
    }
    const pows = list.map((e) => e.POW);
    expect(pows).toEqual([...pows].sort((a, b) => b - a));
    // Its own AP, another Hestia device's, the home router twice (two mesh nodes), a 5 GHz network,
    // a hidden one, an open one, a weak and a strong signal.
    expect(list).toContainEqual(expect.objectContaining({ SSID: d.ssid, BSSID: d.mac }));
    expect(list.filter((e) => e.SSID.startsWith(AP_SSID_PREFIX)).length).toBeGreaterThanOrEqual(2);
    expect(list.filter((e) => e.SSID === 'Home-WiFi-2.4G')).toHaveLength(2);
    expect(list.some((e) => e.SSID === 'Home-WiFi-5G' && e.CH > 14)).toBe(true);
    expect(list.some((e) => e.SSID === '')).toBe(true);
    expect(list.some((e) => e.ENC === 0 && e.SSID !== '')).toBe(true);
    expect(Math.min(...pows)).toBeLessThan(-80);
    expect(Math.max(...pows)).toBeGreaterThan(-50);

    const preflight = await fetch(`${d.apUrl}/set-device-wifi-info`, { method: 'OPTIONS' });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-private-network')).toBe('true');
    expect(await (await fetch(`${d.apUrl}/device_info`)).json()).toEqual({
      mac: d.mac,
      ssid: d.ssid,
      model: 'plug-metering',
    });
    expect((await fetch(`${d.apUrl}/nothing-here`)).status).toBe(404);
  });

  it('refuses a malformed request with 400 and stays in pairing mode', async () => {
    const d = await unpaired(await factoryRecord());
    for (const body of [
      'not json',
      [],
      { password: HOME_WIFI_PASSWORD, pairKey: 'aB3c' },
      { ssid: 'Home-WiFi-2.4G', password: HOME_WIFI_PASSWORD },
      { ssid: 'x'.repeat(33), password: HOME_WIFI_PASSWORD, pairKey: 'aB3c' },
      { ssid: 'Home-WiFi-2.4G', password: 5, pairKey: 'aB3c' },
      { ssid: 'Home-WiFi-2.4G', password: HOME_WIFI_PASSWORD, pairKey: -1 },
      { ssid: 'Home-WiFi-2.4G', password: HOME_WIFI_PASSWORD, pairKey: 48.5 },
    ]) {
      const res = await post(d, 'set-device-wifi-info', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(((await res.json()) as { error: string }).error).toBeTypeOf('string');
    }
    expect((await post(d, 'set-device-wifi-info', 'x'.repeat(5000))).status).toBe(413);
    expect((await fetch(`${d.apUrl}/set-device-wifi-info`)).status).toBe(405);
    expect(d.state).toBe('ap');
    expect(d.attempts).toEqual([]);
    expect(await apAnswers(d)).toBe(true);
  });

  for (const [what, ssid, password, reason] of [
    ['a wrong Wi-Fi password', 'Home-WiFi-2.4G', 'wrong-password', 'wrong_password'],
    ['a 5 GHz network', 'Home-WiFi-5G', HOME_WIFI_PASSWORD, 'unsupported_band'],
    ['an absent network', 'No-Such-Network', HOME_WIFI_PASSWORD, 'not_found'],
  ] as const) {
    it(`takes ${what} (200: it cannot know yet), registers nothing and reopens its AP`, async () => {
      const record = await factoryRecord();
      const d = await unpaired(record);
      const apUrl = d.apUrl;
      const res = await post(d, 'set-device-wifi-info', { ssid, password, pairKey: 'q7Kx' });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ result: 'OK', mac: record.mac });
      expect(d.state).not.toBe('ap');
      // The radio left AP mode to join: the AP is gone meanwhile.
      expect(await apAnswers(d)).toBe(false);
      await d.whenState('ap', 5000);
      expect(d.lastFailure).toBe(reason);
      expect(d.attempts).toEqual([{ via: 'ap', ssid, result: reason }]);
      expect(d.apUrl).toBe(apUrl);
      expect(await apAnswers(d)).toBe(true);
      expect(await (await fetch(`${d.apUrl}/device_info`)).json()).toMatchObject({ lastFailure: reason });
      // Nothing reached the server: no connection, no claim.
      expect(d.device).toBeUndefined();
      expect(heard.has(record.id)).toBe(false);
      expect(await new ProvisioningRepository(server.database.db).claimOf(record.id)).toBeUndefined();
    });
  }

  it('joins the home Wi-Fi, connects with its token and claims itself with the pair key', async () => {
    const record = await factoryRecord();
    const d = await unpaired(record);
    // No claim before the device has been given its pair key.
    expect((await userClaim(record.mac, 'Zp4m')).status).toBe(400);

    const res = await post(d, 'set-device-wifi-info', {
      ssid: 'Home-WiFi-2.4G',
      password: HOME_WIFI_PASSWORD,
      pairKey: 'Zp4m',
    });
    expect(res.status).toBe(200);
    const before = Date.now();
    await d.whenState('online', 10_000);
    expect(d.joined).toMatchObject({ ssid: 'Home-WiFi-2.4G', band: '2.4', rssi: -42 });
    expect(d.claim).toEqual({ secretKey: 'Zp4m', durationMs: 3 * 60_000 });
    expect(await apAnswers(d)).toBe(false);

    // The server heard the device connect with its factory token and opened its claim.
    await expect.poll(() => heard.has(record.id), { timeout: 5000 }).toBe(true);
    await expect
      .poll(
        async () => (await new ProvisioningRepository(server.database.db).claimOf(record.id))?.expiresAt,
        {
          timeout: 5000,
        },
      )
      .toBeInstanceOf(Date);
    const open = await new ProvisioningRepository(server.database.db).claimOf(record.id);
    expect(open?.expiresAt.getTime()).toBeGreaterThan(before + 3 * 60_000 - 5000);
    expect(open?.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + 3 * 60_000);

    // Today's server: the user with the MAC and the pair key claims it (decision 020).
    const claimed = await userClaim(record.mac, 'Zp4m');
    expect([claimed.status, claimed.data.response, claimed.data.device?.id]).toEqual([
      200,
      'SUCCESS',
      record.id,
    ]);
  });

  it('joins a hidden network by name through wifi_connect and sends the owner key with its claim', async () => {
    const record = await factoryRecord('switch-one-pole');
    const d = await unpaired(record, { model: 'switch-one-pole' });
    const res = await post(d, 'wifi_connect', {
      ssid: 'Home-Attic',
      password: HOME_WIFI_PASSWORD,
      // The four-digit reading of the pair key, sent as a number.
      pairKey: 4821,
      ownerKey: 'owner-key-from-change-owner',
    });
    expect(res.status).toBe(200);
    await d.whenState('online', 10_000);
    expect(d.joined).toMatchObject({ ssid: 'Home-Attic', hidden: true });
    // It reports the network it joined, as firmware does.
    await expect.poll(() => latest.get(record.id)?.AP, { timeout: 5000 }).toBe('Home-Attic');
    expect(d.claim).toEqual({
      secretKey: '4821',
      durationMs: 3 * 60_000,
      ownerKey: 'owner-key-from-change-owner',
    });
    await expect
      .poll(
        async () => (await new ProvisioningRepository(server.database.db).claimOf(record.id)) !== undefined,
        {
          timeout: 5000,
        },
      )
      .toBe(true);
  });

  it('leaves the broker on a factory reset and reopens its AP; paired again it sends the new pair key', async () => {
    const record = await factoryRecord();
    const d = await unpaired(record);
    const creds = { ssid: 'Home-WiFi-2.4G', password: HOME_WIFI_PASSWORD };
    await post(d, 'set-device-wifi-info', { ...creds, pairKey: 'f1Rs' });
    await d.whenState('online', 10_000);
    await expect.poll(() => latest.get(record.id)?.active, { timeout: 5000 }).toBe(true);
    // The device's claim message is stored asynchronously after it comes online: wait for it before
    // the user claims (a loaded CI machine let the user's claim arrive first).
    const claims = new ProvisioningRepository(server.database.db);
    await expect
      .poll(async () => (await claims.claimOf(record.id)) !== undefined, { timeout: 5000 })
      .toBe(true);
    expect((await userClaim(record.mac, 'f1Rs')).data.response).toBe('SUCCESS');

    await d.reset();
    expect(d.state).toBe('ap');
    expect([d.device, d.joined, d.claim]).toEqual([undefined, undefined, undefined]);
    expect(await apAnswers(d)).toBe(true);
    await expect.poll(() => latest.get(record.id)?.active, { timeout: 5000 }).toBe(false);

    expect(await claims.claimOf(record.id)).toBeUndefined();
    await post(d, 'set-device-wifi-info', { ...creds, pairKey: 's3Cd', ownerKey: 'owner-key-1' });
    await d.whenState('online', 10_000);
    expect(d.claim).toEqual({ secretKey: 's3Cd', durationMs: 3 * 60_000, ownerKey: 'owner-key-1' });
    await expect
      .poll(async () => (await claims.claimOf(record.id)) !== undefined, { timeout: 5000 })
      .toBe(true);
    expect(d.attempts.map((a) => a.result)).toEqual(['online', 'online']);
  });

  it('without a factory token provisions itself on its first join, then claims; a wrong secret is refused', async () => {
    const keys = await call<{ provisionDeviceKey: string; provisionDeviceSecret: string }>(
      'POST',
      '/api/operator/provision-keys',
      OPERATOR_KEY,
      { model: 'switch-two-pole' },
    );
    expect(keys.status, keys.message).toBe(200);
    const start = (mac: string, provisionDeviceSecret: string) =>
      startUnpaired({
        model: 'switch-two-pole',
        mqttUrl: server.mqttUrl,
        mac,
        provision: { provisionDeviceKey: keys.data.provisionDeviceKey, provisionDeviceSecret },
        joinMs: JOIN_MS,
        reopenMs: REOPEN_MS,
      }).then((d) => {
        started.push(d);
        return d;
      });
    const creds = { ssid: 'Home-WiFi-2.4G', password: HOME_WIFI_PASSWORD };

    const refused = await start('A4:CF:12:E1:00:01', 'not-the-secret');
    await post(refused, 'set-device-wifi-info', { ...creds, pairKey: 'pR0v' });
    await refused.whenState('ap', 10_000);
    expect([refused.lastFailure, refused.token]).toEqual(['provision_refused', undefined]);
    expect(await apAnswers(refused)).toBe(true);

    // A MAC the server has never seen: provisioning makes its record, without an owner.
    const d = await start('A4:CF:12:E1:00:02', keys.data.provisionDeviceSecret);
    expect(d.token).toBeUndefined();
    await post(d, 'set-device-wifi-info', { ...creds, pairKey: 'pR0v' });
    await d.whenState('online', 10_000);
    expect(d.token).toMatch(/^[A-Za-z0-9_-]{20}$/);
    const claimed = await userClaim(d.mac, 'pR0v');
    expect([claimed.status, claimed.data.response]).toEqual([200, 'SUCCESS']);
    const record = (
      await call<Array<{ id: string; mac: string; token: string; model: string }>>(
        'GET',
        '/api/operator/devices',
        OPERATOR_KEY,
      )
    ).data.find((r) => r.mac === d.mac);
    expect(record).toMatchObject({ token: d.token, model: 'switch-two-pole', id: claimed.data.device?.id });

    // Reset and paired again, it keeps its token (a device is provisioned once).
    const token = d.token;
    await d.reset();
    await post(d, 'set-device-wifi-info', { ...creds, pairKey: 'pR1v' });
    await d.whenState('online', 10_000);
    expect(d.token).toBe(token);
  });

  it('gives up on a token the broker refuses and reopens its AP', async () => {
    const record = await factoryRecord();
    const d = await startUnpaired({
      model: 'plug-metering',
      mqttUrl: server.mqttUrl,
      mac: record.mac,
      token: 'not-the-factory-token',
      joinMs: JOIN_MS,
      reopenMs: REOPEN_MS,
    });
    started.push(d);
    await post(d, 'set-device-wifi-info', { ssid: 'Guest-Open', password: '', pairKey: 'k9Lm' });
    await d.whenState('connecting', 5000);
    await d.whenState('ap', 10_000);
    expect(d.lastFailure).toBe('broker_refused');
    expect(d.joined).toMatchObject({ ssid: 'Guest-Open', enc: 0 });
    expect(heard.has(record.id)).toBe(false);
    expect(await apAnswers(d)).toBe(true);
  });
});

describe('smart configuration', () => {
  it('a device in smart mode takes the broadcast meant for it, acknowledges it and claims itself', async () => {
    const port = await freeUdpPort();
    const a = await factoryRecord();
    const b = await factoryRecord();
    const devA = await unpaired(a, { smartConfigPort: port });
    const devB = await unpaired(b, { smartConfigPort: port });

    // Addressed to A with the right password: only A takes it.
    const acks = await sendSmartConfig(
      { ssid: 'Home-WiFi-2.4G', password: HOME_WIFI_PASSWORD, pairKey: 'sM4r', mac: a.mac },
      { port, timeoutMs: 3000, everyMs: 100 },
    );
    expect(acks).toEqual([a.mac]);
    await devA.whenState('online', 10_000);
    expect(devA.attempts).toEqual([{ via: 'smart', ssid: 'Home-WiFi-2.4G', result: 'online' }]);
    expect(devB.state).toBe('ap');
    expect(devB.attempts).toEqual([]);
    // The claim message is stored a moment after the device is online (as in the AP case above).
    await expect
      .poll(async () => (await new ProvisioningRepository(server.database.db).claimOf(a.id))?.expiresAt, {
        timeout: 5000,
      })
      .toBeInstanceOf(Date);
    const claimed = await userClaim(a.mac, 'sM4r');
    expect([claimed.status, claimed.data.device?.id]).toEqual([200, a.id]);

    // To everyone, with a wrong password: B (the only one still listening) takes it, fails and reopens.
    const heardBy = await sendSmartConfig(
      { ssid: 'Home-WiFi-2.4G', password: 'guessed', pairKey: 'sM4r' },
      // Shorter than a join and the reopening, so B hears it in one pairing round only.
      { port, timeoutMs: 300, everyMs: 100 },
    );
    expect(heardBy).toEqual([b.mac]);
    await devB.whenState('ap', 5000);
    expect(devB.lastFailure).toBe('wrong_password');
    expect(devB.attempts).toEqual([{ via: 'smart', ssid: 'Home-WiFi-2.4G', result: 'wrong_password' }]);
    expect(heard.has(b.id)).toBe(false);
    // Datagrams that are not smart-config messages are ignored.
    const junk = dgram.createSocket('udp4');
    await new Promise<void>((resolve) => junk.bind(0, '127.0.0.1', resolve));
    junk.setBroadcast(true);
    await new Promise<void>((resolve) =>
      junk.send('{"type":"other"}', port, '127.255.255.255', () => resolve()),
    );
    junk.close();
    await new Promise((r) => setTimeout(r, 100));
    expect(devB.attempts).toHaveLength(1);
  });
});

describe('the command line', () => {
  it('runs one unpaired device until it is stopped, saying where its AP is and what becomes of it', async () => {
    const record = await factoryRecord();
    const cli = fileURLToPath(new URL('../src/cli.ts', import.meta.url));
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        cli,
        '--model',
        'plug-metering',
        '--mac',
        record.mac,
        '--token',
        record.token,
        '--no-smart',
      ],
      { env: { ...process.env, MQTT_PORT: new URL(server.mqttUrl).port }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let out = '';
    child.stdout.on('data', (b: Buffer) => {
      out += b.toString();
    });
    child.stderr.on('data', (b: Buffer) => {
      out += b.toString();
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    try {
      await expect.poll(() => /pairing AP at (http:\S+)/.exec(out)?.[1], { timeout: 40_000 }).toBeDefined();
      const apUrl = /pairing AP at (http:\S+)/.exec(out)?.[1] as string;
      expect(out).toContain(`Hestia-${record.mac.slice(-5).replace(':', '')} (${record.mac}, plug-metering)`);
      expect((await fetch(`${apUrl}/wifi_list`)).status).toBe(200);
      const res = await fetch(`${apUrl}/set-device-wifi-info`, {
        method: 'POST',
        body: JSON.stringify({ ssid: 'Home-WiFi-2.4G', password: HOME_WIFI_PASSWORD, pairKey: 'cL1x' }),
      });
      expect(res.status).toBe(200);
      await expect.poll(() => out, { timeout: 10_000 }).toContain(`${record.mac}: online`);
      await expect.poll(() => heard.has(record.id), { timeout: 5000 }).toBe(true);
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    // A child process through tsx: its start-up alone took 15 s on a loaded two-core machine.
  }, 60_000);
});
