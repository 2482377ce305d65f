import type { LoginResult } from '@hestia/contract';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';

/** The persisted auth store (spec section 3). `expiresIn` is the token's absolute expiry in epoch ms. */
export interface AuthState {
  token: string | null;
  refreshToken: string | null;
  expiresIn: number | null;
  webSocketAuthrizedUrl: string | null;
  isLoggedIn: boolean;
  isFirstTimeAskSaveEmail: boolean;
  isFirstTimeAskSaveMobile: boolean;
  isLoginWithPassword: boolean;
  login(result: LoginResult, webSocketUrl: string | null): void;
  /** Clears the tokens; the saved-login prompt flags stay (spec section 4). */
  logout(): void;
}

const signedOut = {
  token: null,
  refreshToken: null,
  expiresIn: null,
  webSocketAuthrizedUrl: null,
  isLoggedIn: false,
} as const;

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
          refreshToken: result.refreshToken,
          expiresIn: result.expiresIn,
          webSocketAuthrizedUrl: webSocketUrl,
          isLoggedIn: true,
          isLoginWithPassword: true,
        }),
      logout: () => set(signedOut),
    }),
    { name: 'auth-store', version: 1 },
  ),
);
