import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mqttPacket, { type Packet } from 'mqtt-packet';
import { freePort } from './crash-harness.ts';
import { relay } from './netns-kit.ts';

export interface Mosquitto {
  url: string;
  port: number;
  /** Its process (a test may pause it with SIGSTOP). */
  pid: number;
  /**
   * Stops it (SIGTERM, or `signal`: SIGKILL for a broker that dies) and removes its files; resolved
   * once it has exited. `startMosquitto(port)` starts one again on its port.
   */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/**
 * A Mosquitto of the test's own (the machine's is shared with other runs), configured as decision
 * 045 asks of an internal broker: a server's session may queue many messages while it is away.
 */
export async function startMosquitto(onPort?: number): Promise<Mosquitto> {
  const dir = mkdtempSync(join(tmpdir(), 'hestia-mosquitto-'));
  // Mosquitto cannot listen on port 0 and say which port it took: a port free a moment ago (or the
  // one a stopped broker of the test had).
  const port = onPort ?? (await freePort());
  const conf = join(dir, 'mosquitto.conf');
  writeFileSync(
    conf,
    [
      `listener ${port} 127.0.0.1`,
      'allow_anonymous true',
      'persistence false',
      'max_queued_messages 1000000',
      'log_type error',
    ].join('\n'),
  );
  const child: ChildProcess = spawn('mosquitto', ['-c', conf], { stdio: 'ignore' });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // Ready once it accepts a connection.
  const deadline = Date.now() + 10_000;
  for (;;) {
    const ok = await new Promise<boolean>((resolve) => {
      const s = createConnection({ host: '127.0.0.1', port }, () => {
        s.destroy();
        resolve(true);
      });
      s.once('error', () => resolve(false));
    });
    if (ok) break;
    if (child.exitCode !== null || Date.now() > deadline) throw new Error('mosquitto did not start');
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url: `mqtt://127.0.0.1:${port}`,
    port,
    pid: child.pid as number,
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGCONT');
        child.kill(signal);
      }
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A TCP relay between a server and the broker (netns-kit's `relay`) that reads both directions as
 * MQTT 5: it knows each message the broker delivered (by `key(topic, payload)`) and which of them the
 * server acknowledged.
 */
export async function mqttTap(
  target: { port: number },
  key: (topic: string, payload: Buffer) => string | null,
  /** The address it listens on. */
  host = '127.0.0.1',
): Promise<{
  url: string;
  /** Messages the broker delivered to the server at QoS 1. */
  delivered: Set<string>;
  /** Messages the server sent PUBACK for. */
  acknowledged: Set<string>;
  /** Cuts every relayed connection (as a lost network would). */
  cut(): void;
  close(): Promise<void>;
}> {
  const delivered = new Set<string>();
  const acknowledged = new Set<string>();
  const tap = await relay(host, target.port, () => {
    /** Per connection: the broker's packet id → the message it carries, until the PUBACK. */
    const inFlight = new Map<number, string>();
    const fromBroker = mqttPacket.parser({ protocolVersion: 5 });
    const fromServer = mqttPacket.parser({ protocolVersion: 5 });
    fromBroker.on('packet', (p: Packet) => {
      if (p.cmd === 'publish' && p.qos === 1 && typeof p.messageId === 'number') {
        const k = key(p.topic, p.payload as Buffer);
        if (k === null) return;
        inFlight.set(p.messageId, k);
        delivered.add(k);
      }
    });
    fromServer.on('packet', (p: Packet) => {
      if (p.cmd !== 'puback' || typeof p.messageId !== 'number') return;
      const k = inFlight.get(p.messageId);
      inFlight.delete(p.messageId);
      if (k !== undefined) acknowledged.add(k);
    });
    return { fromTarget: (d) => fromBroker.parse(d), fromClient: (d) => fromServer.parse(d) };
  });
  return { url: `mqtt://${host}:${tap.port}`, delivered, acknowledged, cut: tap.cut, close: tap.close };
}
