import { getProfile } from '@hestia/catalog';
import type { RunningDevice } from './device.ts';
import { PairingAp } from './pairing-ap.ts';
import { connectAndClaim, type PairingFailure, type ProvisionCredentials } from './pairing-join.ts';
import { listenSmartConfig, type WifiCredentials } from './smart-config.ts';
import { apSsid, homeNetwork, join, ownAccessPoint, randomMac, type WifiNetwork } from './wifi.ts';

export {
  CLAIM_TOPIC,
  type PairingFailure,
  type ProvisionCredentials,
  provisionOnce,
} from './pairing-join.ts';

/**
 * An unpaired device (docs/decisions/025): it has a factory record (AP MAC and access token, made by
 * `npm run devices` or provisioning, decision 020) and no owner. It opens its pairing access point,
 * an HTTP server of its own on 127.0.0.1 standing in for the device's address, and in smart mode
 * also listens for smart-config broadcasts. Given the home Wi-Fi and a pair key it closes the AP,
 * joins the network, and either fails (the AP reopens after a while, nothing reaches the server) or
 * connects to the broker with its token and claims itself with the pair key
 * (`v1/devices/me/claim`), then runs as an ordinary simulated device.
 */

/** The spec's device configuration window: the claim stays open this long. */
export const PAIRING_WINDOW_MS = 3 * 60_000;

/**
 * `ap`: the pairing AP is open (and smart mode listening). `joining`: credentials taken, AP closed,
 * joining the Wi-Fi. `connecting`: on the Wi-Fi, connecting to the broker and claiming. `online`:
 * claimed and running. `closed`: switched off.
 */
export type PairingState = 'ap' | 'joining' | 'connecting' | 'online' | 'closed';

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

  const ap = new PairingAp({
    mac,
    ssid,
    model: opts.model,
    networks,
    lastFailure: () => lastFailure,
    take: (creds) => take(creds, 'ap'),
  });

  const fail = (attempt: PairingAttempt, reason: PairingFailure) => {
    attempt.result = reason;
    lastFailure = reason;
    const mine = round;
    // Back in pairing mode after a while: the AP opens again and nothing was registered.
    later(reopenMs, () => {
      if (round !== mine) return;
      ap.open().then(
        () => (round !== mine ? ap.close() : setState('ap')),
        () => undefined,
      );
    });
  };

  const connect = async (attempt: PairingAttempt, creds: WifiCredentials, mine: number) => {
    const outcome = await connectAndClaim({
      mqttUrl: opts.mqttUrl,
      model: opts.model,
      mac,
      token,
      provision: opts.provision,
      ap: joined?.ssid,
      creds,
      claimMs,
      wanted: () => round === mine,
    });
    token = outcome.token;
    if (outcome.result === 'dropped') return;
    if (outcome.result !== 'online') return fail(attempt, outcome.result);
    running = outcome.device;
    claim = outcome.claim;
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
    ap.close().catch(() => undefined);
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

  await ap.open();
  let smart: { close(): Promise<void> } | undefined;
  if (opts.smartConfigPort !== undefined) {
    try {
      smart = await listenSmartConfig(opts.smartConfigPort, (msg, ack) => {
        if (msg.mac !== undefined && msg.mac.toUpperCase() !== mac) return;
        const { mac: _target, ...creds } = msg;
        if (take(creds, 'smart')) ack(mac);
      });
    } catch (err) {
      await ap.close();
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
      return ap.url;
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
      if (!ap.isOpen) await ap.open();
      setState('ap');
    },
    async close() {
      if (state === 'closed') return;
      round += 1;
      setState('closed');
      for (const t of timers) clearTimeout(t);
      timers.clear();
      await Promise.all([ap.close(), smart?.close(), running?.close()]);
    },
  };
}
