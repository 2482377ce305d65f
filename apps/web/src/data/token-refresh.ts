import { HestiaClient } from '@hestia/client';
import type { LoginResult } from '@hestia/contract';
import { useAppSettingStore } from '../state/app-setting-store.ts';
import { takeStoredRefreshToken, useAuthStore } from '../state/auth-store.ts';
import { resetAllStores } from '../state/reset.ts';
import { api, wsBaseUrl } from './api.ts';
import { clockOffset } from './clock.ts';
import { isNetworkFailure } from './errors.ts';
import {
  createRefresher,
  type FreshToken,
  TAB_BAR_REFRESH_LEAD_MS,
  type TokenSnapshot,
} from './refresher.ts';

export { TAB_BAR_REFRESH_LEAD_MS };

/** Local time corrected by the stored server offset. */
export function correctedNow(): number {
  return Date.now() + useAppSettingStore.getState().timeOffset;
}

/** Learn the server's clock; token expiry is in server time. The offset is kept only past 60 s. */
export async function syncClock(): Promise<void> {
  const sentAt = Date.now();
  const { time } = await api.time();
  useAppSettingStore.setState({ timeOffset: clockOffset(time, sentAt, Date.now()) });
}

/**
 * The address of the live socket. Unlike the spec's "server address plus the token", the token is not
 * in it: it goes in the socket's first message, since URLs end up in logs (docs/decisions/022).
 */
export function liveUrl(): string {
  return `${wsBaseUrl()}/api/ws`;
}

/** Store a login: the auth channel then tells the other tabs. The refresh token stays in its cookie. */
export function adoptLogin(result: FreshToken, withPassword?: boolean): void {
  useAuthStore.getState().login({ token: result.token, expiresIn: result.expiresIn }, liveUrl());
  if (withPassword !== undefined) useAuthStore.setState({ isLoginWithPassword: withPassword });
}

/** The token another tab of this browser saved, read straight from storage (it may be newer). */
function storedTokens(): TokenSnapshot | null {
  try {
    const raw = localStorage.getItem('auth-store');
    const state = raw ? (JSON.parse(raw) as { state?: Partial<TokenSnapshot> }).state : undefined;
    if (!state?.isLoggedIn || !state.token || typeof state.expiresIn !== 'number') return null;
    return { isLoggedIn: true, token: state.token, expiresIn: state.expiresIn };
  } catch {
    return null;
  }
}

/**
 * One refresh across this browser's tabs: under a Web Lock, a tab first looks whether another tab has
 * already refreshed (the cookie's refresh token is single use and every tab shares the cookie), and
 * adopts that token instead of spending the cookie again. The refresh itself sends no refresh token:
 * the browser adds the HttpOnly cookie, and the new one comes back as the cookie.
 */
async function refreshCall(current: TokenSnapshot): Promise<Partial<LoginResult>> {
  const run = async (): Promise<Partial<LoginResult>> => {
    const stored = storedTokens();
    if (stored?.token && stored.token !== current.token && (stored.expiresIn ?? 0) > correctedNow()) {
      return { token: stored.token, expiresIn: stored.expiresIn ?? 0 };
    }
    return api.call('refreshToken', { body: { token: current.token ?? undefined } });
  };
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  return locks ? locks.request('hestia-token-refresh', run) : run();
}

const refresher = createRefresher({
  now: correctedNow,
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  read: () => useAuthStore.getState(),
  refresh: refreshCall,
  adopt: (result) => adoptLogin(result),
  end: (how) => (how === 'reset' ? resetAllStores() : useAuthStore.getState().logout()),
  keepsSession: isNetworkFailure,
  resetsStores: (err) => (err as { statusCode?: unknown } | null)?.statusCode === 1015,
});

/**
 * Refresh the token when it expires within `leadMs`. Concurrent callers wait for the one refresh. A
 * refused refresh ends the session; a network error or timeout keeps it (spec section 4).
 */
export function refreshIfDue(leadMs = 0): Promise<void> {
  return refresher.refreshIfDue(leadMs);
}

/** Run an authenticated call after refreshing an expired token. */
export async function withFreshToken<T>(call: () => Promise<T>): Promise<T> {
  await refreshIfDue();
  return call();
}

/**
 * Move a refresh token an earlier version of the app kept in localStorage into the HttpOnly cookie:
 * one refresh that sends it in the body and asks for the cookie back (docs/decisions/022).
 */
export async function moveStoredRefreshToken(): Promise<void> {
  const refreshToken = takeStoredRefreshToken();
  if (!refreshToken || !useAuthStore.getState().isLoggedIn) return;
  try {
    adoptLogin(await api.call('refreshToken', { body: { refreshToken } }));
  } catch (err) {
    // A network failure leaves the old access token; its refresh then fails and logs out.
    console.warn('The stored session could not be moved into its cookie.', err);
  }
}

/**
 * Log out on the server (best effort) and here; the server's answer also clears the refresh cookie.
 * The request is built before the tokens are cleared. An expired access token is first refreshed
 * with the cookie, so the session still ends on the server.
 */
export function signOut(): void {
  const { expiresIn } = useAuthStore.getState();
  const expired = expiresIn !== null && correctedNow() >= expiresIn;
  const clientId = () => useAppSettingStore.getState().hashedClientId || undefined;
  const ending = expired
    ? api
        .call('refreshToken', { body: {} })
        .then((fresh) =>
          new HestiaClient({ getToken: () => fresh.token, clientId }).call('logout', { body: {} }),
        )
    : api.call('logout', { body: {} });
  ending.catch((err: unknown) => {
    console.warn('Server logout failed; the local session is cleared anyway.', err);
  });
  useAuthStore.getState().logout();
}
