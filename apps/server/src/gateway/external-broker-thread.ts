// Worker thread: scaled mode's client of the external broker. It reads the broker's socket, parses
// MQTT and the device topics here, and hands the server one batch of device messages per turn of
// its event loop, as the embedded broker's thread does (decision 016).
import { randomUUID } from 'node:crypto';
import { parentPort, workerData } from 'node:worker_threads';
import { type DeviceTopicKind, parseDeviceTopic } from '@hestia/contract';
import mqtt from 'mqtt';
import { type FromBroker, handOver, Kind, type ToBroker } from './broker-protocol.ts';

const port = parentPort;
if (!port) throw new Error('external-broker-thread runs as a worker thread');
const { url } = workerData as { url: string };
const post = (m: FromBroker) => port.postMessage(m);
const { queue, flush } = handOver(port);

/** What the server takes from devices (commands it sent itself, `rpc/request`, are not among them). */
const KINDS: Partial<Record<DeviceTopicKind, Kind>> = {
  telemetry: Kind.Telemetry,
  attributes: Kind.Attributes,
  status: Kind.Status,
  'rpc/response': Kind.RpcResponse,
  'attributes/request': Kind.AttributesRequest,
  'rpc/call': Kind.RpcCall,
  claim: Kind.Claim,
  'fw/request': Kind.FirmwareChunk,
};

const client = mqtt.connect(url, {
  clientId: `hestia-server-${randomUUID()}`,
  protocolVersion: 5,
  clean: true,
  reconnectPeriod: 1000,
  connectTimeout: 5000,
});

let ready = false;
client.on('error', (err) => {
  if (ready) post({ t: 'warn', message: err.message });
  else {
    post({ t: 'failed', code: (err as NodeJS.ErrnoException).code ?? '', message: err.message });
    client.end(true);
  }
});

// What devices send arrives on shared subscriptions (each message reaches one instance, which
// stores it and fans it out on Redis); RPC answers reach every instance, and the one that sent the
// request takes it.
client.on('message', (topic, payload) => {
  const parsed = parseDeviceTopic(topic);
  if (!parsed) return;
  const kind = KINDS[parsed.kind];
  if (kind !== undefined) queue(kind, parsed.deviceId, parsed.requestId ?? '', payload.toString('utf8'));
});

client.once('connect', () => {
  client
    .subscribeAsync({
      '$share/hestia/devices/+/telemetry': { qos: 1 },
      '$share/hestia/devices/+/attributes': { qos: 1 },
      '$share/hestia/devices/+/status': { qos: 1 },
      '$share/hestia/devices/+/claim': { qos: 1 },
      '$share/hestia/devices/+/attributes/request/+': { qos: 1 },
      '$share/hestia/devices/+/rpc/call/+': { qos: 1 },
      '$share/hestia/devices/+/fw/request/+/chunk/+': { qos: 1 },
      'devices/+/rpc/response/+': { qos: 1 },
    })
    .then(
      () => {
        ready = true;
        post({ t: 'ready', port: null });
      },
      (err: Error) => post({ t: 'failed', code: '', message: err.message }),
    );
});

port.on('message', (m: ToBroker) => {
  if (m.t === 'publish')
    client
      .publishAsync(m.topic, typeof m.payload === 'string' ? m.payload : Buffer.from(m.payload), { qos: 1 })
      .then(
        () => post({ t: 'published', id: m.id, error: null }),
        (err: Error) => post({ t: 'published', id: m.id, error: err.message }),
      );
  else if (m.t === 'close')
    client.endAsync().finally(() => {
      flush();
      post({ t: 'closed' });
      port.close();
    });
});
