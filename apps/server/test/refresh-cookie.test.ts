import { API_PREFIX, REFRESH_COOKIE, REFRESH_IN_COOKIE_HEADER } from '@hestia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../src/seed/demo.ts';
import { type Stack, startStack } from './stack.ts';

// Issue 26, item 9: the web app kept its refresh token in localStorage, where any script reads it.
// It now travels as an HttpOnly cookie scoped to the refresh route (docs/decisions/022).

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack?.stop());

const REFRESH_PATH = `${API_PREFIX}/users/refreshToken`;

interface Answer {
  status: number;
  body: { data: { token?: string; refreshToken?: string; expiresIn?: number } | null; isSuccess: boolean };
  setCookie: string | null;
}

async function call(
  method: string,
  path: string,
  opts: { body?: unknown; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const res = await fetch(`${stack.server.url}${API_PREFIX}${path}`, {
    method,
    headers: {
      ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...opts.headers,
    },
    ...(opts.body !== undefined ? { body: JSON.stringify(opts.body) } : {}),
  });
  return {
    status: res.status,
    body: (await res.json()) as Answer['body'],
    setCookie: res.headers.get('set-cookie'),
  };
}

/** The cookie's value and attributes from a Set-Cookie header. */
function parse(setCookie: string | null) {
  const [pair = '', ...attrs] = (setCookie ?? '').split(';').map((p) => p.trim());
  const [name, value] = pair.split('=');
  return { name, value, attrs };
}

const webLogin = (headers: Record<string, string> = {}) =>
  call('POST', '/users/login', {
    body: { username: DEMO_EMAIL, password: DEMO_PASSWORD },
    headers: { [REFRESH_IN_COOKIE_HEADER]: '1', ...headers },
  });
const refreshWith = (cookie: string | undefined, body: unknown = {}) =>
  call('POST', '/users/refreshToken', {
    body,
    headers: cookie ? { cookie: `theme=dark; ${REFRESH_COOKIE}=${cookie}` } : {},
  });

describe('refresh token as an HttpOnly cookie', () => {
  it('is set on login, HttpOnly, SameSite=Strict and scoped to the refresh path, and is not in the body', async () => {
    const login = await webLogin();
    expect(login.status).toBe(200);
    expect(login.body.data?.token).toBeTruthy();
    expect(login.body.data?.refreshToken).toBe('');
    const c = parse(login.setCookie);
    expect(c.name).toBe(REFRESH_COOKIE);
    expect(c.value?.length).toBeGreaterThanOrEqual(43);
    expect(c.attrs).toEqual(
      expect.arrayContaining(['HttpOnly', 'SameSite=Strict', `Path=${REFRESH_PATH}`, 'Max-Age=34560000']),
    );
    // Served over plain http here: not Secure. Behind an https proxy that says so: Secure.
    expect(c.attrs).not.toContain('Secure');
    expect(parse((await webLogin({ 'x-forwarded-proto': 'https' })).setCookie).attrs).toContain('Secure');
  });

  it('is used by a refresh with no refresh token in the body, rotated, and a reused one ends the session', async () => {
    const first = parse((await webLogin()).setCookie).value;
    const refreshed = await refreshWith(first);
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.data?.token).toBeTruthy();
    expect(refreshed.body.data?.refreshToken).toBe('');
    const second = parse(refreshed.setCookie);
    expect(second.name).toBe(REFRESH_COOKIE);
    expect(second.value).not.toBe(first);
    expect(second.attrs).toContain('HttpOnly');

    const third = parse((await refreshWith(second.value)).setCookie).value;
    expect(third).toBeTruthy();
    // The spent first cookie, replayed past the grace window between tabs: refused, and the
    // session ends, so the live cookie stops working too.
    stack.advance(11_000);
    expect((await refreshWith(first)).status).toBe(401);
    const afterReuse = await refreshWith(third);
    expect(afterReuse.status).toBe(401);
    expect(afterReuse.setCookie).toBeNull();
  });

  it('never hands a cookie-borne refresh token back in a body, even without the header', async () => {
    const cookie = parse((await webLogin()).setCookie).value;
    const refreshed = await call('POST', '/users/refreshToken', {
      body: {},
      headers: { cookie: `${REFRESH_COOKIE}=${cookie}`, [REFRESH_IN_COOKIE_HEADER]: '0' },
    });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.data?.refreshToken).toBe('');
    expect(parse(refreshed.setCookie).value).toBeTruthy();
  });

  it('leaves API clients that send the refresh token in the body as they were', async () => {
    const login = await call('POST', '/users/login', {
      body: { username: DEMO_EMAIL, password: DEMO_PASSWORD },
    });
    expect(login.setCookie).toBeNull();
    const refreshToken = login.body.data?.refreshToken ?? '';
    expect(refreshToken.length).toBeGreaterThanOrEqual(43);
    // The body wins over a cookie that happens to be there.
    const other = parse((await webLogin()).setCookie).value;
    const refreshed = await refreshWith(other, { refreshToken });
    expect(refreshed.status).toBe(200);
    expect(refreshed.setCookie).toBeNull();
    expect(refreshed.body.data?.refreshToken?.length).toBeGreaterThanOrEqual(43);
    // A token from the body moves into the cookie when the app asks (a token stored before the cookie).
    const moved = await call('POST', '/users/refreshToken', {
      body: { refreshToken: refreshed.body.data?.refreshToken },
      headers: { [REFRESH_IN_COOKIE_HEADER]: '1' },
    });
    expect(moved.status).toBe(200);
    expect(moved.body.data?.refreshToken).toBe('');
    expect((await refreshWith(parse(moved.setCookie).value)).status).toBe(200);
    // Neither body nor cookie: a clear 400.
    const none = await refreshWith(undefined);
    expect(none.status).toBe(400);
  });

  it('is cleared by logout, which ends the session it belongs to', async () => {
    const login = await webLogin();
    const cookie = parse(login.setCookie).value;
    const out = await call('POST', '/users/logout', {
      body: {},
      headers: { authorization: `Bearer ${login.body.data?.token}` },
    });
    expect(out.status).toBe(200);
    const cleared = parse(out.setCookie);
    expect(cleared).toMatchObject({ name: REFRESH_COOKIE, value: '' });
    expect(cleared.attrs).toEqual(expect.arrayContaining(['Max-Age=0', `Path=${REFRESH_PATH}`, 'HttpOnly']));
    expect((await refreshWith(cookie)).status).toBe(401);
  });

  it('is cleared by a logout whose access token is no longer valid, and by terminating the own session', async () => {
    const stale = await call('POST', '/users/logout', {
      body: {},
      headers: { authorization: 'Bearer not-a-token' },
    });
    expect(stale.status).toBe(401);
    expect(parse(stale.setCookie)).toMatchObject({ name: REFRESH_COOKIE, value: '' });

    const login = await webLogin();
    const auth = { authorization: `Bearer ${login.body.data?.token}` };
    const sessions = (await (
      await fetch(`${stack.server.url}${API_PREFIX}/users/sessions`, { headers: auth })
    ).json()) as { data: Array<{ id: string; isCurrent: boolean }> };
    const mine = sessions.data.find((s) => s.isCurrent)?.id;
    const ended = await call('POST', `/users/sessions/${mine}/terminate`, { body: {}, headers: auth });
    expect(ended.status).toBe(200);
    expect(parse(ended.setCookie)).toMatchObject({ name: REFRESH_COOKIE, value: '' });
    expect((await refreshWith(parse(login.setCookie).value)).status).toBe(401);
  });
});
