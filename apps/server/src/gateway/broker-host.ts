import type { Worker } from 'node:worker_threads';
import { LogBudget } from '../core/log-budget.ts';
import { tsWorker } from '../ts-worker.ts';

/** Heap limit of a broker thread's JavaScript, MB. */
const BROKER_HEAP_MB = 96;

import { type FromBroker, Kind, type ToBroker } from './broker-protocol.ts';
import type { BrokerTransport, DeviceMessage } from './transport.ts';

/** How long after a broker thread died it is started again. */
const RESTART_MS = 1000;
/** How long closing waits for the last messages to be stored before the sockets close without PUBACK. */
const DRAIN_MS = 10_000;

const send = (worker: Worker, m: ToBroker) => worker.postMessage(m);

/** The broker threads of this process that are not closed (the fault tests stop one mid-load). */
const running = new Set<BrokerThread>();

/** The open broker hosts of this process: a test reaches the thread of a server it started in-process. */
export function brokerThreads(): BrokerThread[] {
  return [...running];
}

/** The message each hand-over kind becomes (connection changes are not messages). */
const MESSAGE_KIND: Partial<Record<Kind, DeviceMessage['kind']>> = {
  [Kind.Telemetry]: 'telemetry',
  [Kind.Attributes]: 'attributes',
  [Kind.RpcResponse]: 'rpc/response',
  [Kind.Status]: 'status',
  [Kind.AttributesRequest]: 'attributes/request',
  [Kind.RpcCall]: 'rpc/call',
  [Kind.Claim]: 'claim',
  [Kind.Provision]: 'provision',
  [Kind.Activity]: 'activity',
  [Kind.FirmwareChunk]: 'fw/request',
};

export type BrokerThread = BrokerTransport & {
  /** The embedded broker's TCP port (null for an external broker). */
  port: number | null;
  /** The thread while it runs (for diagnostics and the restart tests). */
  thread(): Worker | null;
  /**
   * The device's token may have been revoked (the device deleted, its token replaced): its
   * connections' tokens are checked again and a connection they no longer admit is closed.
   */
  recheck(deviceId: string): void;
};

/**
 * The main thread's side of a broker thread (decision 016): the devices' sockets, MQTT parsing and
 * topic checks happen on the thread, and device messages arrive here in one batch per turn of its
 * loop. `start` failures come back as `failed(code, message)`'s error. If the thread dies, every
 * device it reported connected is reported disconnected, pending sends fail, and the thread is
 * started again with the same data (the embedded broker on the port it had).
 */
export async function startBrokerThread(opts: {
  file: URL;
  data: Record<string, unknown>;
  failed: (code: string, message: string) => Error;
  /** The embedded broker asks which device a connecting token belongs to. */
  deviceByToken?: (token: string) => Promise<{ id: string } | undefined>;
  /**
   * Resolves once everything the server was handed so far is stored (committed, or refused for good);
   * `now` asks for it to be written at once. Given, a QoS 1 publish gets its PUBACK only then
   * (decision 040); not given, as soon as the thread has it.
   */
  durable?: (now?: boolean) => Promise<void>;
  /** What the thread is called in the log. */
  name: string;
  log: { warn(obj: unknown, msg: string): void; error(obj: unknown, msg: string): void };
}): Promise<BrokerThread> {
  const { log, name } = opts;
  // A device can cause a client error on every packet (a refused publish, say): each kind is logged at
  // most 10 times a minute, so one device cannot flood the log (issue 22).
  const clientErrors = new LogBudget({ perWindow: 10, windowMs: 60_000 });
  let onMessage: (m: DeviceMessage) => void = () => undefined;
  let onConnection: (id: string, connected: boolean) => void = () => undefined;
  /** Devices the broker reported connected, to report them gone if the thread dies. */
  const connected = new Set<string>();
  const publishes = new Map<number, { resolve(): void; reject(e: Error): void }>();
  let nextPublish = 1;
  let worker: Worker | null = null;
  let closing = false;
  const { durable } = opts;
  /** Closing: answered with the last sequence number handed over once the thread stops taking devices. */
  let onStopped: ((seq: number) => void) | null = null;

  /** The messages up to `seq` are in the server's hands: their PUBACKs go out once they are stored. */
  function whenStored(w: Worker, seq: number, now = false): Promise<void> {
    if (!durable) return Promise.resolve();
    return durable(now).then(
      () => {
        if (worker === w) send(w, { t: 'durable', upTo: seq });
      },
      (err: unknown) => log.error({ err }, `${name}: storing for PUBACK failed`),
    );
  }

  function deliver(kind: Kind, deviceId: string, extra: string, payload: string): void {
    const message = MESSAGE_KIND[kind];
    if (message)
      onMessage(
        extra ? { deviceId, kind: message, requestId: extra, payload } : { deviceId, kind: message, payload },
      );
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
        // Every message of the batch went through its handler (and what is stored, into its
        // batch) just now: once that is stored, these PUBACKs can go.
        if (m.seq !== undefined) void whenStored(w, m.seq);
        return;
      case 'stopped':
        onStopped?.(m.seq);
        return;
      case 'token': {
        const lookup = opts.deviceByToken ?? (async () => undefined);
        lookup(m.token)
          .then(
            (device) => device?.id ?? null,
            () => null,
          )
          .then((deviceId) => send(w, { t: 'token', id: m.id, deviceId }));
        return;
      }
      case 'published': {
        const p = publishes.get(m.id);
        publishes.delete(m.id);
        if (m.error) p?.reject(new Error(m.error));
        else p?.resolve();
        return;
      }
      case 'warn': {
        const { log: logIt, suppressed } = clientErrors.take(String(m.message).slice(0, 80));
        if (logIt)
          log.warn({ err: m.message, ...(suppressed ? { suppressed } : {}) }, `${name}: client error`);
        return;
      }
      case 'closed':
        void w.terminate();
        return;
    }
  }

  /** Starts the thread and waits until it is ready (or says why it cannot be). */
  async function start(data: Record<string, unknown>): Promise<number | null> {
    // Its heap holds each connected device's client and the messages of a turn: 5,000 devices at
    // 10,000 msg/s fit (the ingest benchmark); a runaway cannot take the home hub's memory (decision 024).
    const w = tsWorker(opts.file, durable ? { ...data, durableAcks: true } : data, {
      maxOldGenerationSizeMb: BROKER_HEAP_MB,
    });
    // Retained messages can come before the thread says it is ready: they are taken as usual.
    const first = await new Promise<FromBroker>((resolve, reject) => {
      const early = (m: FromBroker) => {
        if (m.t !== 'ready' && m.t !== 'failed') return receive(w, m);
        w.off('message', early);
        resolve(m);
      };
      w.on('message', early);
      w.once('error', reject);
    }).catch(async (err: Error) => {
      await w.terminate();
      throw err;
    });
    if (first.t !== 'ready') {
      await w.terminate();
      throw first.t === 'failed'
        ? opts.failed(first.code, first.message)
        : new Error(`${name} did not start`);
    }
    const again = first.port === null ? data : { ...data, listenPort: first.port };
    let crash: Error | undefined;
    w.on('message', (m: FromBroker) => receive(w, m));
    w.on('error', (err) => {
      crash = err;
    });
    w.on('exit', () => stopped(again, crash));
    worker = w;
    return first.port;
  }

  /** The thread is gone: its devices are disconnected, its sends failed; started again unless closing. */
  function stopped(data: Record<string, unknown>, crash: Error | undefined): void {
    worker = null;
    for (const id of connected) onConnection(id, false);
    connected.clear();
    for (const p of publishes.values()) p.reject(new Error(`${name} stopped`));
    publishes.clear();
    if (closing) return;
    log.error({ err: crash?.message ?? 'exited' }, `${name} stopped; starting it again`);
    const retry = () =>
      setTimeout(() => {
        if (!closing)
          start(data).catch((err: Error) => {
            log.error({ err: err.message }, `${name} could not start again; retrying`);
            retry();
          });
      }, RESTART_MS).unref();
    retry();
  }

  /**
   * Closing drains (decision 040): the thread takes no new device and hands over what it holds, the
   * server stores it all, and the PUBACKs go out before the sockets close. A database that does not
   * take the writes within DRAIN_MS leaves them unacknowledged: the devices send them again.
   */
  async function drain(w: Worker): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, DRAIN_MS);
    });
    const drained = new Promise<number>((resolve) => {
      onStopped = resolve;
      w.once('exit', () => resolve(0));
      send(w, { t: 'stop' });
    }).then((seq) => whenStored(w, seq, true));
    await Promise.race([drained, timeout]);
    clearTimeout(timer);
    onStopped = null;
  }

  const port = await start(opts.data);

  const host: BrokerThread = {
    port,
    thread: () => worker,
    recheck: (deviceId) => {
      if (worker) send(worker, { t: 'recheck', deviceId });
    },
    publish: (topic, payload) =>
      new Promise((resolve, reject) => {
        if (!worker) return reject(new Error(`${name} is not running`));
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
      running.delete(host);
      const w = worker;
      if (!w) return;
      if (durable) await drain(w);
      await new Promise<void>((resolve) => {
        w.once('exit', () => resolve());
        send(w, { t: 'close' });
      });
    },
  };
  running.add(host);
  return host;
}
