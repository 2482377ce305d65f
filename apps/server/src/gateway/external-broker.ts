import { randomUUID } from 'node:crypto';
import mqtt from 'mqtt';
import { ConfigError } from '../config.ts';
import { type BrokerTransport, type DeviceMessage, toDeviceMessage } from './transport.ts';

/**
 * Scaled mode: the server is one client of an external broker. Telemetry and status arrive on shared
 * subscriptions (each message reaches one instance, which stores it and fans it out on Redis); RPC
 * responses reach every instance, and the one that sent the request answers.
 */
export async function connectExternalBroker(
  url: string,
  log: { warn(obj: unknown, msg: string): void },
): Promise<BrokerTransport> {
  const client = mqtt.connect(url, {
    clientId: `hestia-server-${randomUUID()}`,
    protocolVersion: 5,
    clean: true,
    reconnectPeriod: 1000,
    connectTimeout: 5000,
  });
  await new Promise<void>((resolve, reject) => {
    client.once('connect', () => resolve());
    client.once('error', (err) =>
      reject(new ConfigError(`Cannot reach the broker in MQTT_URL (${err.message})`)),
    );
  });
  client.on('error', (err) => log.warn({ err: err.message }, 'mqtt connection error'));

  let onMessage: (m: DeviceMessage) => void = () => undefined;
  client.on('message', (topic, payload) => {
    const msg = toDeviceMessage(topic, payload);
    if (msg) onMessage(msg);
  });
  await client.subscribeAsync({
    '$share/hestia/devices/+/telemetry': { qos: 1 },
    '$share/hestia/devices/+/attributes': { qos: 1 },
    '$share/hestia/devices/+/status': { qos: 1 },
    'devices/+/rpc/response/+': { qos: 1 },
  });

  return {
    publish: async (topic, payload) => {
      await client.publishAsync(topic, payload, { qos: 1 });
    },
    onMessage: (h) => {
      onMessage = h;
    },
    onConnection: () => undefined,
    close: async () => {
      await client.endAsync();
    },
  };
}
