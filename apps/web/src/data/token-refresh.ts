import type { LoginResult } from '@hestia/contract';
import { useAppSettingStore } from '../state/app-setting-store.ts';
import { useAuthStore } from '../state/auth-store.ts';
import { resetAllStores } from '../state/reset.ts';
import { api, wsBaseUrl } from './api.ts';
import { clockOffset } from './clock.ts';
import { isNetworkFailure } from './errors.ts';
import { createRefresher, TAB_BAR_REFRESH_LEAD_MS, type TokenSnapshot } from './refresher.ts';

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

/** The address of the live socket for a token (spec section 4: server address plus the token). */
export function liveUrlOf(token: string): string {
  return `${wsBaseUrl()}/api/ws/plugins/telemetry?token=${encodeURIComponent(token)}`;
}

/** Store a login: the auth channel then tells the other tabs. */
export function adoptLogin(result: LoginResult, withPassword?: boolean): void {
  useAuthStore.getState().login(result, liveUrlOf(result.token));
  if (withPassword !== undefined) useAuthStore.setState({ isLoginWithPassword: withPassword });
}

/** The tokens another tab of this browser saved, read straight from storage (it may be newer). */
function storedTokens(): TokenSnapshot | null {
  try {
    const raw = localStorage.getItem('auth-store');
    const state = raw ? (JSON.parse(raw) as { state?: Partial<TokenSnapshot> }).state : undefined;
    if (!state?.isLoggedIn || !state.token || !state.refreshToken || typeof state.expiresIn !== 'number')
      return null;
    return {
      isLoggedIn: true,
      token: state.token,
      refreshToken: state.refreshToken,
      expiresIn: state.expiresIn,
    };
  } catch {
    return null;
  }
}

/**
 * One refresh across this browser's tabs: under a Web Lock, a tab first looks whether another tab has
 * already rotated the token (refresh tokens are single use), and adopts that instead of spending its
 * own spent token again.
 */
async function refreshCall(current: TokenSnapshot): Promise<Partial<LoginResult>> {
  const run = async (): Promise<Partial<LoginResult>> => {
    const stored = storedTokens();
    if (stored && stored.refreshToken !== current.refreshToken && (stored.expiresIn ?? 0) > correctedNow()) {
      return {
        token: stored.token ?? '',
        refreshToken: stored.refreshToken ?? '',
        expiresIn: stored.expiresIn ?? 0,
      };
    }
    return api.call('refreshToken', {
      body: { token: current.token ?? undefined, refreshToken: current.refreshToken ?? '' },
    });
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

/** Log out on the server (best effort) and here. The request is built before the tokens are cleared. */
export function signOut(): void {
  const { refreshToken } = useAuthStore.getState();
  api.call('logout', { body: refreshToken ? { refreshToken } : {} }).catch((err: unknown) => {
    console.warn('Server logout failed; the local session is cleared anyway.', err);
  });
  useAuthStore.getState().logout();
}
