import { createHash, randomInt } from 'node:crypto';
import { deviceTopics, firmwareTopics, tbTopics } from '@hestia/contract';
import type { MqttClient } from 'mqtt';

/**
 * Firmware over the air as a ThingsBoard device does it (issue 20): new fw_* shared attributes start
 * an update; the device reports `fw_state` INITIATED, DOWNLOADING (with `fw_progress` in percent),
 * DOWNLOADED, VERIFYING (size and SHA-256 against what it was told), UPDATING, then reboots and
 * reports UPDATED with its new `current_fw_title` and `current_fw_version`, or FAILED with `fw_error`.
 * The bytes come in chunks: `v2/fw/request/{requestId}/chunk/{n}` with the chunk size as payload,
 * answered on `v2/fw/response/{requestId}/chunk/{n}`.
 */

/** The steps an update can be told to fail at (tests and demos). */
export const OTA_STEPS = ['INITIATED', 'DOWNLOADING', 'DOWNLOADED', 'VERIFYING', 'UPDATING'] as const;
export type OtaStep = (typeof OTA_STEPS)[number];

export interface OtaSettings {
  /** Bytes asked for per chunk request. */
  chunkSize: number;
  /** Pause between reported states (the download itself goes as fast as the chunks come). */
  stepMs: number;
  /** How long a chunk may take before the download fails. */
  chunkTimeoutMs: number;
  /** Pause after each chunk (a slow link, so a screen can watch the percent climb). */
  chunkMs: number;
  /** Fail at this step (reported FAILED with a `fw_error` naming it). */
  failAt: OtaStep | null;
  /** Spoil the downloaded bytes, so VERIFYING fails on the size or the checksum. */
  corrupt: 'size' | 'checksum' | null;
}

export const DEFAULT_OTA: OtaSettings = {
  chunkSize: 4096,
  stepMs: 300,
  chunkTimeoutMs: 5000,
  chunkMs: 0,
  failAt: null,
  corrupt: null,
};

export interface FirmwareVersion {
  title: string;
  version: string;
}

/** What a running device exposes of its firmware: the settings (changeable while it runs) and state. */
export interface OtaControl {
  readonly settings: OtaSettings;
  /** The firmware it runs, null before any it reports. */
  current(): FirmwareVersion | null;
  /** An update is under way. */
  busy(): boolean;
  /** States it reported, in order (tests read them). */
  readonly reported: string[];
}

type Values = Record<string, number | string>;

interface Told {
  title: string;
  version: string;
  size: number;
  checksum: string;
}

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The fw_* attributes of a shared-attributes message, when they name a whole update. */
function toldOf(values: Record<string, unknown>): Told | null {
  const { fw_title, fw_version, fw_size, fw_checksum } = values;
  if (typeof fw_title !== 'string' || fw_version === undefined || fw_checksum === undefined) return null;
  const size = Number(fw_size);
  if (!Number.isSafeInteger(size) || size < 0) return null;
  return { title: fw_title, version: String(fw_version), size, checksum: String(fw_checksum).toLowerCase() };
}

class Failed extends Error {}

/** The firmware side of one simulated device (hooked into device.ts). */
export function deviceOta(opts: {
  client: MqttClient;
  /** ThingsBoard's topics (`tb`) or the device-named ones. */
  tb: boolean;
  deviceId: string;
  publish: (values: Values) => void;
  current?: FirmwareVersion | undefined;
  settings?: Partial<OtaSettings> | undefined;
}) {
  const { client, tb, deviceId, publish } = opts;
  const settings: OtaSettings = { ...DEFAULT_OTA, ...opts.settings };
  let current: FirmwareVersion | null = opts.current ?? null;
  let running = false;
  /** Set by an update that succeeded: told after the reboot. */
  let justUpdated = false;
  const reported: string[] = [];
  const waiting = new Map<string, (bytes: Buffer) => void>();

  const sharedTopic = tb ? tbTopics.attributes : deviceTopics.sharedAttributes(deviceId);
  const responses = tb ? 'v2/fw/response/+/chunk/+' : `devices/${deviceId}/fw/response/+/chunk/+`;
  const RESPONSE = /fw\/response\/(\d+)\/chunk\/(\d+)$/;
  const request = (id: number, n: number) =>
    tb ? firmwareTopics.tbRequest(id, n) : firmwareTopics.request(deviceId, id, n);

  const report = (values: Values) => {
    if (typeof values.fw_state === 'string') reported.push(values.fw_state);
    publish(values);
  };

  function chunk(requestId: number, n: number): Promise<Buffer> {
    return new Promise((resolve, reject) => {
      const key = `${requestId}/${n}`;
      const timer = setTimeout(() => {
        waiting.delete(key);
        reject(new Failed(`Download timed out at chunk ${n}`));
      }, settings.chunkTimeoutMs);
      waiting.set(key, (bytes) => {
        clearTimeout(timer);
        waiting.delete(key);
        resolve(bytes);
      });
      client.publish(request(requestId, n), String(settings.chunkSize), { qos: 1 });
    });
  }

  async function step(state: OtaStep, extra: Values = {}): Promise<void> {
    report({ fw_state: state, ...extra });
    await wait(settings.stepMs);
    if (settings.failAt === state) throw new Failed(`Simulated failure at ${state}`);
  }

  async function update(told: Told): Promise<void> {
    running = true;
    try {
      await step('INITIATED');
      const requestId = randomInt(1, 2 ** 31 - 1);
      const parts: Buffer[] = [];
      let received = 0;
      let shown = 0;
      report({ fw_state: 'DOWNLOADING', fw_progress: 0 });
      for (let n = 0; received < told.size; n++) {
        const bytes = await chunk(requestId, n);
        parts.push(bytes);
        received += bytes.length;
        const percent = Math.min(100, Math.floor((received * 100) / Math.max(1, told.size)));
        if (percent !== shown) report({ fw_state: 'DOWNLOADING', fw_progress: percent });
        shown = percent;
        if (settings.failAt === 'DOWNLOADING') throw new Failed('Simulated failure at DOWNLOADING');
        if (bytes.length < settings.chunkSize) break;
        await wait(settings.chunkMs);
      }
      await wait(settings.stepMs);
      let image = Buffer.concat(parts);
      if (settings.corrupt === 'size') image = image.subarray(0, Math.max(0, image.length - 1));
      if (settings.corrupt === 'checksum' && image.length > 0) {
        image = Buffer.from(image);
        image[0] = (image[0] as number) ^ 0xff;
      }
      await step('DOWNLOADED');
      report({ fw_state: 'VERIFYING' });
      await wait(settings.stepMs);
      if (image.length !== told.size)
        throw new Failed(`SIZE_ERROR: received ${image.length} bytes, expected ${told.size}`);
      const sum = createHash('sha256').update(image).digest('hex');
      if (sum !== told.checksum) throw new Failed(`CHECKSUM_ERROR: SHA256 ${sum} is not ${told.checksum}`);
      if (settings.failAt === 'VERIFYING') throw new Failed('Simulated failure at VERIFYING');
      await step('UPDATING');
      // The new image boots: the device drops its connection and comes back with the new version.
      current = { title: told.title, version: told.version };
      justUpdated = true;
      client.end(true, {}, () => client.reconnect());
    } catch (err) {
      const message = err instanceof Failed ? err.message : `Update failed: ${String(err)}`;
      report({ fw_state: 'FAILED', fw_error: message });
    } finally {
      running = false;
    }
  }

  function sharedAttributes(values: Record<string, unknown>): void {
    const told = toldOf(values);
    if (!told || running) return;
    if (current && told.title === current.title && told.version === current.version) {
      report({ fw_state: 'UPDATED', current_fw_title: current.title, current_fw_version: current.version });
      return;
    }
    void update(told);
  }

  const control: OtaControl = {
    settings,
    current: () => current,
    busy: () => running,
    reported,
  };

  return {
    control,
    /** On every connection: listen for updates and chunks; report the firmware it runs. */
    connected(): void {
      client.subscribe([sharedTopic, responses], { qos: 1 });
      if (!current) return;
      const now: Values = { current_fw_title: current.title, current_fw_version: current.version };
      if (justUpdated) {
        justUpdated = false;
        report({ ...now, fw_state: 'UPDATED' });
      } else publish(now);
    },
    /** A message for the firmware side (true), or another one (false). */
    handle(topic: string, payload: Buffer): boolean {
      if (topic === sharedTopic) {
        try {
          const values: unknown = JSON.parse(payload.toString('utf8'));
          if (values && typeof values === 'object') sharedAttributes(values as Record<string, unknown>);
        } catch {
          // not JSON: not an update
        }
        return true;
      }
      const m = RESPONSE.exec(topic);
      if (!m) return false;
      waiting.get(`${m[1]}/${m[2]}`)?.(payload);
      return true;
    },
  };
}
