import { ConfigError } from '../config.ts';
import { type BrokerThread, startBrokerThread } from './broker-host.ts';

/**
 * The embedded MQTT broker speaking ThingsBoard's device API (access token as user name, `me`
 * topics mapped to `devices/{id}/...` inside), on its own worker thread (broker-thread.ts,
 * decision 016).
 */
export async function startEmbeddedBroker(opts: {
  host: string;
  port: number;
  deviceByToken: (token: string) => Promise<{ id: string } | undefined>;
  /**
   * Resolves once what the server was handed so far is stored: QoS 1 publishes are acknowledged
   * only then (decision 040). Without it, PUBACK goes out as soon as the broker has the message.
   */
  durable?: (now?: boolean) => Promise<void>;
  log: { warn(obj: unknown, msg: string): void; error(obj: unknown, msg: string): void };
}): Promise<BrokerThread & { port: number }> {
  const broker = await startBrokerThread({
    file: new URL('./broker-thread.ts', import.meta.url),
    data: { host: opts.host, listenPort: opts.port },
    failed: (code, message) =>
      code === 'EADDRINUSE' || code === 'EACCES'
        ? new ConfigError(`MQTT port ${opts.port} is not available; set MQTT_PORT to a free port`)
        : new Error(`the MQTT broker did not start: ${message}`),
    deviceByToken: opts.deviceByToken,
    ...(opts.durable ? { durable: opts.durable } : {}),
    name: 'the MQTT broker',
    log: opts.log,
  });
  return { ...broker, port: broker.port as number };
}
