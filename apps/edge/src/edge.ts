// The device edge (issue 21, decision 041): the embedded broker's thread (ThingsBoard token
// authentication, `me` topics, attribute requests, OTA chunks, RPC delivery, connection state) as a
// process of its own in scaled mode. Devices connect here; what they send goes on to the internal
// broker on `devices/{id}/...`, and what the servers send to a device connected here comes back from
// it. Any number of edges run side by side behind a TCP load balancer.
import { randomUUID } from 'node:crypto';
import { deviceTopics, firmwareTopics } from '@hestia/contract';
import {
  AssetRepository,
  attemptStore,
  type BrokerThread,
  claimLimits,
  type DeviceMessage,
  DeviceRepository,
  openPostgres,
  PairKeyRepository,
  ProvisioningRepository,
  ProvisioningService,
  startEmbeddedBroker,
} from '@hestia/server';
import { Redis } from 'ioredis';
import mqtt, { type MqttClient } from 'mqtt';

export interface EdgeLog {
  info(obj: unknown, msg: string): void;
  warn(obj: unknown, msg: string): void;
  error(obj: unknown, msg: string): void;
}

export interface EdgeOptions {
  /** PostgreSQL: the devices' access tokens. */
  databaseUrl: string;
  /** Redis: token revocations (the servers' access-changed event) and which edge holds a device. */
  redisUrl: string;
  /** The internal broker, with the edge's own credentials in the URL (docs/deploy.md). */
  mqttUrl: string;
  /** Where devices connect (MQTT_PORT; 0 for any free port). */
  port: number;
  host: string;
  log: EdgeLog;
  /** How long a token's device is believed without asking PostgreSQL again (at most 5 s). */
  tokenTtlMs?: number;
}

export interface Edge {
  /** The id this edge goes by in its internal client id and its Redis ownership marks. */
  id: string;
  /** The device-facing port. */
  port: number;
  close(): Promise<void>;
}

/**
 * The servers' Redis channel for "who may reach this device changed" (apps/server/src/live/bus.ts,
 * ACCESS): sent when a device is deleted, moved or its shares change. The edge drops the device's
 * cached tokens on it, so a deleted device's token is refused at once by every edge.
 */
const ACCESS_CHANGED = 'hestia:access-changed';
/** Which edge holds a device now: only that edge may say the device went offline. */
const ownerKey = (deviceId: string) => `hestia:edge:device:${deviceId}`;
/** Deletes the mark only if it is still this edge's (a device that moved keeps its new edge's mark). */
const RELEASE = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;
/** The edges that run (or ran and have not been swept yet). */
const EDGES = 'hestia:edges';
/** Present while the edge runs: it renews it every `HEARTBEAT_MS`, it lapses `ALIVE_MS` after a crash. */
const aliveKey = (edge: string) => `hestia:edge:alive:${edge}`;
/** The devices an edge holds: what another edge says went offline when this one dies. */
const devicesKey = (edge: string) => `hestia:edge:devices:${edge}`;
const HEARTBEAT_MS = 3000;
const ALIVE_MS = 10_000;

/** What a device connected here is sent by the servers, below its `devices/{id}/` (decision 019). */
const toDevice = (id: string) => [
  `devices/${id}/rpc/request/+`,
  `devices/${id}/rpc/reply/+`,
  `devices/${id}/attributes/shared`,
  `devices/${id}/attributes/response/+`,
  `devices/${id}/fw/response/+/chunk/+`,
];

/** The internal topic of a device's message, or null for what does not leave the edge. */
export function internalTopic(msg: DeviceMessage): string | null {
  const { deviceId: id, requestId = '' } = msg;
  switch (msg.kind) {
    case 'telemetry':
      return deviceTopics.telemetry(id);
    case 'attributes':
      return deviceTopics.attributes(id);
    case 'claim':
      return deviceTopics.claim(id);
    case 'attributes/request':
      return deviceTopics.attributesRequest(id, requestId);
    case 'rpc/response':
      return deviceTopics.rpcResponse(id, requestId);
    case 'rpc/call':
      return deviceTopics.rpcCall(id, requestId);
    case 'fw/request': {
      const [request = '', chunk = ''] = requestId.split('/');
      return firmwareTopics.request(id, request, chunk);
    }
    case 'activity':
      return deviceTopics.activity(id);
    default:
      // `provision` is answered here; `status` and `rpc/request` never come from a device.
      return null;
  }
}

/** A token → device cache that PostgreSQL fills, entries living `ttlMs`, dropped per device. */
function tokenCache(lookup: (token: string) => Promise<string | undefined>, ttlMs: number) {
  const byToken = new Map<string, { deviceId: string; expiresAt: number }>();
  const byDevice = new Map<string, Set<string>>();
  const drop = (token: string) => {
    const e = byToken.get(token);
    if (!e) return;
    byToken.delete(token);
    const tokens = byDevice.get(e.deviceId);
    tokens?.delete(token);
    if (tokens?.size === 0) byDevice.delete(e.deviceId);
  };
  return {
    async deviceOf(token: string): Promise<{ id: string } | undefined> {
      const hit = byToken.get(token);
      if (hit && Date.now() < hit.expiresAt) return { id: hit.deviceId };
      if (hit) drop(token);
      // A miss is not cached: a device provisioned a moment ago connects at once.
      const deviceId = await lookup(token);
      if (!deviceId) return undefined;
      if (byToken.size >= 100_000) {
        const oldest = byToken.keys().next();
        if (!oldest.done) drop(oldest.value);
      }
      byToken.set(token, { deviceId, expiresAt: Date.now() + ttlMs });
      const tokens = byDevice.get(deviceId) ?? new Set<string>();
      tokens.add(token);
      byDevice.set(deviceId, tokens);
      return { id: deviceId };
    },
    forgetDevice(deviceId: string): void {
      for (const token of byDevice.get(deviceId) ?? []) drop(token);
    },
  };
}

export async function startEdge(opts: EdgeOptions): Promise<Edge> {
  const { log } = opts;
  const id = randomUUID().slice(0, 8);
  const ttlMs = Math.min(opts.tokenTtlMs ?? 5000, 5000);
  const cleanup: Array<() => Promise<unknown>> = [];
  const undo = async () => {
    for (const c of cleanup.reverse()) await c().catch(() => undefined);
  };

  try {
    const database = await openPostgres(opts.databaseUrl);
    cleanup.push(() => database.close());
    const devices = new DeviceRepository(database.db);
    const tokens = tokenCache(async (token) => (await devices.byAccessToken(token))?.id, ttlMs);

    const redis = new Redis(opts.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 3 });
    const sub = new Redis(opts.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 3 });
    cleanup.push(
      () => redis.quit(),
      () => sub.quit(),
    );
    const redisError = (err: Error) => log.warn({ err: err.message }, 'edge: Redis');
    redis.on('error', redisError);
    sub.on('error', redisError);
    await Promise.all([redis.connect(), sub.connect()]);
    /** Set once the broker thread runs: a revoked token's live connections are closed through it. */
    let thread: BrokerThread | undefined;
    sub.on('message', (channel: string, deviceId: string) => {
      if (channel !== ACCESS_CHANGED) return;
      tokens.forgetDevice(deviceId);
      // Connected devices are checked again too: a deleted device or a replaced token is cut off now.
      thread?.recheck(deviceId);
    });
    await sub.subscribe(ACCESS_CHANGED);

    // ThingsBoard provisioning is answered here, by the servers' own service on the same database: a
    // provisioned device's row changed, so the servers are told to drop what they cached of it.
    const clock = { now: () => Date.now() };
    const provisioning = new ProvisioningService({
      devices,
      provisioning: new ProvisioningRepository(database.db),
      assets: new AssetRepository(database.db),
      forget: (deviceId) => {
        tokens.forgetDevice(deviceId);
        redis.publish(ACCESS_CHANGED, deviceId).catch(redisError);
      },
      clock,
      log: log as unknown as ConstructorParameters<typeof ProvisioningService>[0]['log'],
      limits: claimLimits(attemptStore(database.db, clock)),
      pairKeys: new PairKeyRepository(database.db),
    });

    const internal: MqttClient = await mqtt.connectAsync(opts.mqttUrl, {
      clientId: `hestia-edge-${id}`,
      protocolVersion: 5,
      clean: true,
      reconnectPeriod: 1000,
      connectTimeout: 5000,
    });
    cleanup.push(() => internal.endAsync());
    internal.on('error', (err) => log.warn({ err: err.message }, 'edge: internal broker'));

    // This edge is alive before any device connects to it (the other edges sweep dead ones).
    const beat = () => redis.set(aliveKey(id), '1', 'PX', ALIVE_MS);
    await beat();
    await redis.sadd(EDGES, id);

    /** Publishes to the internal broker not acknowledged yet (MQTT.js keeps QoS 1 ones across reconnects). */
    const inFlight = new Set<Promise<void>>();
    const broker: BrokerThread = await startEmbeddedBroker({
      host: opts.host,
      port: opts.port,
      deviceByToken: (token) => tokens.deviceOf(token),
      // A device's QoS 1 publish gets its PUBACK once the internal broker has acknowledged it (and
      // everything handed over before it) to this edge (decision 040's hook): an edge killed loses
      // nothing a device was told it delivered; the device sends the rest again.
      durable: () => Promise.all([...inFlight]).then(() => undefined),
      log,
    });
    cleanup.push(() => broker.close());
    thread = broker;

    // The servers' messages for devices connected here go in through the broker thread, which
    // translates them to `me` topics for ThingsBoard devices.
    internal.on('message', (topic, payload) => {
      broker
        // A copy of its own bytes: the parser's Buffer may be a slice of a larger one, which the
        // hand-over to the thread would copy whole.
        .publish(topic, new Uint8Array(payload))
        .catch((err: Error) => log.warn({ err: err.message, topic }, 'edge: a message to a device failed'));
    });

    const send = (topic: string, payload: string, retain = false): Promise<void> => {
      const done = internal
        .publishAsync(topic, payload, { qos: 1, retain })
        .then(
          () => undefined,
          (err: Error) => log.warn({ err: err.message, topic }, 'edge: a publish failed'),
        )
        .finally(() => inFlight.delete(done));
      inFlight.add(done);
      return done;
    };

    broker.onMessage((msg) => {
      if (msg.kind === 'provision') {
        // `deviceId` is the asking connection's reference here; the service never throws.
        void provisioning
          .provision(msg.payload)
          .then((answer) => broker.publish(`provision/${msg.deviceId}/response`, JSON.stringify(answer)))
          .catch((err: Error) => log.warn({ err: err.message }, 'edge: a provisioning answer failed'));
        return;
      }
      const topic = internalTopic(msg);
      // A ping only says the device is alive: at most once, nothing to acknowledge or keep.
      if (msg.kind === 'activity' && topic)
        void internal
          .publishAsync(topic, '', { qos: 0 })
          .catch((err: Error) => log.warn({ err: err.message, topic }, 'edge: a publish failed'));
      else if (topic) void send(topic, msg.payload);
    });

    // Connection changes per device in order (a connect's subscription before its disconnect's removal).
    const chains = new Map<string, Promise<void>>();
    const inOrder = (deviceId: string, step: () => Promise<void>) => {
      const next = (chains.get(deviceId) ?? Promise.resolve())
        .then(step)
        .catch((err: Error) => log.warn({ err: err.message, deviceId }, 'edge: connection change failed'));
      chains.set(deviceId, next);
      void next.then(() => {
        if (chains.get(deviceId) === next) chains.delete(deviceId);
      });
    };
    broker.onConnection((deviceId, connected) =>
      inOrder(deviceId, async () => {
        // Redis only decides who may say offline: while it is away, devices still come and go.
        if (connected) {
          await internal.subscribeAsync(toDevice(deviceId), { qos: 1 });
          await redis
            .multi()
            .set(ownerKey(deviceId), id)
            .sadd(devicesKey(id), deviceId)
            .exec()
            .catch(redisError);
          await send(deviceTopics.status(deviceId), 'online', true);
          return;
        }
        await internal.unsubscribeAsync(toDevice(deviceId));
        // A device that reconnected to another edge first stays online there.
        const released = await redis
          .srem(devicesKey(id), deviceId)
          .then(() => redis.eval(RELEASE, 1, ownerKey(deviceId), id))
          .then(Number, (err: Error) => {
            redisError(err);
            return 1;
          });
        if (released === 1) await send(deviceTopics.status(deviceId), 'offline', true);
      }),
    );

    /**
     * An edge that died (killed, its machine gone) cannot say its devices went offline, and their
     * retained `online` would stay. The edges that live find it by its lapsed alive mark; one of them
     * (a lock) says `offline` for each of its devices still marked as held by it, that is, every one
     * that has not reconnected elsewhere since.
     */
    async function sweepDeadEdges(): Promise<void> {
      for (const other of await redis.smembers(EDGES)) {
        if (other === id || (await redis.exists(aliveKey(other)))) continue;
        const lock = await redis.set(`hestia:edge:sweep:${other}`, id, 'PX', 30_000, 'NX');
        if (lock !== 'OK') continue;
        for (const deviceId of await redis.smembers(devicesKey(other))) {
          const released = Number(await redis.eval(RELEASE, 1, ownerKey(deviceId), other));
          if (released === 1) await send(deviceTopics.status(deviceId), 'offline', true);
        }
        await redis.del(devicesKey(other));
        await redis.srem(EDGES, other);
        log.warn({ edge: other }, 'edge: another edge stopped; its devices are offline until they reconnect');
      }
    }
    let sweeping = false;
    const heartbeat = setInterval(() => {
      if (sweeping) return;
      sweeping = true;
      beat()
        .then(sweepDeadEdges)
        .catch((err: Error) => log.warn({ err: err.message }, 'edge: heartbeat'))
        .finally(() => {
          sweeping = false;
        });
    }, HEARTBEAT_MS);
    heartbeat.unref();

    log.info({ edge: id, port: broker.port }, 'edge: listening for devices');
    let closed: Promise<void> | undefined;
    return {
      id,
      port: broker.port as number,
      close: () => {
        closed ??= (async () => {
          // The broker thread first: its devices' disconnections are published as offline before the
          // internal client ends.
          clearInterval(heartbeat);
          cleanup.pop();
          await broker.close();
          await Promise.all(chains.values());
          await redis.srem(EDGES, id).catch(() => undefined);
          await redis.del(aliveKey(id), devicesKey(id)).catch(() => undefined);
          await undo();
        })();
        return closed;
      },
    };
  } catch (err) {
    await undo();
    throw err;
  }
}
