import { HestiaClient } from '@hestia/client';
import { i18n } from '../i18n/index.ts';
import { useAppSettingStore } from '../state/app-setting-store.ts';
import { useAuthStore } from '../state/auth-store.ts';

/** Origin of the telemetry socket: the page's own host, ws or wss to match the page. */
export function wsBaseUrl(loc: Pick<Location, 'protocol' | 'host'> = window.location): string {
  return `${loc.protocol === 'https:' ? 'wss' : 'ws'}://${loc.host}`;
}

/** The one REST client; same-origin, with the session token and the interface language on every call. */
export const api = new HestiaClient({
  getToken: () => useAuthStore.getState().token ?? undefined,
  language: () => i18n.language,
  clientId: () => useAppSettingStore.getState().hashedClientId || undefined,
  // The refresh token stays in an HttpOnly cookie, out of reach of scripts (docs/decisions/022).
  refreshInCookie: true,
});
