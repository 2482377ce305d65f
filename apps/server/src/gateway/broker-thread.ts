// Worker thread: the embedded MQTT broker (Aedes on its TCP port). It reads the devices' sockets,
// parses MQTT and checks every topic here, and hands the server one batch of device messages per
// turn of its event loop (decision 016). The main thread (broker-host.ts) answers token look-ups
// and sends RPCs.
import { createServer } from 'node:net';
import { parentPort, workerData } from 'node:worker_threads';
import { Aedes, type AedesPublishPacket, type AuthenticateError, type Client } from 'aedes';
import { type FromBroker, handOver, Kind, type ToBroker } from './broker-protocol.ts';

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

const port = parentPort;
if (!port) throw new Error('broker-thread runs as a worker thread');
const { host, listenPort } = workerData as { host: string; listenPort: number };
const post = (m: FromBroker) => port.postMessage(m);

function authError(): AuthenticateError {
  return Object.assign(new Error('Not authorized'), { returnCode: 5 as const });
}

const { queue, flush } = handOver(port);

const clients = new WeakMap<Client, ClientInfo>();
const connections = new Map<string, number>();
const tokenLookups = new Map<number, (deviceId: string | null) => void>();
let nextLookup = 1;

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
    const id = nextLookup++;
    tokenLookups.set(id, (deviceId) => {
      if (!deviceId) return done(authError(), false);
      clients.set(client, { deviceId, prefix: `devices/${deviceId}/`, me: false });
      done(null, true);
    });
    post({ t: 'token', id, token: username });
  },
  authorizePublish(client, packet, cb) {
    if (!client) return cb(null);
    const info = clients.get(client);
    const topic = info && toInternal(info, packet.topic);
    const allowed = info && topic && PUBLISH_OK.exec(topic.slice(info.prefix.length));
    if (!info || !topic || !allowed) return cb(new Error('publish not allowed'));
    packet.topic = topic;
    cb(null);
    // Handed to the server here, where the device is already known: no topic matching there.
    const [, kind, requestId] = allowed;
    // Decoded only for what the server takes: an attributes request is accepted but not answered
    // (the server keeps no shared attributes to send back).
    const text = () => (packet.payload as Buffer).toString('utf8');
    if (kind) queue(kind === 'telemetry' ? Kind.Telemetry : Kind.Attributes, info.deviceId, '', text());
    else if (requestId) queue(Kind.RpcResponse, info.deviceId, requestId, text());
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
  if (n === 1) queue(Kind.Connected, info.deviceId, '', '');
});
broker.on('clientDisconnect', (client) => {
  const info = clients.get(client);
  if (!info) return;
  const n = (connections.get(info.deviceId) ?? 1) - 1;
  if (n <= 0) {
    connections.delete(info.deviceId);
    queue(Kind.Disconnected, info.deviceId, '', '');
  } else connections.set(info.deviceId, n);
});
broker.on('clientError', (_client, err) => post({ t: 'warn', message: err.message }));

const server = createServer({ noDelay: true }, (socket) => {
  socket.setNoDelay(true);
  broker.handle(socket);
});

port.on('message', (m: ToBroker) => {
  switch (m.t) {
    case 'token': {
      const answer = tokenLookups.get(m.id);
      tokenLookups.delete(m.id);
      answer?.(m.deviceId);
      return;
    }
    case 'publish':
      broker.publish(
        {
          cmd: 'publish',
          topic: m.topic,
          payload: Buffer.from(m.payload),
          qos: 1,
          retain: false,
          dup: false,
        },
        (err) => post({ t: 'published', id: m.id, error: err ? err.message : null }),
      );
      return;
    case 'close':
      broker.close(() =>
        server.close(() => {
          // The devices' disconnections go over before the thread says it has closed.
          flush();
          post({ t: 'closed' });
          port.close();
        }),
      );
      return;
  }
});

server.once('error', (err: NodeJS.ErrnoException) =>
  post({ t: 'failed', code: err.code ?? '', message: err.message }),
);
server.listen(listenPort, host, () => {
  const address = server.address();
  post({ t: 'ready', port: typeof address === 'object' && address ? address.port : listenPort });
});
