import { WS_CLOSE_SESSION_ENDED } from '@hestia/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LiveClient, type LiveOptions, type SocketLike } from './live.ts';

type Listener = (ev: { data: unknown; code?: number }) => void;

/** A socket that records what it was given and lets the test play the server. */
class FakeSocket implements SocketLike {
  readyState = 0;
  sent: unknown[] = [];
  closed = false;
  private listeners = new Map<string, Listener[]>();
  constructor(readonly url: string) {}
  send(data: string): void {
    this.sent.push(JSON.parse(data));
  }
  close(): void {
    this.closed = true;
  }
  addEventListener(type: string, listener: Listener): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  emit(type: string, ev: { data?: unknown; code?: number } = {}): void {
    const event = { data: ev.data, ...(ev.code !== undefined ? { code: ev.code } : {}) };
    if (type === 'open') this.readyState = 1;
    for (const l of this.listeners.get(type) ?? []) l(event);
  }
}

function client(overrides: Partial<LiveOptions> = {}) {
  const sockets: FakeSocket[] = [];
  let token = 'jwt-1';
  const updates: Array<[string, Record<string, unknown>]> = [];
  const live = new LiveClient({
    wsBaseUrl: 'wss://home.example',
    getToken: () => token,
    connect: (url) => {
      const s = new FakeSocket(url);
      sockets.push(s);
      return s;
    },
    onUpdate: (id, values) => updates.push([id, values]),
    ...overrides,
  });
  return {
    live,
    sockets,
    updates,
    setToken: (t: string) => {
      token = t;
    },
  };
}

const devices = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `dev-${i + 1}` }));

afterEach(() => {
  vi.useRealTimers();
});

describe('LiveClient', () => {
  it('connects to /api/ws with no token in the URL and authenticates in the first message', () => {
    const { live, sockets } = client();
    live.setDevices([{ id: 'dev-1', keys: ['relay_1', 'active'] }]);
    expect(sockets).toHaveLength(1);
    const socket = sockets[0] as FakeSocket;
    expect(socket.url).toBe('wss://home.example/api/ws');
    expect(socket.url).not.toContain('jwt-1');
    socket.emit('open');
    expect(socket.sent).toEqual([
      {
        authCmd: { cmdId: 0, token: 'jwt-1' },
        cmds: [
          { type: 'TIMESERIES', cmdId: 1, entityType: 'DEVICE', entityId: 'dev-1', keys: 'relay_1,active' },
        ],
      },
    ]);
    live.close();
  });

  it('puts at most 180 devices on a socket, the second socket counting from 181', () => {
    const { live, sockets, updates } = client();
    live.setDevices(devices(200));
    expect(sockets).toHaveLength(2);
    for (const s of sockets) s.emit('open');
    const cmds = sockets.map((s) => (s.sent[0] as { cmds: Array<{ cmdId: number; entityId: string }> }).cmds);
    expect(cmds[0]).toHaveLength(180);
    expect(cmds[0]?.[0]).toMatchObject({ cmdId: 1, entityId: 'dev-1' });
    expect(cmds[0]?.[179]).toMatchObject({ cmdId: 180, entityId: 'dev-180' });
    expect(cmds[1]).toHaveLength(20);
    expect(cmds[1]?.[0]).toMatchObject({ cmdId: 181, entityId: 'dev-181' });
    // An update on the second socket is routed by its subscription id.
    sockets[1]?.emit('message', {
      data: JSON.stringify({ subscriptionId: 185, errorCode: 0, errorMsg: null, data: { p: [[5, '1']] } }),
    });
    expect(updates).toEqual([['dev-185', { p: [5, '1'] }]]);
    live.close();
  });

  it('reconnects 3 s after a loss with the token current at that time', () => {
    vi.useFakeTimers();
    const { live, sockets, setToken } = client();
    live.setDevices(devices(1));
    sockets[0]?.emit('open');
    setToken('jwt-2');
    sockets[0]?.emit('close', { code: 1006 });
    vi.advanceTimersByTime(2999);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(501);
    expect(sockets).toHaveLength(2);
    sockets[1]?.emit('open');
    expect(sockets[1]?.url).toBe('wss://home.example/api/ws');
    expect(sockets[1]?.sent[0]).toMatchObject({ authCmd: { token: 'jwt-2' } });
    live.close();
  });

  it('stops for good on close code 4001 and says the session ended', () => {
    vi.useFakeTimers();
    let ended = 0;
    const { live, sockets } = client({ onSessionEnded: () => ended++ });
    live.setDevices(devices(1));
    sockets[0]?.emit('open');
    sockets[0]?.emit('close', { code: WS_CLOSE_SESSION_ENDED });
    vi.advanceTimersByTime(10_000);
    expect(ended).toBe(1);
    expect(sockets).toHaveLength(1);
  });
});
