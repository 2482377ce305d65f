import { createServer, type Server } from 'node:net';
import { Aedes, type AedesPublishPacket, type AuthenticateError, type Client } from 'aedes';
import { ConfigError } from '../config.ts';
import type { BrokerTransport, DeviceMessage } from './transport.ts';

const ME = 'v1/devices/me/';

interface ClientInfo {
  deviceId: string;
  /** `devices/{deviceId}/`: every topic of this device starts with it. */
  prefix: string;
  /** Spoke ThingsBoard `me` topics, so deliveries are translated back. */
  me: boolean;
}

/**
 * What a device may publish and subscribe to, below its own `devices/{id}/` prefix; a publish's
 * groups: 1 telemetry or attributes, 2 an RPC answer's request id.
 */
const PUBLISH_OK = /^(?:(telemetry|attributes)|rpc\/response\/(\d+)|attributes\/request\/\d+)$/;
const SUBSCRIBE_OK = /^(rpc\/request\/(\+|#)|attributes|attributes\/response\/(\+|#))$/;

function authError(): AuthenticateError {
  return Object.assign(new Error('Not authorized'), { returnCode: 5 as const });
}

/**
 * Aedes on `port` speaking ThingsBoard's device API: access token as username, `me` topics mapped to
 * `devices/{id}/...` inside. TCP_NODELAY on every socket (a QoS1 round trip is ~0.2 ms instead of ~44).
 */
export async function startEmbeddedBroker(opts: {
  host: string;
  port: number;
  deviceByToken: (token: string) => Promise<{ id: string } | undefined>;
  log: { warn(obj: unknown, msg: string): void };
}): Promise<BrokerTransport & { port: number }> {
  const clients = new WeakMap<Client, ClientInfo>();
  const connections = new Map<string, number>();
  let onMessage: (m: DeviceMessage) => void = () => undefined;
  let onConnection: (id: string, connected: boolean) => void = () => undefined;

  const toInternal = (info: ClientInfo, topic: string): string | null => {
    if (topic.startsWith(ME)) {
      info.me = true;
      return info.prefix + topic.slice(ME.length);
    }
    return topic.startsWith(info.prefix) ? topic : null;
  };

  const broker = await Aedes.createBroker({
    drainTimeout: 5000,
    connectTimeout: 10_000,
    authenticate(client, username, _password, done) {
      if (!username) return done(authError(), false);
      opts
        .deviceByToken(username)
        .then((device) => {
          if (!device) return done(authError(), false);
          clients.set(client, { deviceId: device.id, prefix: `devices/${device.id}/`, me: false });
          done(null, true);
        })
        .catch(() => done(authError(), false));
    },
    authorizePublish(client, packet, cb) {
      if (!client) return cb(null);
      const info = clients.get(client);
      const topic = info && toInternal(info, packet.topic);
      const allowed = info && topic && PUBLISH_OK.exec(topic.slice(info.prefix.length));
      if (!info || !topic || !allowed) return cb(new Error('publish not allowed'));
      packet.topic = topic;
      cb(null);
      // Handed to the gateway here, where the device is already known: no topic matching and no
      // second parse for every message.
      const [, kind, requestId] = allowed;
      if (kind)
        onMessage({ deviceId: info.deviceId, kind: kind as 'telemetry', payload: packet.payload as Buffer });
      else if (requestId)
        onMessage({
          deviceId: info.deviceId,
          kind: 'rpc/response',
          requestId,
          payload: packet.payload as Buffer,
        });
    },
    authorizeSubscribe(client, sub, cb) {
      const info = clients.get(client);
      const topic = info && toInternal(info, sub.topic);
      if (!info || !topic || !SUBSCRIBE_OK.test(topic.slice(info.prefix.length))) {
        // A refused subscription gets a failure code (128) in SUBACK; the device stays connected.
        return cb(null, null);
      }
      cb(null, { ...sub, topic });
    },
    authorizeForward(client, packet) {
      const info = clients.get(client);
      if (!info) return packet;
      const own = info.prefix;
      if (!packet.topic.startsWith(own)) return null;
      return info.me
        ? ({ ...packet, topic: ME + packet.topic.slice(own.length) } as AedesPublishPacket)
        : packet;
    },
  });

  broker.on('client', (client) => {
    const info = clients.get(client);
    if (!info) return;
    const n = (connections.get(info.deviceId) ?? 0) + 1;
    connections.set(info.deviceId, n);
    if (n === 1) onConnection(info.deviceId, true);
  });
  broker.on('clientDisconnect', (client) => {
    const info = clients.get(client);
    if (!info) return;
    const n = (connections.get(info.deviceId) ?? 1) - 1;
    if (n <= 0) {
      connections.delete(info.deviceId);
      onConnection(info.deviceId, false);
    } else connections.set(info.deviceId, n);
  });
  broker.on('clientError', (_client, err) => opts.log.warn({ err: err.message }, 'mqtt client error'));

  const server: Server = createServer({ noDelay: true }, (socket) => {
    socket.setNoDelay(true);
    broker.handle(socket);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', (err: NodeJS.ErrnoException) => {
      reject(
        err.code === 'EADDRINUSE' || err.code === 'EACCES'
          ? new ConfigError(`MQTT port ${opts.port} is not available; set MQTT_PORT to a free port`)
          : err,
      );
    });
    server.listen(opts.port, opts.host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : opts.port;

  return {
    port,
    publish: (topic, payload) =>
      new Promise((resolve, reject) =>
        broker.publish(
          { cmd: 'publish', topic, payload: Buffer.from(payload), qos: 1, retain: false, dup: false },
          (err) => (err ? reject(err) : resolve()),
        ),
      ),
    onMessage: (h) => {
      onMessage = h;
    },
    onConnection: (h) => {
      onConnection = h;
    },
    close: async () => {
      await new Promise<void>((resolve) => broker.close(() => resolve()));
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
