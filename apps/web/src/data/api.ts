import { type FreshToken, HestiaClient, type TokenSnapshot } from '@hestia/client';
import type { LoginResult } from '@hestia/contract';
import { i18n } from '../i18n/index.ts';
import { FLAVOUR } from '../lib/flavour.ts';
import { useAppSettingStore } from '../state/app-setting-store.ts';
import { useAuthStore } from '../state/auth-store.ts';
import { resetAllStores } from '../state/reset.ts';
import { sessionEndOf } from './errors.ts';

/** Origin of the telemetry socket: the page's own host, ws or wss to match the page. */
export function wsBaseUrl(loc: Pick<Location, 'protocol' | 'host'> = window.location): string {
  return `${loc.protocol === 'https:' ? 'wss' : 'ws'}://${loc.host}`;
}

/**
 * The address of the live socket. Unlike the spec's "server address plus the token", the token is not
 * in it: it goes in the socket's first message, since URLs end up in logs (docs/decisions/022).
 */
export function liveUrl(): string {
  return `${wsBaseUrl()}/api/ws`;
}

/** Local time corrected by the stored server offset; token expiry is in server time. */
export function correctedNow(): number {
  return Date.now() + useAppSettingStore.getState().timeOffset;
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
 * adopts that token instead of spending the cookie again. The refresh itself (`send`) sends no refresh
 * token: the browser adds the HttpOnly cookie, and the new one comes back as the cookie.
 */
function refreshAcrossTabs(
  current: TokenSnapshot,
  send: () => Promise<Partial<LoginResult>>,
): Promise<Partial<LoginResult>> {
  const run = async (): Promise<Partial<LoginResult>> => {
    const stored = storedTokens();
    if (stored?.token && stored.token !== current.token && (stored.expiresIn ?? 0) > correctedNow()) {
      return { token: stored.token, expiresIn: stored.expiresIn ?? 0 };
    }
    return send();
  };
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  return locks ? locks.request('hestia-token-refresh', run) : run();
}

/**
 * The one REST client; same-origin, with the session token and the interface language on every call.
 * It keeps the token fresh itself (spec section 4): refreshed before a call once the corrected time
 * passes its expiry, and once on a 401, one refresh for every call waiting; a refused refresh logs out
 * (status 1015 also resets every store), a network error or time-out keeps the session.
 */
export const api = new HestiaClient({
  auth: {
    read: () => useAuthStore.getState(),
    now: correctedNow,
    refresh: refreshAcrossTabs,
    adopt: (fresh) => adoptLogin(fresh),
    end: (err) => (sessionEndOf(err) === 'reset' ? resetAllStores() : useAuthStore.getState().logout()),
  },
  language: () => i18n.language,
  clientId: () => useAppSettingStore.getState().hashedClientId || undefined,
  // A white-label build names its company on every call (spec section 7; docs/decisions/042).
  company: () => FLAVOUR,
  // The refresh token stays in an HttpOnly cookie, out of reach of scripts (docs/decisions/022).
  refreshInCookie: true,
});
