// Worker thread: the embedded MQTT broker (Aedes on its TCP port). It reads the devices' sockets,
// parses MQTT and checks every topic here, and hands the server one batch of device messages per
// turn of its event loop (decision 016). The main thread (broker-host.ts) answers token look-ups
// and sends RPCs.
import { createServer } from 'node:net';
import { parentPort, workerData } from 'node:worker_threads';
import { meTopics } from '@hestia/contract';
import { Aedes, type AedesPublishPacket, type AuthenticateError, type Client } from 'aedes';
import mqttPacket from 'mqtt-packet';
import { type FromBroker, handOver, Kind, provisionTopic, type ToBroker } from './broker-protocol.ts';

// mqtt-packet otherwise fills a table of 65,536 two-byte Buffers for packet ids on its first write:
// ~6.5 MB of this thread's heap for good, against a 2-byte allocation per id written (decision 024).
mqttPacket.writeToStream.cacheNumbers = false;

const ME = 'v1/devices/me/';
/** ThingsBoard's firmware download topics (issue 20): `v2/fw/...` outside, `fw/...` below the prefix. */
const FW = 'v2/fw/';
/** A firmware chunk request below the device's prefix: request id and chunk number. */
const FW_REQUEST = /^fw\/request\/(\d{1,10})\/chunk\/(\d{1,7})$/;
/** ThingsBoard's provisioning: a client connects with this user name and no device yet. */
const PROVISION_USER = 'provision';

interface ClientInfo {
  /** The device, or for a provisioning connection its reference (`provision/{ref}/...`). */
  deviceId: string;
  /** `devices/{deviceId}/` (or `provision/{ref}/`): every topic of this client starts with it. */
  prefix: string;
  /** Spoke ThingsBoard `me` topics, so deliveries are translated back. */
  me: boolean;
  provisioning: boolean;
}

/**
 * What a device may publish, below its own `devices/{id}/` prefix, and the kind it is handed over
 * as; group 2 is a request id.
 */
const PUBLISH_OK =
  /^(telemetry|attributes|claim|attributes\/request|rpc\/response|rpc\/call)(?:\/(\d{1,10}))?$/;
const PUBLISH_KIND: Record<string, Kind> = {
  telemetry: Kind.Telemetry,
  attributes: Kind.Attributes,
  claim: Kind.Claim,
  'attributes/request': Kind.AttributesRequest,
  'rpc/response': Kind.RpcResponse,
  'rpc/call': Kind.RpcCall,
};
const WITH_ID = new Set(['attributes/request', 'rpc/response', 'rpc/call']);
const SUBSCRIBE_OK =
  /^(rpc\/request\/(\+|#)|attributes\/shared|attributes\/response\/(\+|#)|rpc\/reply\/(\+|#)|fw\/response\/(#|(\+|\d{1,10})\/chunk\/(\+|#|\d{1,7})))$/;

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
let nextProvision = 1;

/** A client's topic in the internal form, or null when it is not one of its own. */
function toInternal(info: ClientInfo, topic: string, direction: 'publish' | 'subscribe'): string | null {
  if (info.provisioning) {
    if (direction === 'publish' && topic === '/provision/request') return `${info.prefix}request`;
    if (direction === 'subscribe' && (topic === '/provision/response' || topic === '/provision/response/+'))
      return provisionTopic(info.deviceId);
    return null;
  }
  if (topic.startsWith(FW)) {
    info.me = true;
    return `${info.prefix}fw/${topic.slice(FW.length)}`;
  }
  if (topic.startsWith(ME)) {
    info.me = true;
    const rest = topic.slice(ME.length);
    return info.prefix + (direction === 'publish' ? meTopics.publish(rest) : meTopics.subscribe(rest));
  }
  return topic.startsWith(info.prefix) ? topic : null;
}

const broker = await Aedes.createBroker({
  drainTimeout: 5000,
  connectTimeout: 10_000,
  authenticate(client, username, _password, done) {
    if (!username) return done(authError(), false);
    if (username === PROVISION_USER) {
      const ref = String(nextProvision++);
      clients.set(client, { deviceId: ref, prefix: `provision/${ref}/`, me: false, provisioning: true });
      return done(null, true);
    }
    const id = nextLookup++;
    tokenLookups.set(id, (deviceId) => {
      if (!deviceId) return done(authError(), false);
      clients.set(client, { deviceId, prefix: `devices/${deviceId}/`, me: false, provisioning: false });
      done(null, true);
    });
    post({ t: 'token', id, token: username });
  },
  authorizePublish(client, packet, cb) {
    if (!client) return cb(null);
    const info = clients.get(client);
    const topic = info && toInternal(info, packet.topic, 'publish');
    if (!info || !topic) return cb(new Error('publish not allowed'));
    // Devices' retained messages would pile up in this broker's memory: kept by nobody.
    packet.retain = false;
    const text = () => (packet.payload as Buffer).toString('utf8');
    if (info.provisioning) {
      packet.topic = topic;
      cb(null);
      queue(Kind.Provision, info.deviceId, '', text());
      return;
    }
    const chunk = FW_REQUEST.exec(topic.slice(info.prefix.length));
    if (chunk) {
      packet.topic = topic;
      cb(null);
      queue(Kind.FirmwareChunk, info.deviceId, `${chunk[1]}/${chunk[2]}`, text());
      return;
    }
    const allowed = PUBLISH_OK.exec(topic.slice(info.prefix.length));
    const kind = allowed?.[1];
    if (!allowed || !kind || WITH_ID.has(kind) !== (allowed[2] !== undefined))
      return cb(new Error('publish not allowed'));
    packet.topic = topic;
    cb(null);
    // Handed to the server here, where the device is already known: no topic matching there.
    queue(PUBLISH_KIND[kind] as Kind, info.deviceId, allowed[2] ?? '', text());
  },
  authorizeSubscribe(client, sub, cb) {
    const info = clients.get(client);
    const topic = info && toInternal(info, sub.topic, 'subscribe');
    if (!info || !topic || (!info.provisioning && !SUBSCRIBE_OK.test(topic.slice(info.prefix.length)))) {
      // A refused subscription gets a failure code (128) in SUBACK; the device stays connected.
      return cb(null, null);
    }
    cb(null, { ...sub, topic });
  },
  authorizeForward(client, packet) {
    const info = clients.get(client);
    if (!info) return packet;
    if (info.provisioning)
      return packet.topic === provisionTopic(info.deviceId)
        ? ({ ...packet, topic: '/provision/response' } as AedesPublishPacket)
        : null;
    const own = info.prefix;
    if (!packet.topic.startsWith(own)) return null;
    if (!info.me) return packet;
    const rest = packet.topic.slice(own.length);
    return {
      ...packet,
      topic: rest.startsWith('fw/') ? `v2/${rest}` : ME + meTopics.deliver(rest),
    } as AedesPublishPacket;
  },
});

broker.on('client', (client) => {
  const info = clients.get(client);
  if (!info || info.provisioning) return;
  const n = (connections.get(info.deviceId) ?? 0) + 1;
  connections.set(info.deviceId, n);
  if (n === 1) queue(Kind.Connected, info.deviceId, '', '');
});
broker.on('clientDisconnect', (client) => {
  const info = clients.get(client);
  if (!info || info.provisioning) return;
  const n = (connections.get(info.deviceId) ?? 1) - 1;
  if (n <= 0) {
    connections.delete(info.deviceId);
    queue(Kind.Disconnected, info.deviceId, '', '');
  } else connections.set(info.deviceId, n);
});
// A device that only pings is alive: the server's inactivity timeout hears of it.
broker.on('ping', (_packet, client) => {
  const info = clients.get(client);
  if (info && !info.provisioning) queue(Kind.Activity, info.deviceId, '', '');
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
