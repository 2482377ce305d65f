import { WS_ERROR } from '@hestia/contract/light';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../state/auth-store.ts';

// The live socket's refusals, with the socket client and the REST client replaced by recorders: what
// is checked is what the app does when the server refuses the sockets' token.
const live = vi.hoisted(() => ({
  opts: undefined as
    | { getToken: () => string | undefined; onError: (deviceId: string | undefined, code: number) => void }
    | undefined,
  reopened: 0,
  refreshAnswer: true,
  refreshed: [] as string[],
}));

vi.mock('@hestia/client', () => ({
  LiveClient: class {
    constructor(opts: typeof live.opts) {
      live.opts = opts;
    }
    setDevices() {
      live.opts?.getToken();
    }
    reopen() {
      live.reopened += 1;
    }
    close() {}
  },
}));
vi.mock('./api.ts', () => ({
  wsBaseUrl: () => 'ws://hestia.test',
  api: {
    refreshRejected: async (token: string) => {
      live.refreshed.push(token);
      if (live.refreshAnswer) useAuthStore.setState({ token: `${token}+` });
      return live.refreshAnswer;
    },
  },
}));

const { setLiveDevices } = await import('./live.ts');
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the live socket refused for its token', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-26T12:00:00Z'));
    useAuthStore.setState({ isLoggedIn: true, token: 'stale', expiresIn: 1 });
    live.reopened = 0;
    live.refreshed = [];
    live.refreshAnswer = true;
  });

  it('refreshes the token and reopens the sockets instead of logging out', async () => {
    setLiveDevices([{ id: 'd1' }]);
    live.opts?.onError(undefined, WS_ERROR.UNAUTHORIZED);
    await settle();
    expect(live.refreshed).toEqual(['stale']);
    expect(live.reopened).toBe(1);
    expect(useAuthStore.getState().isLoggedIn).toBe(true);

    // The new token refused at once too: the session itself is refused.
    vi.setSystemTime(new Date('2026-11-26T12:00:05Z'));
    live.opts?.getToken();
    live.opts?.onError(undefined, WS_ERROR.UNAUTHORIZED);
    await settle();
    expect(useAuthStore.getState().isLoggedIn).toBe(false);
  });

  it('keeps the session when the refresh fails on the network, and tries again at the next refusal', async () => {
    vi.setSystemTime(new Date('2026-11-26T13:00:00Z'));
    live.refreshAnswer = false;
    setLiveDevices([{ id: 'd1' }]);
    live.opts?.onError(undefined, WS_ERROR.UNAUTHORIZED);
    await settle();
    live.opts?.onError(undefined, WS_ERROR.UNAUTHORIZED);
    await settle();
    expect(live.refreshed).toEqual(['stale', 'stale']);
    expect(live.reopened).toBe(0);
    expect(useAuthStore.getState().isLoggedIn).toBe(true);
  });

  it('a refused single device is not a refused session', async () => {
    vi.setSystemTime(new Date('2026-11-26T14:00:00Z'));
    setLiveDevices([{ id: 'd1' }]);
    live.opts?.onError('d1', WS_ERROR.UNAUTHORIZED);
    await settle();
    expect(live.refreshed).toEqual([]);
    expect(useAuthStore.getState().isLoggedIn).toBe(true);
  });
});
