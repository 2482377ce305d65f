import { useAppSettingStore } from '../state/app-setting-store.ts';
import { useAuthStore } from '../state/auth-store.ts';
import { api, wsBaseUrl } from './api.ts';
import { isNetworkFailure } from './errors.ts';

/** Spec section 9: the tab bar refreshes the token 3600 s before it expires. */
export const TAB_BAR_REFRESH_LEAD_MS = 3600_000;
/** Spec section 4: a clock offset is kept only when it exceeds 60 s. */
const CLOCK_OFFSET_THRESHOLD_MS = 60_000;

/** Local time corrected by the stored server offset. */
export function correctedNow(): number {
  return Date.now() + useAppSettingStore.getState().timeOffset;
}

/** Learn the server's clock once per start; token expiry is in server time. */
export async function syncClock(): Promise<void> {
  const before = Date.now();
  const { time } = await api.time();
  const local = (before + Date.now()) / 2;
  const offset = time - local;
  useAppSettingStore.setState({ timeOffset: Math.abs(offset) > CLOCK_OFFSET_THRESHOLD_MS ? offset : 0 });
}

let inFlight: Promise<void> | null = null;

/**
 * Refresh the token when it expires within `leadMs`. Concurrent callers share one refresh. A refused
 * refresh ends the session; a network error or timeout keeps it (spec section 4).
 */
export function refreshIfDue(leadMs = 0): Promise<void> {
  const auth = useAuthStore.getState();
  if (!auth.isLoggedIn || !auth.refreshToken || auth.expiresIn === null) return Promise.resolve();
  if (correctedNow() < auth.expiresIn - leadMs) return Promise.resolve();
  inFlight ??= (async () => {
    try {
      const result = await api.call('refreshToken', {
        body: { token: auth.token ?? undefined, refreshToken: auth.refreshToken ?? '' },
      });
      if (!result.token || !result.refreshToken) useAuthStore.getState().logout();
      else
        useAuthStore
          .getState()
          .login(result, `${wsBaseUrl()}/api/ws/plugins/telemetry?token=${encodeURIComponent(result.token)}`);
    } catch (err) {
      if (!isNetworkFailure(err)) useAuthStore.getState().logout();
    } finally {
      inFlight = null;
    }
  })();
  return inFlight;
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
