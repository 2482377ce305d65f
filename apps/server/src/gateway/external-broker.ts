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
  opts: {
    /** A stable client id keeps the broker session across restarts (decision 045). */
    clientId?: string;
    /** Seconds the broker keeps that session while the server is away. */
    sessionExpiry?: number;
    /** The shared subscriptions' group (MQTT_SHARE_GROUP); unset: `hestia`. */
    shareGroup?: string;
    /**
     * Resolves once what the server was handed so far is stored: a QoS 1 message's PUBACK goes back
     * to the broker only then (decision 045). Without it, on receipt.
     */
    durable?: (now?: boolean) => Promise<void>;
  } = {},
): Promise<BrokerTransport> {
  return startBrokerThread({
    file: new URL('./external-broker-thread.ts', import.meta.url),
    data: {
      url,
      ...(opts.clientId ? { clientId: opts.clientId, sessionExpiry: opts.sessionExpiry ?? 3600 } : {}),
      ...(opts.shareGroup ? { shareGroup: opts.shareGroup } : {}),
    },
    failed: (_code, message) => new ConfigError(`Cannot reach the broker in MQTT_URL (${message})`),
    ...(opts.durable ? { durable: opts.durable } : {}),
    name: 'the connection to the MQTT broker',
    log,
  });
}
