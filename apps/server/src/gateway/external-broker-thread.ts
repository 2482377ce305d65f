// Worker thread: scaled mode's client of the external broker. It reads the broker's socket, parses
// MQTT and the device topics here, and hands the server one batch of device messages per turn of
// its event loop, as the embedded broker's thread does (decision 016). With `durableAcks`, a QoS 1
// message's PUBACK goes back to the broker only once the server says it is stored (decision 045).
import { randomUUID } from 'node:crypto';
import { parentPort, workerData } from 'node:worker_threads';
import { type DeviceTopicKind, parseDeviceTopic } from '@hestia/contract';
import { type FromBroker, handOver, Kind, type ToBroker } from './broker-protocol.ts';
import { MqttSession } from './mqtt-session.ts';

const port = parentPort;
if (!port) throw new Error('external-broker-thread runs as a worker thread');
const { url, clientId, sessionExpiry, durableAcks, shareGroup } = workerData as {
  url: string;
  /** A stable id (the same after a restart) keeps the session; none: a fresh id, a clean session. */
  clientId?: string;
  /** Seconds the broker keeps the session of a stable id while the server is away. */
  sessionExpiry?: number;
  durableAcks?: boolean;
  /**
   * The shared subscriptions' group (MQTT_SHARE_GROUP): the instances of one deployment share one, so
   * each device message reaches one of them; another deployment on the broker needs its own.
   */
  shareGroup?: string;
};
const shared = `$share/${shareGroup ?? 'hestia'}/devices/+`;
const post = (m: FromBroker) => port.postMessage(m);
const { queue, flush } = handOver(port);

/** What the server takes from devices (commands it sent itself, `rpc/request`, are not among them). */
const KINDS: Partial<Record<DeviceTopicKind, Kind>> = {
  telemetry: Kind.Telemetry,
  attributes: Kind.Attributes,
  status: Kind.Status,
  activity: Kind.Activity,
  'rpc/response': Kind.RpcResponse,
  'attributes/request': Kind.AttributesRequest,
  'rpc/call': Kind.RpcCall,
  claim: Kind.Claim,
  'fw/request': Kind.FirmwareChunk,
};

/**
 * QoS 1 messages whose PUBACK waits, in the order they came (MQTT wants PUBACKs in that order): each
 * with the sequence number that must be stored first and the connection it came on.
 */
const waiting: Array<{ messageId: number; generation: number; seq: number }> = [];
let head = 0;
/** The last sequence number given to a message handed over, and the last one the server stored. */
let lastSeq = 0;
let storedUpTo = 0;
/** After `stop`: messages are neither handed over nor acknowledged; the broker sends them again. */
let stopped = false;

function acknowledge(): void {
  while (head < waiting.length) {
    const w = waiting[head] as (typeof waiting)[number];
    if (w.seq > storedUpTo) break;
    session.ack(w.messageId, w.generation);
    head++;
  }
  if (head > 1024 && head * 2 > waiting.length) {
    waiting.splice(0, head);
    head = 0;
  }
}

// What devices send arrives on shared subscriptions (each message reaches one instance, which
// stores it and fans it out on Redis); RPC answers reach every instance, and the one that sent the
// request takes it.
function received(topic: string, payload: Buffer, messageId: number | null, generation: number): void {
  if (stopped) return;
  const parsed = parseDeviceTopic(topic);
  const kind = parsed ? KINDS[parsed.kind] : undefined;
  if (messageId === null) {
    if (parsed && kind !== undefined)
      queue(kind, parsed.deviceId, parsed.requestId ?? '', payload.toString('utf8'));
    return;
  }
  if (!durableAcks) {
    if (parsed && kind !== undefined)
      queue(kind, parsed.deviceId, parsed.requestId ?? '', payload.toString('utf8'));
    session.ack(messageId, generation);
    return;
  }
  // Handed over, it waits for its own number; ignored, for the messages before it.
  if (parsed && kind !== undefined) {
    const seq = ++lastSeq;
    queue(kind, parsed.deviceId, parsed.requestId ?? '', payload.toString('utf8'), seq);
    waiting.push({ messageId, generation, seq });
  } else {
    waiting.push({ messageId, generation, seq: lastSeq });
    acknowledge();
  }
}

/**
 * A resumed session's messages come right after the CONNACK, before the server is ready for them:
 * they wait here until then.
 */
let beforeReady: Array<Parameters<typeof received>> | null = [];

const session = new MqttSession({
  url,
  clientId: clientId ?? `hestia-server-${randomUUID()}`,
  sessionExpiry: clientId ? (sessionExpiry ?? 0) : 0,
  subscriptions: {
    [`${shared}/telemetry`]: 1,
    [`${shared}/attributes`]: 1,
    [`${shared}/status`]: 1,
    // An edge's word that a device pinged (QoS 0: a lost one is only a later "inactive").
    [`${shared}/activity`]: 0,
    [`${shared}/claim`]: 1,
    [`${shared}/attributes/request/+`]: 1,
    [`${shared}/rpc/call/+`]: 1,
    [`${shared}/fw/request/+/chunk/+`]: 1,
    'devices/+/rpc/response/+': 1,
  },
  onReady: (first) => {
    if (!first) return;
    // The host wires the gateway once it hears `ready`: only then are messages handed over.
    post({ t: 'ready', port: null });
    const early = beforeReady;
    beforeReady = null;
    for (const m of early ?? []) received(...m);
  },
  // A PUBACK of an earlier connection's message is not sent (the session's `ack` drops it): the
  // broker sends that message again on the new one.
  onMessage: (...m) => {
    if (beforeReady) beforeReady.push(m);
    else received(...m);
  },
  onError: (err, fatal) => {
    if (fatal) post({ t: 'failed', code: err.code ?? '', message: err.message });
    else post({ t: 'warn', message: err.message });
  },
});

port.on('message', (m: ToBroker) => {
  switch (m.t) {
    case 'publish':
      session.publish(m.topic, typeof m.payload === 'string' ? m.payload : Buffer.from(m.payload)).then(
        () => post({ t: 'published', id: m.id, error: null }),
        (err: Error) => post({ t: 'published', id: m.id, error: err.message }),
      );
      return;
    case 'durable':
      storedUpTo = Math.max(storedUpTo, m.upTo);
      acknowledge();
      return;
    case 'stop':
      // Closing (decision 040's drain): what is queued goes over now, and nothing after it.
      stopped = true;
      flush();
      post({ t: 'stopped', seq: lastSeq });
      return;
    case 'close':
      stopped = true;
      flush();
      void session
        .flushed(1000)
        .then(() => session.close())
        .finally(() => {
          post({ t: 'closed' });
          port.close();
        });
      return;
    default:
      return;
  }
});
