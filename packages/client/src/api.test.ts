import { describe, expect, it } from 'vitest';
import { HestiaClient } from './api.ts';
import { ApiError } from './errors.ts';
import type { TokenAuth, TokenSnapshot } from './token-refresh.ts';

/** A fetch that answers every call with the API's success wrapper and keeps what it was asked. */
function recordingFetch() {
  const calls: Array<{ url: string; init: RequestInit }> = [];
  const fetch = (async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return new Response(JSON.stringify({ isSuccess: true, statusCode: 200, message: '', data: null }), {
      headers: { 'content-type': 'application/json' },
    });
  }) as unknown as typeof globalThis.fetch;
  return { calls, fetch };
}

describe('HestiaClient call options', () => {
  it('sends a keepalive request when asked, so a call made as the page closes is not cancelled', async () => {
    const { calls, fetch } = recordingFetch();
    const client = new HestiaClient({ fetch, getToken: () => 'token' });
    await client.call('sessionOffline', {}, { keepalive: true });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.init.keepalive).toBe(true);
    expect(calls[0]?.url).toContain('/sessions/offline');
    expect((calls[0]?.init.headers as Record<string, string> | undefined)?.Authorization).toBe(
      'Bearer token',
    );
  });

  it('leaves keepalive off otherwise', async () => {
    const { calls, fetch } = recordingFetch();
    await new HestiaClient({ fetch }).call('sessionOnline', {});
    expect(calls[0]?.init.keepalive).toBeUndefined();
  });
});

/** The session as the app keeps it, and what the client's `auth` option did with it. */
function session(token: string, expiresIn: number) {
  let state: TokenSnapshot = { isLoggedIn: true, token, expiresIn };
  const ended: unknown[] = [];
  const auth: TokenAuth = {
    now: () => 1_000_000,
    read: () => state,
    adopt: (fresh) => {
      state = { isLoggedIn: true, ...fresh };
    },
    end: (err) => {
      ended.push(err);
      state = { isLoggedIn: false, token: null, expiresIn: null };
    },
  };
  return { auth, ended, state: () => state };
}

const wrap = (statusCode: number, data: unknown, message = '') =>
  new Response(JSON.stringify({ isSuccess: statusCode === 200, statusCode, message, data }), {
    status: statusCode === 200 ? 200 : statusCode,
    headers: { 'content-type': 'application/json' },
  });
const EXPIRED = 'The session has expired. Please log in again.';

/**
 * A server that takes only the tokens in `valid` and answers a refresh with the next token (after
 * `refreshDelay` ms), or as `refreshAnswer` says; `refuseAll` refuses even the tokens it issued. It keeps each request's route, token and body.
 */
function fakeServer(
  valid: string[],
  opts: { refreshDelay?: number; refreshAnswer?: () => Response; refuseAll?: boolean } = {},
) {
  const requests: Array<{
    path: string;
    token: string | undefined;
    headers: Record<string, string>;
    body: unknown;
  }> = [];
  let issued = 0;
  const fetch = (async (url: string, init: RequestInit) => {
    const headers = (init.headers ?? {}) as Record<string, string>;
    const path = new URL(url, 'http://x').pathname.replace('/api/v1', '');
    const token = headers.Authorization?.replace('Bearer ', '');
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
    requests.push({ path, token, headers, body });
    // As the server: a token it does not take is refused on any route, anonymous ones too.
    if (token && (!valid.includes(token) || opts.refuseAll)) return wrap(401, null, EXPIRED);
    if (path === '/users/refreshToken') {
      if (opts.refreshDelay) await new Promise((resolve) => setTimeout(resolve, opts.refreshDelay));
      if (opts.refreshAnswer) return opts.refreshAnswer();
      const fresh = `fresh-${++issued}`;
      valid.push(fresh);
      return wrap(200, { token: fresh, refreshToken: '', expiresIn: 9_000_000 });
    }
    if (path === '/users/login') return wrap(401, null, 'The username or password is incorrect.');
    if (path === '/time') return wrap(200, { time: 1 });
    if (!token) return wrap(400, null, 'token must exists');
    if (path.endsWith('/csv'))
      return new Response('a,b', { headers: { 'content-disposition': 'attachment; filename="r.csv"' } });
    return wrap(200, []);
  }) as unknown as typeof globalThis.fetch;
  const refreshes = () => requests.filter((r) => r.path === '/users/refreshToken');
  return { fetch, requests, refreshes };
}

describe('HestiaClient keeps the token fresh (auth option, issue 16)', () => {
  it('refreshes an expired token before the call, through the cookie, and sends the call with the new one', async () => {
    const s = session('old', 999_999);
    const server = fakeServer([]);
    const client = new HestiaClient({ fetch: server.fetch, auth: s.auth, refreshInCookie: true });
    await expect(client.call('listDevices', { query: {} })).resolves.toEqual([]);
    // The refresh goes without the expired token (the server would refuse it), by the cookie.
    expect(server.requests.map((r) => [r.path, r.token])).toEqual([
      ['/users/refreshToken', undefined],
      ['/customer/devices', 'fresh-1'],
    ]);
    expect(server.refreshes()[0]?.headers['x-refresh-in-cookie']).toBe('1');
    expect(server.refreshes()[0]?.body).toEqual({ token: 'old' });
    expect(s.state()).toEqual({ isLoggedIn: true, token: 'fresh-1', expiresIn: 9_000_000 });
    expect(s.ended).toEqual([]);
  });

  it('does not refresh a token before its expiry', async () => {
    const s = session('old', 1_000_001);
    const server = fakeServer(['old']);
    await new HestiaClient({ fetch: server.fetch, auth: s.auth }).call('profile', {});
    expect(server.requests.map((r) => r.path)).toEqual(['/users/profile']);
  });

  it('on a 401 "session has expired" refreshes once and sends the call once more', async () => {
    // The token looks fresh here (a clock off, a restarted server), but the server no longer takes it.
    const s = session('old', 2_000_000);
    const server = fakeServer([]);
    const client = new HestiaClient({ fetch: server.fetch, auth: s.auth });
    await expect(client.call('profile', {})).resolves.toEqual([]);
    expect(server.requests.map((r) => [r.path, r.token])).toEqual([
      ['/users/profile', 'old'],
      ['/users/refreshToken', undefined],
      ['/users/profile', 'fresh-1'],
    ]);
  });

  it('refreshes only once for a 401: a retry refused again fails with its 401 and no second refresh', async () => {
    const s = session('old', 2_000_000);
    const server = fakeServer([], { refuseAll: true });
    const client = new HestiaClient({ fetch: server.fetch, auth: s.auth });
    const err = await client.call('profile', {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).statusCode).toBe(401);
    expect(server.requests.map((r) => [r.path, r.token])).toEqual([
      ['/users/profile', 'old'],
      ['/users/refreshToken', undefined],
      ['/users/profile', 'fresh-1'],
    ]);
  });

  it('20 parallel calls with an expired token share one refresh', async () => {
    const s = session('old', 0);
    const server = fakeServer([], { refreshDelay: 30 });
    const client = new HestiaClient({ fetch: server.fetch, auth: s.auth });
    const all = await Promise.all(
      Array.from({ length: 20 }, () => client.call('listDevices', { query: {} })),
    );
    expect(all).toHaveLength(20);
    expect(server.refreshes()).toHaveLength(1);
    const calls = server.requests.filter((r) => r.path === '/customer/devices');
    expect(calls).toHaveLength(20);
    expect(new Set(calls.map((r) => r.token))).toEqual(new Set(['fresh-1']));
  });

  it('20 parallel calls refused with 401 share one refresh and are each sent once more', async () => {
    const s = session('old', 2_000_000);
    const server = fakeServer([], { refreshDelay: 30 });
    const client = new HestiaClient({ fetch: server.fetch, auth: s.auth });
    await Promise.all(Array.from({ length: 20 }, () => client.call('profile', {})));
    expect(server.refreshes()).toHaveLength(1);
    const calls = server.requests.filter((r) => r.path === '/users/profile');
    expect(calls.map((r) => r.token).sort()).toEqual([
      ...Array.from({ length: 20 }, () => 'fresh-1'),
      ...Array.from({ length: 20 }, () => 'old'),
    ]);
  });

  it('leaves anonymous routes alone: no refresh before them, none after their 401', async () => {
    const s = session('old', 0);
    const server = fakeServer([]);
    const client = new HestiaClient({ fetch: server.fetch, auth: s.auth });
    await client.time();
    const err = await client.login('a@b.c', 'wrong').catch((e: unknown) => e);
    expect((err as ApiError).statusCode).toBe(401);
    await client.call('refreshToken', { body: {} });
    await client.call('logout', { body: {} }).catch(() => undefined);
    expect(server.requests.map((r) => r.path)).toEqual([
      '/time',
      '/users/login',
      '/users/refreshToken',
      '/users/logout',
    ]);
    // A stale token goes with none of them but logout, which ends the caller's own session.
    expect(server.requests.map((r) => r.token)).toEqual([undefined, undefined, undefined, 'old']);
  });

  it('a refused refresh before the call fails the call with the refusal and ends the session', async () => {
    const s = session('old', 0);
    const server = fakeServer([], { refreshAnswer: () => wrap(401, null, EXPIRED) });
    const client = new HestiaClient({ fetch: server.fetch, auth: s.auth });
    const err = await client.call('profile', {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).message).toBe(EXPIRED);
    expect(s.ended).toEqual([err]);
    expect(s.state().isLoggedIn).toBe(false);
    // The call itself never went out with a token the server had refused.
    expect(server.requests.map((r) => r.path)).toEqual(['/users/refreshToken']);
  });

  it('a refused refresh after a 401 fails the call with its own 401 and ends the session once', async () => {
    const s = session('old', 2_000_000);
    const server = fakeServer([], { refreshAnswer: () => wrap(401, null, EXPIRED), refreshDelay: 10 });
    const client = new HestiaClient({ fetch: server.fetch, auth: s.auth });
    const errors = await Promise.all(
      Array.from({ length: 3 }, () => client.call('profile', {}).catch((e: unknown) => e)),
    );
    for (const err of errors) expect((err as ApiError).message).toBe(EXPIRED);
    expect(server.refreshes()).toHaveLength(1);
    expect(s.ended).toHaveLength(1);
    expect(server.requests.filter((r) => r.path === '/users/profile')).toHaveLength(3);
  });

  it('a refresh that fails on the network keeps the session and sends the call anyway', async () => {
    const s = session('old', 0);
    const server = fakeServer(['old'], {
      refreshAnswer: () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const client = new HestiaClient({ fetch: server.fetch, auth: s.auth });
    await expect(client.call('profile', {})).resolves.toEqual([]);
    expect(s.ended).toEqual([]);
    expect(server.requests.map((r) => [r.path, r.token])).toEqual([
      ['/users/refreshToken', undefined],
      ['/users/profile', 'old'],
    ]);
  });

  it('refreshes a token the live socket was refused, once for parallel refusals, and not one already replaced', async () => {
    const s = session('old', 2_000_000);
    const server = fakeServer([], { refreshDelay: 10 });
    const client = new HestiaClient({ fetch: server.fetch, auth: s.auth });
    expect(await Promise.all([client.refreshRejected('old'), client.refreshRejected('old')])).toEqual([
      true,
      true,
    ]);
    expect(server.refreshes()).toHaveLength(1);
    expect(s.state().token).toBe('fresh-1');
    // A refusal of the token the session no longer holds changes nothing.
    expect(await client.refreshRejected('old')).toBe(true);
    expect(server.refreshes()).toHaveLength(1);
  });

  it('a socket refusal whose refresh is refused ends the session; one the network fails keeps it', async () => {
    const refused = session('old', 2_000_000);
    const server = fakeServer([], { refreshAnswer: () => wrap(401, null, EXPIRED) });
    expect(await new HestiaClient({ fetch: server.fetch, auth: refused.auth }).refreshRejected('old')).toBe(
      false,
    );
    expect(refused.ended).toHaveLength(1);
    const offline = session('old', 2_000_000);
    const cut = fakeServer([], {
      refreshAnswer: () => {
        throw new TypeError('Failed to fetch');
      },
    });
    expect(await new HestiaClient({ fetch: cut.fetch, auth: offline.auth }).refreshRejected('old')).toBe(
      false,
    );
    expect(offline.ended).toEqual([]);
    expect(offline.state().token).toBe('old');
  });

  it('a call made as the page closes (keepalive) does not wait on a refresh', async () => {
    const s = session('old', 0);
    const server = fakeServer(['old']);
    await new HestiaClient({ fetch: server.fetch, auth: s.auth }).call(
      'sessionOffline',
      {},
      { keepalive: true },
    );
    expect(server.requests.map((r) => r.path)).toEqual(['/users/sessions/offline']);
  });

  it('runs beforeSend after the refresh, and a throw there stops the call', async () => {
    const s = session('old', 0);
    const server = fakeServer([]);
    const client = new HestiaClient({ fetch: server.fetch, auth: s.auth });
    const seen: string[] = [];
    const err = await client
      .write('d1', [{ Key: 'a', Value: 1 }], {
        beforeSend: () => {
          seen.push(server.requests.map((r) => r.path).join());
          throw new ApiError('network error', 400, 'offline');
        },
      })
      .catch((e: unknown) => e);
    expect((err as ApiError).message).toBe('network error');
    expect(seen).toEqual(['/users/refreshToken']);
    expect(server.requests).toHaveLength(1);
  });

  it('sends a Modbus command as the spec RPC body with its own wait, and refuses an answer that is not OK', async () => {
    const s = session('old', 999_999);
    const server = fakeServer(['old']);
    const params = { function: 6, len: 71, address: 140, data: [72], data_mask: 0 };
    const err = await new HestiaClient({ fetch: server.fetch, auth: s.auth })
      .modbus('d1', { method: 'modbus', params, timeout: 500 })
      .catch((e: unknown) => e);
    expect((err as ApiError).statusCode).toBe(502);
    expect(server.requests.at(-1)).toMatchObject({
      path: '/devices/d1/twoway-rpc',
      body: { method: 'modbus', params, timeout: 500 },
    });
  });

  it('keeps the token fresh for files too: the report CSV after a 401', async () => {
    const s = session('old', 2_000_000);
    const server = fakeServer([]);
    const client = new HestiaClient({ fetch: server.fetch, auth: s.auth });
    const { blob, fileName } = await client.reportCsv('d1', 'r1');
    expect(await blob.text()).toBe('a,b');
    expect(fileName).toBe('r.csv');
    expect(server.requests.map((r) => [r.path, r.token])).toEqual([
      ['/reports/d1/r1/csv', 'old'],
      ['/users/refreshToken', undefined],
      ['/reports/d1/r1/csv', 'fresh-1'],
    ]);
  });
});
