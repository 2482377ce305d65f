import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { getProfile } from '@hestia/catalog';
import mqtt from 'mqtt';
import { type RunningDevice, startDevice } from './device.ts';
import { listenSmartConfig, readCredentials, type WifiCredentials } from './smart-config.ts';
import {
  apSsid,
  homeNetwork,
  type JoinFailure,
  join,
  ownAccessPoint,
  randomMac,
  scan,
  type WifiNetwork,
} from './wifi.ts';

/**
 * An unpaired device (docs/decisions/025): it has a factory record (AP MAC and access token, made by
 * `npm run devices` or provisioning, decision 020) and no owner. It opens its pairing access point,
 * an HTTP server of its own on 127.0.0.1 standing in for the device's address, and in smart mode
 * also listens for smart-config broadcasts. Given the home Wi-Fi and a pair key it closes the AP,
 * joins the network, and either fails (the AP reopens after a while, nothing reaches the server) or
 * connects to the broker with its token and claims itself with the pair key
 * (`v1/devices/me/claim`), then runs as an ordinary simulated device.
 */

/** The device's claim topic (ThingsBoard's device API). */
export const CLAIM_TOPIC = 'v1/devices/me/claim';
/** The spec's device configuration window: the claim stays open this long. */
export const PAIRING_WINDOW_MS = 3 * 60_000;

/**
 * `ap`: the pairing AP is open (and smart mode listening). `joining`: credentials taken, AP closed,
 * joining the Wi-Fi. `connecting`: on the Wi-Fi, connecting to the broker and claiming. `online`:
 * claimed and running. `closed`: switched off.
 */
export type PairingState = 'ap' | 'joining' | 'connecting' | 'online' | 'closed';
/**
 * Why the last pairing attempt failed: the Wi-Fi's reasons, the broker refused the token, or
 * provisioning was refused (or not answered).
 */
export type PairingFailure = JoinFailure | 'broker_refused' | 'provision_refused';

/** ThingsBoard device provisioning credentials of a model (`npm run devices -- provision-keys`). */
export interface ProvisionCredentials {
  provisionDeviceKey: string;
  provisionDeviceSecret: string;
}

export interface UnpairedOptions {
  /** Catalogue model id, e.g. `plug-metering`. */
  model: string;
  /** The broker the device connects to once on the Wi-Fi. */
  mqttUrl: string;
  /** The factory record's access token. Without it the device provisions itself (`provision`). */
  token?: string;
  /**
   * Without a token: the model's provisioning key and secret. On its first join the device asks the
   * server for its token (ThingsBoard's device provisioning, its AP MAC as `deviceName`) and keeps it.
   */
  provision?: ProvisionCredentials;
  /** The factory record's AP MAC (default: a random one). */
  mac?: string;
  /** The networks the device hears (default: `homeNetwork()`); its own AP is added. */
  network?: WifiNetwork[];
  /** Time a join attempt takes (default 1.5 s). */
  joinMs?: number;
  /** Time before the AP opens again after a failed attempt (default 5 s). */
  reopenMs?: number;
  /** How long the claim the device sends stays open (default: the 3-minute window). */
  claimMs?: number;
  /** Listen for smart-config broadcasts on this UDP port too (smart mode). */
  smartConfigPort?: number;
}

export interface PairingAttempt {
  via: 'ap' | 'smart';
  ssid: string;
  /** The outcome; undefined while it runs. */
  result?: 'online' | PairingFailure;
}

export interface UnpairedDevice {
  readonly model: string;
  readonly mac: string;
  /** Its access token; undefined until a device that provisions itself has been answered. */
  readonly token: string | undefined;
  /** Name of its pairing AP: `Hestia-` and the MAC's last two bytes. */
  readonly ssid: string;
  /** The pairing AP's address (the same port each time it reopens, when it is free). */
  readonly apUrl: string;
  readonly state: PairingState;
  /** Why the last attempt failed, until one succeeds. */
  readonly lastFailure: PairingFailure | undefined;
  readonly attempts: readonly PairingAttempt[];
  /** The network joined, once on the Wi-Fi. */
  readonly joined: WifiNetwork | undefined;
  /** The claim message sent (`{secretKey, durationMs, ownerKey?}`), once online. */
  readonly claim: Record<string, unknown> | undefined;
  /** The running device, once online. */
  readonly device: RunningDevice | undefined;
  /**
   * A factory reset (the button held): leaves the broker and the Wi-Fi, forgets both, and opens the
   * pairing AP again, as for a change of owner. The factory record (MAC, token) stays.
   */
  reset(): Promise<void>;
  /** Calls `listener` on each change of state; returns a function that stops it. */
  onState(listener: (state: PairingState) => void): () => void;
  /** Resolves when the device reaches the state; rejects after `timeoutMs` (default 10 s). */
  whenState(state: PairingState, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, OPTIONS',
  'access-control-allow-headers': 'content-type',
  // Chrome's Private Network Access: a page from elsewhere may reach the device's local address.
  'access-control-allow-private-network': 'true',
  'access-control-max-age': '600',
};
/** The longest request body read (a real one is under 200 bytes). */
const MAX_BODY = 4096;

function send(res: http.ServerResponse, status: number, body?: unknown): void {
  const text = body === undefined ? '' : JSON.stringify(body);
  res.writeHead(status, {
    ...CORS,
    ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    'cache-control': 'no-store',
    // One request a connection, as a small device's web server does: nothing lingers when the AP closes.
    connection: 'close',
  });
  res.end(text);
}

async function readBody(req: http.IncomingMessage): Promise<string | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  // Read to the end even past the limit, so the refusal can still be answered on this connection.
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size <= MAX_BODY) chunks.push(chunk as Buffer);
  }
  return size > MAX_BODY ? undefined : Buffer.concat(chunks).toString('utf8');
}

/**
 * ThingsBoard's device provisioning, as firmware does it: connect with the user name `provision`,
 * publish the request on `/provision/request`, read the answer on `/provision/response`.
 */
export async function provisionOnce(
  mqttUrl: string,
  request: { deviceName: string } & ProvisionCredentials,
  timeoutMs = 10_000,
): Promise<Record<string, unknown>> {
  const client = await mqtt.connectAsync(mqttUrl, {
    username: 'provision',
    clientId: `provision-${request.deviceName}`,
    reconnectPeriod: 0,
    connectTimeout: timeoutMs,
  });
  client.on('error', () => undefined);
  try {
    const answer = new Promise<Record<string, unknown>>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no provisioning answer')), timeoutMs);
      client.once('message', (_topic, payload) => {
        clearTimeout(timer);
        try {
          resolve(JSON.parse(payload.toString()) as Record<string, unknown>);
        } catch (err) {
          reject(err);
        }
      });
    });
    await client.subscribeAsync('/provision/response', { qos: 1 });
    await client.publishAsync('/provision/request', JSON.stringify(request), { qos: 1 });
    return await answer;
  } finally {
    await client.endAsync();
  }
}

/** Starts an unpaired simulated device of a catalogue model with its pairing AP open. */
export async function startUnpaired(opts: UnpairedOptions): Promise<UnpairedDevice> {
  if (!getProfile(opts.model)) throw new Error(`Unknown model ${opts.model}`);
  const mac = (opts.mac ?? randomMac()).toUpperCase();
  if (!/^([0-9A-F]{2}:){5}[0-9A-F]{2}$/.test(mac))
    throw new Error(`${opts.mac} is not an AP MAC (AA:BB:CC:DD:EE:FF)`);
  const ssid = apSsid(mac);
  const networks = [...(opts.network ?? homeNetwork()), ownAccessPoint(mac)];
  const joinMs = opts.joinMs ?? 1500;
  const reopenMs = opts.reopenMs ?? 5000;
  const claimMs = opts.claimMs ?? PAIRING_WINDOW_MS;
  if (opts.token === undefined && opts.provision === undefined)
    throw new Error('An unpaired device needs its factory token or provisioning credentials');
  let token = opts.token;

  let state: PairingState = 'ap';
  let lastFailure: PairingFailure | undefined;
  let joined: WifiNetwork | undefined;
  let claim: Record<string, unknown> | undefined;
  let running: RunningDevice | undefined;
  let server: http.Server | undefined;
  let port = 0;
  /** Counts resets and the switch-off: work begun in an earlier round is dropped. */
  let round = 0;
  const attempts: PairingAttempt[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const watchers = new Set<() => void>();

  const setState = (next: PairingState) => {
    state = next;
    for (const w of [...watchers]) w();
  };
  const later = (ms: number, fn: () => void) => {
    const t = setTimeout(() => {
      timers.delete(t);
      fn();
    }, ms);
    timers.add(t);
  };

  const handle = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    const path = (req.url ?? '/').split('?')[0]?.replace(/^\/+|\/+$/g, '') ?? '';
    if (req.method === 'OPTIONS') return send(res, 204);
    if (path === 'wifi_list' || path === 'wifi_list_web') {
      if (req.method !== 'GET') return send(res, 405, { error: 'Use GET' });
      return send(res, 200, scan(networks));
    }
    if (path === 'device_info') {
      if (req.method !== 'GET') return send(res, 405, { error: 'Use GET' });
      return send(res, 200, { mac, ssid, model: opts.model, ...(lastFailure ? { lastFailure } : {}) });
    }
    if (path === 'set-device-wifi-info' || path === 'wifi_connect') {
      if (req.method !== 'POST') return send(res, 405, { error: 'Use POST' });
      const text = await readBody(req);
      if (text === undefined) return send(res, 413, { error: `The body is over ${MAX_BODY} bytes` });
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        return send(res, 400, { error: 'The body is not JSON' });
      }
      const creds = readCredentials(body);
      if (typeof creds === 'string') return send(res, 400, { error: creds });
      // Taken: the device cannot know yet whether the Wi-Fi will have it. The AP closes once the
      // answer is out, as the radio leaves AP mode to join.
      res.on('finish', () => take(creds, 'ap'));
      return send(res, 200, { result: 'OK', mac });
    }
    return send(res, 404, { error: 'Not found' });
  };

  const openAp = async () => {
    const s = http.createServer((req, res) => {
      handle(req, res).catch(() => {
        if (!res.headersSent) send(res, 500, { error: 'Device error' });
      });
    });
    s.keepAliveTimeout = 1000;
    const listen = (p: number) =>
      new Promise<void>((resolve, reject) => {
        s.once('error', reject);
        s.listen(p, '127.0.0.1', () => {
          s.off('error', reject);
          resolve();
        });
      });
    try {
      await listen(port);
    } catch (err) {
      // The device's port was taken while its AP was down: it comes back elsewhere.
      if (port === 0) throw err;
      await listen(0);
    }
    port = (s.address() as AddressInfo).port;
    server = s;
  };

  const closeAp = async () => {
    const s = server;
    server = undefined;
    if (!s) return;
    await new Promise<void>((resolve) => {
      s.close(() => resolve());
      s.closeAllConnections();
    });
  };

  const fail = (attempt: PairingAttempt, reason: PairingFailure) => {
    attempt.result = reason;
    lastFailure = reason;
    const mine = round;
    // Back in pairing mode after a while: the AP opens again and nothing was registered.
    later(reopenMs, () => {
      if (round !== mine) return;
      openAp().then(
        () => (round !== mine ? closeAp() : setState('ap')),
        () => undefined,
      );
    });
  };

  const connect = async (attempt: PairingAttempt, creds: WifiCredentials, mine: number) => {
    if (token === undefined) {
      const answer = await provisionOnce(opts.mqttUrl, {
        deviceName: mac,
        ...(opts.provision as ProvisionCredentials),
      }).catch(() => undefined);
      if (round !== mine) return;
      if (answer?.status !== 'SUCCESS' || typeof answer.credentialsValue !== 'string')
        return fail(attempt, 'provision_refused');
      // Kept as firmware keeps it in flash: a device is provisioned once.
      token = answer.credentialsValue;
    }
    let device: RunningDevice;
    try {
      device = await startDevice(
        opts.mqttUrl,
        { id: mac, accessToken: token, profileId: opts.model, ...(joined ? { ap: joined.ssid } : {}) },
        'tb',
      );
    } catch {
      if (round === mine) fail(attempt, 'broker_refused');
      return;
    }
    // Switched off or reset while connecting: this connection is not wanted any more.
    if (round !== mine) return device.close();
    const message = {
      secretKey: creds.pairKey,
      durationMs: claimMs,
      // Not read by the server yet: the change-owner flow's key goes with the claim (decision 025).
      ...(creds.ownerKey ? { ownerKey: creds.ownerKey } : {}),
    };
    try {
      await device.client.publishAsync(CLAIM_TOPIC, JSON.stringify(message), { qos: 1 });
    } catch {
      await device.close().catch(() => undefined);
      if (round === mine) fail(attempt, 'broker_refused');
      return;
    }
    if (round !== mine) return device.close();
    running = device;
    claim = message;
    attempt.result = 'online';
    lastFailure = undefined;
    setState('online');
  };

  /** Credentials in, from the AP or a smart-config broadcast. False when the device is not pairing. */
  const take = (creds: WifiCredentials, via: 'ap' | 'smart'): boolean => {
    if (state !== 'ap') return false;
    const attempt: PairingAttempt = { via, ssid: creds.ssid };
    attempts.push(attempt);
    const mine = round;
    setState('joining');
    closeAp().catch(() => undefined);
    later(joinMs, () => {
      if (round !== mine) return;
      const result = join(networks, creds.ssid, creds.password);
      if (!result.ok) return fail(attempt, result.reason);
      joined = result.network;
      setState('connecting');
      connect(attempt, creds, mine).catch(() => undefined);
    });
    return true;
  };

  await openAp();
  let smart: { close(): Promise<void> } | undefined;
  if (opts.smartConfigPort !== undefined) {
    try {
      smart = await listenSmartConfig(opts.smartConfigPort, (msg, ack) => {
        if (msg.mac !== undefined && msg.mac.toUpperCase() !== mac) return;
        const { mac: _target, ...creds } = msg;
        if (take(creds, 'smart')) ack(mac);
      });
    } catch (err) {
      await closeAp();
      throw err;
    }
  }

  return {
    model: opts.model,
    mac,
    get token() {
      return token;
    },
    ssid,
    get apUrl() {
      return `http://127.0.0.1:${port}`;
    },
    get state() {
      return state;
    },
    get lastFailure() {
      return lastFailure;
    },
    attempts,
    get joined() {
      return joined;
    },
    get claim() {
      return claim;
    },
    get device() {
      return running;
    },
    onState(listener) {
      const w = () => listener(state);
      watchers.add(w);
      return () => {
        watchers.delete(w);
      };
    },
    whenState(wanted, timeoutMs = 10_000) {
      if (state === wanted) return Promise.resolve();
      return new Promise<void>((resolve, reject) => {
        const check = () => {
          if (state !== wanted) return;
          clearTimeout(timer);
          watchers.delete(check);
          resolve();
        };
        const timer = setTimeout(() => {
          watchers.delete(check);
          reject(new Error(`${mac} did not reach ${wanted} in ${timeoutMs} ms (it is ${state})`));
        }, timeoutMs);
        watchers.add(check);
      });
    },
    async reset() {
      if (state === 'closed') throw new Error(`${mac} is switched off`);
      round += 1;
      for (const t of timers) clearTimeout(t);
      timers.clear();
      const was = running;
      running = undefined;
      joined = undefined;
      claim = undefined;
      lastFailure = undefined;
      await was?.close();
      if (!server) await openAp();
      setState('ap');
    },
    async close() {
      if (state === 'closed') return;
      round += 1;
      setState('closed');
      for (const t of timers) clearTimeout(t);
      timers.clear();
      await Promise.all([closeAp(), smart?.close(), running?.close()]);
    },
  };
}
