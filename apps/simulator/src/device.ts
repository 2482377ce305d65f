import {
  applyModbus,
  buildWrite,
  CatalogError,
  createSimDevice,
  getError,
  getProfile,
  type SimDevice,
} from '@hestia/catalog';
import { deviceTopics, tbTopics } from '@hestia/contract';
import mqtt, { type MqttClient } from 'mqtt';
import { answerIr } from './ir-blaster.ts';
import { deviceOta, type FirmwareVersion, type OtaControl, type OtaSettings } from './ota.ts';

const wait = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export interface SimulatedDeviceSpec {
  id: string;
  accessToken: string;
  profileId: string;
  /** The Wi-Fi it joined, reported as `AP` (default: the catalogue's `SIMULATED_ROUTER`). */
  ap?: string;
  /** What it kept from before a restart: values of its writable keys (`RunningDevice.kept()`). */
  kept?: Readonly<Record<string, number | string>>;
  /**
   * How many times faster than real time its clock runs (default 1): a test runs a 90-minute wash
   * in seconds. A running device changes it with the `simulate.speed` method.
   */
  speed?: number;
  /** The firmware it runs and reports (`current_fw_title`, `current_fw_version`); none: it says nothing. */
  firmware?: FirmwareVersion;
  /** How its firmware updates go (ota.ts: chunk size, pauses, a step to fail at). */
  ota?: Partial<OtaSettings>;
}

/**
 * `tb`: ThingsBoard's `v1/devices/me/...` topics (embedded broker, unchanged firmware).
 * `device`: `devices/{id}/...` topics with a retained online/offline status (external broker).
 */
export type TopicMode = 'tb' | 'device';

export interface RunningDevice {
  readonly spec: SimulatedDeviceSpec;
  readonly sim: SimDevice;
  readonly client: MqttClient;
  /** Real milliseconds passed; the device's clock moves `speed` times as far. */
  tick(dtMs: number): void;
  /**
   * What a real device keeps across a power cut: the values of its writable keys (relays, set
   * points, modes), for `kept` on the next start.
   */
  kept(): Record<string, number | string>;
  /** Its firmware and how updates go (ota.ts); the settings may be changed while it runs. */
  readonly ota: OtaControl;
  close(): Promise<void>;
}

function topicsFor(mode: TopicMode, id: string) {
  return mode === 'tb'
    ? {
        telemetry: tbTopics.telemetry,
        requests: `${tbTopics.rpcRequestPrefix}+`,
        requestPrefix: tbTopics.rpcRequestPrefix,
        response: (n: string) => tbTopics.rpcResponsePrefix + n,
      }
    : {
        telemetry: deviceTopics.telemetry(id),
        requests: deviceTopics.rpcRequest(id, '+'),
        requestPrefix: deviceTopics.rpcRequest(id, ''),
        response: (n: string) => deviceTopics.rpcResponse(id, n),
      };
}

type Publish = (values: Record<string, number | string>) => void;

/** What a simulated device's `simulate.*` methods change beyond its catalogue behaviour. */
export interface SimControls {
  setSpeed(factor: number): void;
}

/** The fastest clock a test may ask for: an hour in a little over a second. */
const MAX_SPEED = 3600;

/** Methods a simulated device answers; `simulate.*` exist only in the simulator, for tests and demos. */
export function answer(
  sim: SimDevice,
  req: { method?: string; params?: unknown },
  publish: Publish,
  controls?: SimControls,
) {
  const params = (req.params ?? {}) as Record<string, unknown>;
  switch (req.method) {
    case 'write': {
      // The device checks the command again, then its own rules: the catalogue holds at both ends.
      publish(sim.write(buildWrite(sim.profile, req.params)));
      return { result: 'OK' };
    }
    case 'modbus': {
      // Register commands on the model's register map (docs/decisions/038), checked again here.
      const { reply, changes } = applyModbus(sim, req.params);
      publish(changes);
      return reply;
    }
    case 'getState':
      return { result: 'OK', state: sim.snapshot() };
    case 'simulate.raiseError': {
      const code = (req.params as { code?: unknown } | undefined)?.code;
      publish(sim.raise(String(code)));
      return { result: 'OK' };
    }
    case 'simulate.clearErrors':
      publish(sim.clearErrors());
      return { result: 'OK' };
    case 'simulate.speed': {
      const factor = Number(params.factor);
      if (!controls || !Number.isFinite(factor) || factor <= 0 || factor > MAX_SPEED)
        return { error: `speed must be above 0 and at most ${MAX_SPEED}` };
      controls.setSpeed(factor);
      return { result: 'OK' };
    }
    case 'simulate.set': {
      // What the world does to a device (its door opened), reported as its sensor would.
      const key = String(params.key);
      const def = sim.profile.keys.find((k) => k.key === key);
      const value = params.value;
      if (def?.access !== 'r' || (typeof value !== 'number' && typeof value !== 'string'))
        return { error: `${key} is not a reported key of ${sim.profile.id}` };
      sim.values.set(key, value);
      publish({ [key]: value });
      return { result: 'OK' };
    }
    case 'irSend':
    case 'simulate.irReceive':
      return answerIr(sim, req.method, params, publish);
    default:
      return { error: `Unknown method ${String(req.method)}` };
  }
}

/** A refused command: a catalogue error answers with its code and English message, as firmware does. */
export function refusal(err: unknown): Record<string, unknown> {
  if (err instanceof CatalogError) {
    const known = getError(err.code);
    return known ? { error: err.code, message: known.messages.en } : { error: err.message };
  }
  return { error: 'Bad request' };
}

/** One virtual device: an MQTT client that behaves as its catalogue profile says. */
export async function startDevice(
  url: string,
  spec: SimulatedDeviceSpec,
  mode: TopicMode,
): Promise<RunningDevice> {
  const profile = getProfile(spec.profileId);
  if (!profile) throw new Error(`Unknown profile ${spec.profileId}`);
  const sim = createSimDevice(profile);
  let speed = spec.speed ?? 1;
  const controls: SimControls = {
    setSpeed: (factor) => {
      speed = factor;
    },
  };
  const writable = profile.keys.filter((k) => k.access !== 'r').map((k) => k.key);
  for (const key of writable) {
    const value = spec.kept?.[key];
    if (value !== undefined && typeof value === typeof sim.values.get(key)) sim.values.set(key, value);
  }
  const t = topicsFor(mode, spec.id);
  const status = deviceTopics.status(spec.id);
  const client = mqtt.connect(url, {
    username: spec.accessToken,
    clientId: `sim-${spec.id}`,
    keepalive: 30,
    reconnectPeriod: 1000,
    connectTimeout: 5000,
    // No table of 65,536 packet-id Buffers (6.5 MB per thread; decision 024): ids are made as written.
    writeCache: false,
    ...(mode === 'device'
      ? { will: { topic: status, payload: Buffer.from('offline'), qos: 1, retain: true } }
      : {}),
  });

  /** The values with `AP` naming the network this device joined. */
  const joined = <T extends Record<string, unknown>>(values: T): T =>
    spec.ap === undefined || values.AP === undefined ? values : { ...values, AP: spec.ap };
  const publish = (values: Record<string, number | string>) => {
    if (Object.keys(values).length > 0 && client.connected)
      client.publish(t.telemetry, JSON.stringify(joined(values)), { qos: 1 });
  };

  const ota = deviceOta({
    client,
    tb: mode === 'tb',
    deviceId: spec.id,
    publish,
    current: spec.firmware,
    settings: spec.ota,
  });

  client.on('connect', () => {
    client.subscribe(t.requests, { qos: 1 });
    if (mode === 'device') client.publish(status, 'online', { qos: 1, retain: true });
    publish(sim.snapshot());
    ota.connected();
  });

  client.on('message', (topic, payload) => {
    if (ota.handle(topic, payload) || !topic.startsWith(t.requestPrefix)) return;
    const requestId = topic.slice(t.requestPrefix.length);
    let reply: Record<string, unknown>;
    try {
      const req = JSON.parse(payload.toString()) as { method?: string; params?: unknown };
      reply = answer(sim, req, publish, controls);
      if (reply.state) reply = { ...reply, state: joined(reply.state as Record<string, unknown>) };
    } catch (err) {
      reply = refusal(err);
    }
    client.publish(t.response(requestId), JSON.stringify(reply), { qos: 1 });
  });

  await new Promise<void>((resolve, reject) => {
    const refused = (err: Error) => {
      // Refused at the start (an unknown token): give up instead of retrying every second for good.
      // Errors once connected are left to the client's reconnection, as before.
      client.end(true);
      reject(err);
    };
    client.once('error', refused);
    client.once('connect', () => {
      client.off('error', refused);
      // Later errors (the broker went away) are the reconnection's business, not a crash.
      client.on('error', () => undefined);
      resolve();
    });
  });

  return {
    spec,
    sim,
    client,
    tick: (dtMs) => publish(sim.tick(dtMs * speed)),
    ota: ota.control,
    kept: () => {
      const out: Record<string, number | string> = {};
      for (const key of writable) {
        const value = sim.values.get(key);
        if (typeof value === 'number' || typeof value === 'string') out[key] = value;
      }
      return out;
    },
    close: async () => {
      // Each step bounded: after a firmware reboot (end, then reconnect) MQTT.js can leave the offline
      // publish and the polite end waiting for ever. Ended by force instead, the broker still
      // publishes the will, which says offline too.
      const within = (p: Promise<unknown>) =>
        Promise.race([
          p.then(
            () => true,
            () => false,
          ),
          wait(2000).then(() => false),
        ]);
      if (mode === 'device' && client.connected)
        await within(client.publishAsync(status, 'offline', { qos: 1, retain: true }));
      if (!(await within(client.endAsync()))) await client.endAsync(true);
    },
  };
}
