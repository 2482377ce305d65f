// A small MQTT 5 client for the external broker's thread (decision 045), on mqtt-packet: unlike
// MQTT.js, it leaves the PUBACK of a received QoS 1 message to its caller, who sends it when the
// message is stored, while the connection goes on reading.
import { connect as tcpConnect } from 'node:net';
import type { Duplex } from 'node:stream';
import { connect as tlsConnect } from 'node:tls';
import mqttPacket, { type Packet } from 'mqtt-packet';
import { createWebSocketStream, WebSocket } from 'ws';

// mqtt-packet otherwise fills a table of 65,536 Buffers on its first write (decision 024).
mqttPacket.writeToStream.cacheNumbers = false;

export interface SessionOptions {
  url: string;
  clientId: string;
  /**
   * Seconds the broker keeps the session (its subscriptions and unacknowledged messages) after the
   * connection goes; 0 is a clean session, which ends with the connection.
   */
  sessionExpiry: number;
  /** Topic filter → QoS. */
  subscriptions: Record<string, 0 | 1>;
  keepaliveSeconds?: number;
  /** The session is up (connected and subscribed); `first` on the first time. */
  onReady(first: boolean): void;
  /**
   * A message; `messageId` is set for QoS 1, to pass to `ack` (on the same `generation`) when done.
   */
  onMessage(topic: string, payload: Buffer, messageId: number | null, generation: number): void;
  /** A failure: `fatal` before the first ready (the session gives up), otherwise it reconnects. */
  onError(err: Error & { code?: string }, fatal: boolean): void;
}

const RECONNECT_MIN_MS = 250;
const RECONNECT_MAX_MS = 5000;
const CONNECT_TIMEOUT_MS = 5000;

interface Outgoing {
  topic: string;
  payload: Buffer | string;
  resolve(): void;
  reject(err: Error): void;
}

export class MqttSession {
  private socket: Duplex | null = null;
  private closed = false;
  private everReady = false;
  private backoff = RECONNECT_MIN_MS;
  /** Counts connections: a PUBACK for a message of an earlier connection is not sent. */
  generation = 0;
  private up = false;
  private nextId = 1;
  /** The server's own QoS 1 publishes awaiting their PUBACK, by packet id (resent after a reconnect). */
  private readonly outgoing = new Map<number, Outgoing>();
  private pingTimer: NodeJS.Timeout | undefined;
  private lastHeard = 0;

  constructor(private readonly opts: SessionOptions) {
    this.open();
  }

  /** Connected and subscribed. */
  get ready(): boolean {
    return this.up;
  }

  /** PUBACK for a QoS 1 message received on connection `generation` (dropped if that one is gone). */
  ack(messageId: number, generation: number): void {
    // Allowed before the SUBACK too: a resumed session's messages come right after the CONNACK.
    if (generation === this.generation) this.write({ cmd: 'puback', messageId, reasonCode: 0 });
  }

  /** Publishes at QoS 1; resolves on the broker's PUBACK (resent after a reconnect until then). */
  publish(topic: string, payload: Buffer | string): Promise<void> {
    if (this.closed) return Promise.reject(new Error('the MQTT session is closed'));
    return new Promise((resolve, reject) => {
      const messageId = this.packetId();
      this.outgoing.set(messageId, { topic, payload, resolve, reject });
      if (this.up) this.sendPublish(messageId, false);
    });
  }

  /**
   * Resolves once what was written so far has left for the socket (the PUBACKs just sent), at most
   * after `ms`.
   */
  flushed(ms: number): Promise<void> {
    const s = this.socket;
    if (!s || s.writableLength === 0) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      s.write(Buffer.alloc(0), () => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  /** Ends the connection with DISCONNECT, keeping the session on the broker; pending publishes fail. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.pingTimer);
    const s = this.socket;
    for (const o of this.outgoing.values()) o.reject(new Error('the MQTT session is closed'));
    this.outgoing.clear();
    if (!s) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        s.destroy();
        resolve();
      }, 1000);
      s.once('close', () => {
        clearTimeout(timer);
        resolve();
      });
      if (this.up) this.write({ cmd: 'disconnect', reasonCode: 0 });
      s.end();
    });
  }

  private packetId(): number {
    for (let i = 0; i < 65535; i++) {
      const id = this.nextId;
      this.nextId = id === 65535 ? 1 : id + 1;
      if (!this.outgoing.has(id)) return id;
    }
    throw new Error('no free MQTT packet id');
  }

  private write(packet: Packet): void {
    const s = this.socket;
    if (s && !s.destroyed) mqttPacket.writeToStream(packet, s, { protocolVersion: 5 });
  }

  private sendPublish(messageId: number, dup: boolean): void {
    const o = this.outgoing.get(messageId);
    if (!o) return;
    const payload = typeof o.payload === 'string' ? Buffer.from(o.payload, 'utf8') : o.payload;
    this.write({ cmd: 'publish', topic: o.topic, payload, qos: 1, messageId, dup, retain: false });
  }

  private dial(): Duplex {
    const url = new URL(this.opts.url);
    const host = url.hostname.replace(/^\[|\]$/g, '');
    switch (url.protocol) {
      case 'mqtts:':
        return tlsConnect({ host, port: Number(url.port || 8883), servername: host });
      case 'ws:':
      case 'wss:': {
        const ws = new WebSocket(url, 'mqtt');
        return createWebSocketStream(ws);
      }
      default:
        return tcpConnect({ host, port: Number(url.port || 1883) });
    }
  }

  private open(): void {
    if (this.closed) return;
    const gen = ++this.generation;
    const url = new URL(this.opts.url);
    const socket = this.dial();
    this.socket = socket;
    const parser = mqttPacket.parser({ protocolVersion: 5 });
    const keepalive = this.opts.keepaliveSeconds ?? 30;
    const connectTimer = setTimeout(() => fail(new Error('connect timed out')), CONNECT_TIMEOUT_MS);
    let failed = false;
    const fail = (err: Error & { code?: string }) => {
      if (failed || gen !== this.generation) return;
      failed = true;
      clearTimeout(connectTimer);
      clearInterval(this.pingTimer);
      this.up = false;
      socket.destroy();
      if (this.closed) return;
      const fatal = !this.everReady;
      this.opts.onError(err, fatal);
      if (fatal) {
        this.closed = true;
        return;
      }
      const wait = this.backoff;
      this.backoff = Math.min(RECONNECT_MAX_MS, this.backoff * 2);
      setTimeout(() => this.open(), wait).unref();
    };
    parser.on('packet', (p: Packet) => {
      if (gen !== this.generation) return;
      this.lastHeard = Date.now();
      this.handle(p, gen, fail, connectTimer);
    });
    parser.on('error', (err: Error) => fail(err));
    socket.on('data', (chunk: Buffer) => parser.parse(chunk));
    socket.on('error', (err: Error) => fail(err));
    // Mosquitto closes the older of two connections with one client id without a word.
    const closed =
      this.opts.sessionExpiry > 0
        ? `the connection closed (if this repeats every few seconds, another instance may have the client id ${this.opts.clientId})`
        : 'the connection closed';
    socket.on('close', () => fail(new Error(closed)));
    const username = url.username ? decodeURIComponent(url.username) : undefined;
    const password = url.password ? Buffer.from(decodeURIComponent(url.password)) : undefined;
    this.lastHeard = Date.now();
    this.write({
      cmd: 'connect',
      protocolId: 'MQTT',
      protocolVersion: 5,
      clientId: this.opts.clientId,
      clean: this.opts.sessionExpiry === 0,
      keepalive,
      ...(username !== undefined ? { username } : {}),
      ...(password !== undefined ? { password } : {}),
      properties: {
        sessionExpiryInterval: this.opts.sessionExpiry,
        // PUBACKs wait for a write: let the broker have many messages in flight, not its default 20.
        receiveMaximum: 65535,
      },
    });
    clearInterval(this.pingTimer);
    this.pingTimer = setInterval(
      () => {
        if (gen !== this.generation) return;
        if (Date.now() - this.lastHeard > keepalive * 1500) fail(new Error('the broker stopped answering'));
        else this.write({ cmd: 'pingreq' });
      },
      (keepalive * 1000) / 2,
    );
    this.pingTimer.unref();
  }

  private handle(p: Packet, gen: number, fail: (err: Error) => void, connectTimer: NodeJS.Timeout): void {
    switch (p.cmd) {
      case 'connack': {
        clearTimeout(connectTimer);
        const code = p.reasonCode ?? p.returnCode ?? 0;
        if (code !== 0) {
          fail(new Error(`the broker refused the connection (${code})`));
          return;
        }
        this.write({
          cmd: 'subscribe',
          messageId: this.packetId(),
          subscriptions: Object.entries(this.opts.subscriptions).map(([topic, qos]) => ({ topic, qos })),
        });
        return;
      }
      case 'suback': {
        const refused = (p.granted as number[]).find((g) => g >= 0x80);
        if (refused !== undefined) {
          fail(new Error(`the broker refused a subscription (${refused})`));
          return;
        }
        this.up = true;
        this.backoff = RECONNECT_MIN_MS;
        const first = !this.everReady;
        this.everReady = true;
        // What the broker did not acknowledge on the last connection goes again.
        for (const id of this.outgoing.keys()) this.sendPublish(id, !first);
        this.opts.onReady(first);
        return;
      }
      case 'publish': {
        const qos1 = p.qos > 0 && typeof p.messageId === 'number';
        this.opts.onMessage(p.topic, p.payload as Buffer, qos1 ? (p.messageId as number) : null, gen);
        return;
      }
      case 'puback': {
        const o = this.outgoing.get(p.messageId as number);
        if (!o) return;
        this.outgoing.delete(p.messageId as number);
        const code = p.reasonCode ?? 0;
        if (code >= 0x80) o.reject(new Error(`the broker refused the publish (${code})`));
        else o.resolve();
        return;
      }
      case 'disconnect':
        // 0x8E: another connection took this client id (two instances given one MQTT_CLIENT_ID).
        fail(
          new Error(
            p.reasonCode === 0x8e
              ? `another client connected with this client id (${this.opts.clientId}); each instance needs its own`
              : `the broker disconnected (${p.reasonCode ?? 0})`,
          ),
        );
        return;
      default:
        return;
    }
  }
}
