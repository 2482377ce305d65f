import type { TelemetryValue } from '@hestia/contract';
import {
  WS_CLOSE_SESSION_ENDED,
  WS_DEVICES_PER_SOCKET,
  WS_RECONNECT_MS,
  type WsUpdate,
} from '@hestia/contract/light';

/** The subset of the WebSocket API the live client needs (browser WebSocket or the `ws` package). */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(): void;
  addEventListener(type: 'message', listener: (ev: { data: unknown }) => void): void;
  addEventListener(type: 'close', listener: (ev: { code?: number }) => void): void;
  addEventListener(type: 'open' | 'error', listener: () => void): void;
}
export type SocketFactory = (url: string) => SocketLike;

export interface LiveDevice {
  id: string;
  /** Keys to receive; all keys when omitted. */
  keys?: readonly string[];
}

export interface LiveOptions {
  /** Server origin as ws(s)://host[:port]. */
  wsBaseUrl: string;
  getToken: () => string | undefined;
  connect: SocketFactory;
  onUpdate: (deviceId: string, values: Record<string, [number, TelemetryValue]>) => void;
  /** A socket opened (true) or was lost (false); the app may show a 'stale' badge meanwhile. */
  onSocketState?: (connected: boolean) => void;
  /** Subscription refused or invalid (errorCode 2 or 3). */
  onError?: (deviceId: string | undefined, code: number, message: string) => void;
  /**
   * The server closed a socket because this session was terminated or logged out elsewhere
   * (close code 4001): nothing reconnects, and the app should log out at once.
   */
  onSessionEnded?: () => void;
  reconnectMs?: number;
}

interface Shard {
  devices: LiveDevice[];
  /** cmdId of the first device: 1, 181, 361, ... */
  firstCmdId: number;
  socket?: SocketLike;
  timer?: ReturnType<typeof setTimeout>;
}

/**
 * Live telemetry over ThingsBoard's `/api/ws` socket (the token in the first message's `authCmd`),
 * sharded as the spec says: at most 180 devices a socket, command ids counting from 1 across sockets. Reconnects 3 s (plus jitter) after a loss and
 * resubscribes; the server's first update of each subscription is a snapshot, so nothing is missed.
 */
export class LiveClient {
  private shards: Shard[] = [];
  private closed = false;

  constructor(private readonly opts: LiveOptions) {}

  /** Subscribe to exactly these devices, reopening the sockets. */
  setDevices(devices: readonly LiveDevice[]): void {
    this.stopAll();
    this.closed = false;
    this.shards = [];
    for (let i = 0; i < devices.length; i += WS_DEVICES_PER_SOCKET) {
      this.shards.push({ devices: devices.slice(i, i + WS_DEVICES_PER_SOCKET), firstCmdId: i + 1 });
    }
    for (const shard of this.shards) this.open(shard);
  }

  /** Close and reopen every socket (app resumed, token refreshed). */
  reopen(): void {
    const devices = this.shards.flatMap((s) => s.devices);
    this.setDevices(devices);
  }

  close(): void {
    this.closed = true;
    this.stopAll();
    this.shards = [];
  }

  private stopAll(): void {
    for (const shard of this.shards) {
      if (shard.timer) clearTimeout(shard.timer);
      if (shard.socket) {
        const socket = shard.socket;
        shard.socket = undefined;
        try {
          socket.close();
        } catch {
          // Socket failures are closed silently (spec section 8).
        }
      }
    }
  }

  private open(shard: Shard): void {
    if (this.closed || !this.opts.getToken()) return;
    // The token goes in the first message, never in the URL: URLs end up in proxy logs and browser
    // history (docs/decisions/022).
    const socket = this.opts.connect(`${this.opts.wsBaseUrl}/api/ws`);
    shard.socket = socket;
    const current = () => shard.socket === socket;
    socket.addEventListener('open', () => {
      if (!current()) return;
      // Read when the socket opens, so a token refreshed meanwhile is the one sent.
      const token = this.opts.getToken();
      if (!token) {
        shard.socket = undefined;
        socket.close();
        return;
      }
      this.opts.onSocketState?.(true);
      socket.send(
        JSON.stringify({
          authCmd: { cmdId: 0, token },
          cmds: shard.devices.map((d, i) => ({
            type: 'TIMESERIES',
            cmdId: shard.firstCmdId + i,
            entityType: 'DEVICE',
            entityId: d.id,
            ...(d.keys ? { keys: d.keys.join(',') } : {}),
          })),
        }),
      );
    });
    socket.addEventListener('message', (ev) => {
      if (!current()) return;
      let update: WsUpdate;
      try {
        update = JSON.parse(String(ev.data)) as WsUpdate;
      } catch {
        return;
      }
      const device = shard.devices[update.subscriptionId - shard.firstCmdId];
      if (update.errorCode !== 0) {
        this.opts.onError?.(device?.id, update.errorCode, update.errorMsg ?? '');
        return;
      }
      if (!device) return;
      const values: Record<string, [number, TelemetryValue]> = {};
      for (const [key, points] of Object.entries(update.data ?? {})) {
        const last = points[points.length - 1];
        if (last) values[key] = [last[0], last[1]];
      }
      this.opts.onUpdate(device.id, values);
    });
    const lost = () => {
      if (!current()) return;
      shard.socket = undefined;
      this.opts.onSocketState?.(false);
      if (this.closed) return;
      const delay = (this.opts.reconnectMs ?? WS_RECONNECT_MS) + Math.floor(Math.random() * 500);
      shard.timer = setTimeout(() => this.open(shard), delay);
    };
    socket.addEventListener('close', (ev) => {
      if (current() && ev?.code === WS_CLOSE_SESSION_ENDED) {
        this.close();
        this.opts.onSessionEnded?.();
        return;
      }
      lost();
    });
    socket.addEventListener('error', () => {
      if (!current()) return;
      try {
        socket.close();
      } catch {
        // closed silently
      }
      lost();
    });
  }
}
