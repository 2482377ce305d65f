import type { Worker } from 'node:worker_threads';
import { ConfigError } from '../config.ts';
import { tsWorker } from '../ts-worker.ts';
import { type FromBroker, Kind, type ToBroker } from './broker-protocol.ts';
import type { BrokerTransport, DeviceMessage } from './transport.ts';

/** How long after the broker thread died it is started again, on the same port. */
const RESTART_MS = 1000;

const send = (worker: Worker, m: ToBroker) => worker.postMessage(m);

/**
 * The embedded MQTT broker speaking ThingsBoard's device API (access token as user name, `me`
 * topics mapped to `devices/{id}/...` inside), on its own worker thread (broker-thread.ts,
 * decision 016): the devices' sockets and MQTT parsing cost the main thread nothing, and it gets
 * the devices' messages in one batch per turn of the broker's loop. If the thread dies, every
 * device it held is reported disconnected and the broker starts again on the same port.
 */
export async function startEmbeddedBroker(opts: {
  host: string;
  port: number;
  deviceByToken: (token: string) => Promise<{ id: string } | undefined>;
  log: { warn(obj: unknown, msg: string): void; error(obj: unknown, msg: string): void };
}): Promise<BrokerTransport & { port: number; thread(): Worker | null }> {
  const { log } = opts;
  let onMessage: (m: DeviceMessage) => void = () => undefined;
  let onConnection: (id: string, connected: boolean) => void = () => undefined;
  /** Devices the broker reported connected, to report them gone if the thread dies. */
  const connected = new Set<string>();
  const publishes = new Map<number, { resolve(): void; reject(e: Error): void }>();
  let nextPublish = 1;
  let worker: Worker | null = null;
  let closing = false;

  function deliver(kind: Kind, deviceId: string, extra: string, payload: string): void {
    if (kind === Kind.Telemetry) onMessage({ deviceId, kind: 'telemetry', payload });
    else if (kind === Kind.Attributes) onMessage({ deviceId, kind: 'attributes', payload });
    else if (kind === Kind.RpcResponse)
      onMessage({ deviceId, kind: 'rpc/response', requestId: extra, payload });
    else if (kind === Kind.Connected) {
      connected.add(deviceId);
      onConnection(deviceId, true);
    } else {
      connected.delete(deviceId);
      onConnection(deviceId, false);
    }
  }

  function receive(w: Worker, m: FromBroker): void {
    switch (m.t) {
      case 'batch':
        for (let i = 0; i < m.kinds.length; i++) {
          try {
            deliver(m.kinds[i] as Kind, m.ids[i] as string, m.extras[i] as string, m.payloads[i] as string);
          } catch (err) {
            log.error({ err }, 'device message handling failed');
          }
        }
        return;
      case 'token':
        opts
          .deviceByToken(m.token)
          .then(
            (device) => device?.id ?? null,
            () => null,
          )
          .then((deviceId) => send(w, { t: 'token', id: m.id, deviceId }));
        return;
      case 'published': {
        const p = publishes.get(m.id);
        publishes.delete(m.id);
        if (m.error) p?.reject(new Error(m.error));
        else p?.resolve();
        return;
      }
      case 'warn':
        log.warn({ err: m.message }, 'mqtt client error');
        return;
      case 'closed':
        void w.terminate();
        return;
    }
  }

  /** Starts the thread and waits until it listens (or says why it cannot). */
  async function start(listenPort: number): Promise<number> {
    const w = tsWorker(new URL('./broker-thread.ts', import.meta.url), { host: opts.host, listenPort });
    const first = await new Promise<FromBroker>((resolve, reject) => {
      w.once('message', resolve);
      w.once('error', reject);
    }).catch(async (err: Error) => {
      await w.terminate();
      throw err;
    });
    if (first.t !== 'listening') {
      await w.terminate();
      const code = first.t === 'failed' ? first.code : '';
      throw code === 'EADDRINUSE' || code === 'EACCES'
        ? new ConfigError(`MQTT port ${listenPort} is not available; set MQTT_PORT to a free port`)
        : new Error(`the MQTT broker did not start: ${first.t === 'failed' ? first.message : first.t}`);
    }
    let crash: Error | undefined;
    w.on('message', (m: FromBroker) => receive(w, m));
    w.on('error', (err) => {
      crash = err;
    });
    w.on('exit', () => stopped(first.port, crash));
    worker = w;
    return first.port;
  }

  /** The thread is gone: its devices are disconnected, its RPCs failed; started again unless closing. */
  function stopped(port: number, crash: Error | undefined): void {
    worker = null;
    for (const id of connected) onConnection(id, false);
    connected.clear();
    for (const p of publishes.values()) p.reject(new Error('the MQTT broker stopped'));
    publishes.clear();
    if (closing) return;
    log.error({ err: crash?.message ?? 'exited' }, 'the MQTT broker stopped; starting it again');
    const again = () =>
      setTimeout(() => {
        if (!closing)
          start(port).catch((err: Error) => {
            log.error({ err: err.message }, 'the MQTT broker could not start again; retrying');
            again();
          });
      }, RESTART_MS).unref();
    again();
  }

  const port = await start(opts.port);

  return {
    port,
    /** The broker's thread while it runs (for diagnostics and the restart test). */
    thread: () => worker,
    publish: (topic, payload) =>
      new Promise((resolve, reject) => {
        if (!worker) return reject(new Error('the MQTT broker is not running'));
        const id = nextPublish++;
        publishes.set(id, { resolve, reject });
        send(worker, { t: 'publish', id, topic, payload });
      }),
    onMessage: (h) => {
      onMessage = h;
    },
    onConnection: (h) => {
      onConnection = h;
    },
    close: async () => {
      closing = true;
      const w = worker;
      if (!w) return;
      await new Promise<void>((resolve) => {
        w.once('exit', () => resolve());
        send(w, { t: 'close' });
      });
    },
  };
}
