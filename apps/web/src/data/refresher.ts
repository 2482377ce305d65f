import type { LoginResult } from '@hestia/contract';

/** Spec section 9: the tab bar refreshes the token 3600 s before it expires. */
export const TAB_BAR_REFRESH_LEAD_MS = 3600_000;
/** Spec section 9: callers waiting on a refresh in progress look again every 50 ms. */
export const REFRESH_POLL_MS = 50;

/**
 * What the app holds of a session. The refresh token is not here: the browser keeps it in an HttpOnly
 * cookie that no script reads (docs/decisions/022).
 */
export interface TokenSnapshot {
  isLoggedIn: boolean;
  token: string | null;
  /** Absolute expiry in epoch ms of server time. */
  expiresIn: number | null;
}

/** A refresh's outcome as the app keeps it. */
export type FreshToken = Pick<LoginResult, 'token' | 'expiresIn'>;

export interface RefresherDeps {
  /** The corrected current time (local clock plus the server offset). */
  now(): number;
  sleep(ms: number): Promise<void>;
  read(): TokenSnapshot;
  refresh(current: TokenSnapshot): Promise<Partial<LoginResult>>;
  adopt(result: FreshToken): void;
  /** End the session: 'reset' also clears every store (status 1015). */
  end(how: 'logout' | 'reset'): void;
  /** Network failures and time-outs keep the session (spec section 4). */
  keepsSession(err: unknown): boolean;
  resetsStores(err: unknown): boolean;
}

/**
 * Spec section 4: before calls, refresh when the corrected time passes the stored expiry (`leadMs`
 * earlier for the tab bar). One refresh at a time: a shared in-progress flag makes other callers poll
 * every 50 ms until it clears. A refresh that returns no token, or fails for a reason other than the
 * network, ends the session.
 */
export function createRefresher(deps: RefresherDeps) {
  let refreshing = false;

  function isDue(s: TokenSnapshot, leadMs: number): boolean {
    return s.isLoggedIn && !!s.token && s.expiresIn !== null && deps.now() >= s.expiresIn - leadMs;
  }

  async function refreshIfDue(leadMs = 0): Promise<void> {
    if (refreshing) {
      while (refreshing) await deps.sleep(REFRESH_POLL_MS);
      return;
    }
    const current = deps.read();
    if (!isDue(current, leadMs)) return;
    refreshing = true;
    try {
      const result = await deps.refresh(current);
      if (!result.token || typeof result.expiresIn !== 'number') deps.end('logout');
      else deps.adopt({ token: result.token, expiresIn: result.expiresIn });
    } catch (err) {
      if (deps.resetsStores(err)) deps.end('reset');
      else if (!deps.keepsSession(err)) deps.end('logout');
    } finally {
      refreshing = false;
    }
  }

  return { refreshIfDue, isRefreshing: () => refreshing };
}
