import { ConfigError } from '../config.ts';
import { startBrokerThread } from './broker-host.ts';
import type { BrokerTransport } from './transport.ts';

/**
 * Scaled mode: the server is one client of an external broker, on its own worker thread
 * (external-broker-thread.ts, decision 016). Connection state comes from the devices' status
 * topics, not from the broker.
 */
export function connectExternalBroker(
  url: string,
  log: { warn(obj: unknown, msg: string): void; error(obj: unknown, msg: string): void },
): Promise<BrokerTransport> {
  return startBrokerThread({
    file: new URL('./external-broker-thread.ts', import.meta.url),
    data: { url },
    failed: (_code, message) => new ConfigError(`Cannot reach the broker in MQTT_URL (${message})`),
    name: 'the connection to the MQTT broker',
    log,
  });
}
