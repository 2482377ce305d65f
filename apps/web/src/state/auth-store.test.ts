import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// Issue 26, item 9: the refresh token no longer lives in localStorage, where any script on the page
// reads it; it is an HttpOnly cookie now (docs/decisions/022).

const storage = new Map<string, string>();
beforeEach(() => {
  storage.clear();
  vi.resetModules();
  const localStorage = {
    getItem: (k: string) => storage.get(k) ?? null,
    setItem: (k: string, v: string) => void storage.set(k, v),
    removeItem: (k: string) => void storage.delete(k),
  };
  // zustand's persist reads window.localStorage.
  vi.stubGlobal('window', { localStorage });
  vi.stubGlobal('localStorage', localStorage);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('auth store', () => {
  it('never writes a refresh token to storage, and its socket address carries no token', async () => {
    const { useAuthStore } = await import('./auth-store.ts');
    const result = { token: 'access-jwt', refreshToken: 'secret-refresh', expiresIn: 123 };
    // A whole login answer, as an API client gets it: only the access token and expiry are kept.
    useAuthStore.getState().login(result, 'wss://home.example/api/ws');
    const saved = storage.get('auth-store') ?? '';
    expect(JSON.parse(saved)).toMatchObject({
      version: 2,
      state: { token: 'access-jwt', expiresIn: 123, isLoggedIn: true },
    });
    expect(saved).not.toContain('secret-refresh');
    expect(saved).not.toContain('refreshToken');
    expect(saved).not.toMatch(/token=/);
  });

  it('takes a refresh token stored by the earlier version out of storage, and hands it over once', async () => {
    storage.set(
      'auth-store',
      JSON.stringify({
        version: 1,
        state: {
          token: 'old-jwt',
          refreshToken: 'old-refresh',
          expiresIn: 99,
          webSocketAuthrizedUrl: 'wss://home.example/api/ws/plugins/telemetry?token=old-jwt',
          isLoggedIn: true,
          isFirstTimeAskSaveEmail: false,
          isFirstTimeAskSaveMobile: true,
          isLoginWithPassword: true,
        },
      }),
    );
    const { useAuthStore, takeStoredRefreshToken } = await import('./auth-store.ts');
    const state = useAuthStore.getState();
    expect(state).toMatchObject({ token: 'old-jwt', isLoggedIn: true, isFirstTimeAskSaveEmail: false });
    expect(state.webSocketAuthrizedUrl).toBeNull();
    expect('refreshToken' in state).toBe(false);
    expect(takeStoredRefreshToken()).toBe('old-refresh');
    expect(takeStoredRefreshToken()).toBeNull();
    expect(storage.get('auth-store') ?? '').not.toContain('old-refresh');
  });
});
