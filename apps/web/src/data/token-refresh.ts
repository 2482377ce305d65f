import { HestiaClient } from '@hestia/client';
import { useAppSettingStore } from '../state/app-setting-store.ts';
import { takeStoredRefreshToken, useAuthStore } from '../state/auth-store.ts';
import { adoptLogin, api, correctedNow } from './api.ts';
import { clockOffset } from './clock.ts';

/** Spec section 9: the tab bar refreshes the token 3600 s before it expires. */
export const TAB_BAR_REFRESH_LEAD_MS = 3600_000;

/** Learn the server's clock; token expiry is in server time. The offset is kept only past 60 s. */
export async function syncClock(): Promise<void> {
  const sentAt = Date.now();
  const { time } = await api.time();
  useAppSettingStore.setState({ timeOffset: clockOffset(time, sentAt, Date.now()) });
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
