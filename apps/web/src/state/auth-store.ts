import type { FreshToken } from '@hestia/client';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';

/**
 * The persisted auth store (spec section 3), without the refresh token: the server keeps that in an
 * HttpOnly cookie no script can read (docs/decisions/022). The access token stays in localStorage so
 * a reload or an offline start needs no round trip; it lives 2.5 h and cannot be renewed without the
 * cookie. `expiresIn` is the token's absolute expiry in epoch ms. `webSocketAuthrizedUrl` is the live
 * socket's address, which no longer carries the token (it goes in the socket's first message).
 */
export interface AuthState {
  token: string | null;
  expiresIn: number | null;
  webSocketAuthrizedUrl: string | null;
  isLoggedIn: boolean;
  isFirstTimeAskSaveEmail: boolean;
  isFirstTimeAskSaveMobile: boolean;
  isLoginWithPassword: boolean;
  login(result: FreshToken, webSocketUrl: string | null): void;
  /** Clears the tokens; the saved-login prompt flags stay (spec section 4). */
  logout(): void;
}

const signedOut = {
  token: null,
  expiresIn: null,
  webSocketAuthrizedUrl: null,
  isLoggedIn: false,
} as const;

/** A refresh token an earlier version stored, held in memory until it is moved into the cookie. */
let storedBeforeCookie: string | null = null;

/** The refresh token an earlier version left in storage, once: the caller moves it into the cookie. */
export function takeStoredRefreshToken(): string | null {
  const token = storedBeforeCookie;
  storedBeforeCookie = null;
  return token;
}

/** Version 1 stored the refresh token and a socket address with the access token in it. */
export function migrateAuthState(persisted: unknown, version: number): unknown {
  if (version >= 2 || typeof persisted !== 'object' || persisted === null) return persisted;
  const { refreshToken, webSocketAuthrizedUrl: _withToken, ...rest } = persisted as Record<string, unknown>;
  if (typeof refreshToken === 'string' && refreshToken) storedBeforeCookie = refreshToken;
  return { ...rest, webSocketAuthrizedUrl: null };
}

export const useAuthStore = create<AuthState>()(
  persist(
    (set) => ({
      ...signedOut,
      isFirstTimeAskSaveEmail: true,
      isFirstTimeAskSaveMobile: true,
      isLoginWithPassword: true,
      login: (result, webSocketUrl) =>
        set({
          token: result.token,
          expiresIn: result.expiresIn,
          webSocketAuthrizedUrl: webSocketUrl,
          isLoggedIn: true,
          isLoginWithPassword: true,
        }),
      logout: () => set(signedOut),
    }),
    {
      name: 'auth-store',
      version: 2,
      migrate: migrateAuthState,
      // Only the state: a field added later by mistake (a secret) is not written unless listed here.
      partialize: (s) => ({
        token: s.token,
        expiresIn: s.expiresIn,
        webSocketAuthrizedUrl: s.webSocketAuthrizedUrl,
        isLoggedIn: s.isLoggedIn,
        isFirstTimeAskSaveEmail: s.isFirstTimeAskSaveEmail,
        isFirstTimeAskSaveMobile: s.isFirstTimeAskSaveMobile,
        isLoginWithPassword: s.isLoginWithPassword,
      }),
    },
  ),
);
