// Worker thread: the embedded MQTT broker (Aedes on its TCP port). It reads the devices' sockets,
// parses MQTT and checks every topic here, and hands the server one batch of device messages per
// turn of its event loop (decision 016). The main thread (broker-host.ts) answers token look-ups
// and sends RPCs.
import { createServer } from 'node:net';
import { parentPort, workerData } from 'node:worker_threads';
import { meTopics } from '@hestia/contract';
import {
  Aedes,
  type AedesPublishPacket,
  type AuthenticateError,
  type Client,
  type PublishPacket,
} from 'aedes';
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
  /** The access token it connected with, to check again when the device's access changes. */
  token?: string;
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
const { host, listenPort, durableAcks } = workerData as {
  host: string;
  listenPort: number;
  /**
   * PUBACK only once the server has stored the message (decision 040): the host answers each batch's
   * `seq` with `durable` when what it brought is stored. Without it a QoS 1 publish is acknowledged
   * when it is handed over (an older host, or one that stores nothing).
   */
  durableAcks?: boolean;
};
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

/**
 * QoS 1 publishes whose PUBACK waits until the server says they are stored (`durableAcks`), in the
 * order of their sequence numbers (the order they were handed over). Aedes goes on reading the
 * device's next packets meanwhile: only the acknowledgement waits, so a device keeps publishing.
 */
const waiting: Array<{ client: Client; messageId: number; seq: number }> = [];
let waitingHead = 0;
/** The last sequence number given to a waiting publish. */
let lastSeq = 0;
/** Connected clients, whose sockets may still hold PUBACKs when the broker closes. */
const live = new Set<Client>();

/**
 * The publish is allowed: Aedes goes on with it (`cb`), and it is handed over. With `durableAcks`
 * a QoS 1 publish is passed on as QoS 0, so Aedes sends no PUBACK; this thread sends it when the
 * server reports the message's sequence number stored (`acknowledge`).
 */
function allow(
  client: Client,
  packet: PublishPacket,
  cb: (err: Error | null) => void,
  kind: Kind,
  deviceId: string,
  extra: string,
  payload: string,
): void {
  if (durableAcks && packet.qos === 1 && typeof packet.messageId === 'number') {
    const seq = ++lastSeq;
    waiting.push({ client, messageId: packet.messageId, seq });
    packet.qos = 0;
    cb(null);
    queue(kind, deviceId, extra, payload, seq);
    return;
  }
  cb(null);
  queue(kind, deviceId, extra, payload);
}

/**
 * A device's access changed: each of its connections' tokens is looked up again (as when it
 * connected), and a connection whose token no longer names this device is closed, so a deleted
 * device or a replaced token is not left publishing until it happens to reconnect.
 */
function recheck(deviceId: string): void {
  for (const client of live) {
    const info = clients.get(client);
    if (!info || info.provisioning || info.deviceId !== deviceId || info.token === undefined) continue;
    const id = nextLookup++;
    tokenLookups.set(id, (now) => {
      if (now !== deviceId) client.close();
    });
    post({ t: 'token', id, token: info.token });
  }
}

/** Sends the PUBACK of every waiting publish up to `upTo` whose client is still connected. */
function acknowledge(upTo: number): void {
  while (waitingHead < waiting.length) {
    const w = waiting[waitingHead] as (typeof waiting)[number];
    if (w.seq > upTo) break;
    waitingHead++;
    if (w.client.connected && !w.client.closed && !w.client.conn.destroyed)
      mqttPacket.writeToStream({ cmd: 'puback', messageId: w.messageId }, w.client.conn);
  }
  if (waitingHead === waiting.length) {
    waiting.length = 0;
    waitingHead = 0;
  } else if (waitingHead > 4096) {
    waiting.splice(0, waitingHead);
    waitingHead = 0;
  }
}

/** Until every socket has written what it holds (the last PUBACKs), or `ms` have passed. */
async function socketsWritten(ms: number): Promise<void> {
  const until = Date.now() + ms;
  const busy = () => [...live].some((c) => !c.conn.destroyed && c.conn.writableLength > 0);
  while (busy() && Date.now() < until) await new Promise((r) => setTimeout(r, 10));
}

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
      clients.set(client, {
        deviceId,
        prefix: `devices/${deviceId}/`,
        me: false,
        provisioning: false,
        token: username,
      });
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
      allow(client, packet, cb, Kind.Provision, info.deviceId, '', text());
      return;
    }
    const chunk = FW_REQUEST.exec(topic.slice(info.prefix.length));
    if (chunk) {
      packet.topic = topic;
      allow(client, packet, cb, Kind.FirmwareChunk, info.deviceId, `${chunk[1]}/${chunk[2]}`, text());
      return;
    }
    const allowed = PUBLISH_OK.exec(topic.slice(info.prefix.length));
    const kind = allowed?.[1];
    if (!allowed || !kind || WITH_ID.has(kind) !== (allowed[2] !== undefined))
      return cb(new Error('publish not allowed'));
    packet.topic = topic;
    // Handed to the server here, where the device is already known: no topic matching there.
    allow(client, packet, cb, PUBLISH_KIND[kind] as Kind, info.deviceId, allowed[2] ?? '', text());
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
  live.add(client);
  const info = clients.get(client);
  if (!info || info.provisioning) return;
  const n = (connections.get(info.deviceId) ?? 0) + 1;
  connections.set(info.deviceId, n);
  if (n === 1) queue(Kind.Connected, info.deviceId, '', '');
});
broker.on('clientDisconnect', (client) => {
  live.delete(client);
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

/** Closed once `stop` or `close` asked it to: no new connection is taken. */
let listening: Promise<void> | null = null;
const stopListening = () => {
  listening ??= new Promise<void>((resolve) => server.close(() => resolve()));
  return listening;
};

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
    case 'durable':
      acknowledge(m.upTo);
      return;
    case 'recheck':
      recheck(m.deviceId);
      return;
    case 'stop':
      // The server drains (decision 040): no new device, and what is queued goes over now.
      void stopListening();
      flush();
      post({ t: 'stopped', seq: lastSeq });
      return;
    case 'close': {
      const stopped = stopListening();
      // The PUBACKs written last leave their sockets before the broker closes them.
      void (durableAcks ? socketsWritten(1000) : Promise.resolve()).then(() =>
        broker.close(
          () =>
            void stopped.then(() => {
              // The devices' disconnections go over before the thread says it has closed.
              flush();
              post({ t: 'closed' });
              port.close();
            }),
        ),
      );
      return;
    }
  }
});

server.once('error', (err: NodeJS.ErrnoException) =>
  post({ t: 'failed', code: err.code ?? '', message: err.message }),
);
server.listen(listenPort, host, () => {
  const address = server.address();
  post({ t: 'ready', port: typeof address === 'object' && address ? address.port : listenPort });
});
