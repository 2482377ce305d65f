import type { LoginResult } from '@hestia/contract';
import { isNetworkFailure, sessionExpiredError } from './errors.ts';

/** Spec section 9: callers waiting on a refresh in progress look again every 50 ms. */
export const REFRESH_POLL_MS = 50;

/** What the app holds of a session: the access token and its absolute expiry. */
export interface TokenSnapshot {
  isLoggedIn: boolean;
  token: string | null;
  /** Absolute expiry in epoch ms, on the clock of `TokenAuth.now` (server time for the web app). */
  expiresIn: number | null;
}

/** A refresh's outcome as the app keeps it. */
export type FreshToken = Pick<LoginResult, 'token' | 'expiresIn'>;

/**
 * How the client keeps a session's token fresh (its `auth` option). Before every call of a route that
 * is not anonymous the client refreshes a token past its expiry, and on a 401 'session has expired'
 * answer it refreshes once and sends the call once more. One refresh at a time: parallel calls wait
 * for it. A refresh refused for any reason but the network ends the session (`end`).
 */
export interface TokenAuth {
  /** The session now. */
  read(): TokenSnapshot;
  /** The current time on the expiry's clock; default `Date.now`. */
  now?(): number;
  /** Default a timer; a test passes its own clock. */
  sleep?(ms: number): Promise<void>;
  /**
   * Around the refresh call, `send` (the `refreshToken` route with the current token): e.g. under a
   * lock shared by the browser's tabs, or answering with a token another tab already got. Default
   * `send()`.
   */
  refresh?(current: TokenSnapshot, send: () => Promise<Partial<LoginResult>>): Promise<Partial<LoginResult>>;
  /** Keep the new token. */
  adopt(fresh: FreshToken): void;
  /** The refresh was refused (or answered without a token): the session is over, `err` says why. */
  end(err: unknown): void;
  /** Failures that keep the session; default the network's own (no answer, or none in time). */
  keepsSession?(err: unknown): boolean;
}

/** What a refresh, or the one a caller waited for, came to: `ended` is why it ended the session. */
export interface RefreshOutcome {
  ended?: unknown;
}

/**
 * Spec section 4: before calls, refresh when the current time passes the stored expiry (`leadMs`
 * earlier for the tab bar). One refresh at a time: a shared in-progress flag makes other callers poll
 * every 50 ms until it clears. A refresh that returns no token, or fails for a reason other than the
 * network, ends the session.
 */
export function createRefresher(
  auth: TokenAuth,
  send: (current: TokenSnapshot) => Promise<Partial<LoginResult>>,
) {
  const now = auth.now ?? Date.now;
  const sleep = auth.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const keepsSession = auth.keepsSession ?? isNetworkFailure;
  let refreshing = false;
  /** Why the last refresh ended the session, if it did. */
  let lastEnded: RefreshOutcome = {};

  function isDue(s: TokenSnapshot, leadMs: number): boolean {
    return s.isLoggedIn && !!s.token && s.expiresIn !== null && now() >= s.expiresIn - leadMs;
  }

  async function waitForRefresh(): Promise<RefreshOutcome> {
    while (refreshing) await sleep(REFRESH_POLL_MS);
    return lastEnded;
  }

  async function run(current: TokenSnapshot): Promise<RefreshOutcome> {
    refreshing = true;
    lastEnded = {};
    const end = (err: unknown) => {
      lastEnded = { ended: err };
      auth.end(err);
    };
    try {
      const result = await (auth.refresh ? auth.refresh(current, () => send(current)) : send(current));
      if (!result.token || typeof result.expiresIn !== 'number') end(sessionExpiredError());
      else auth.adopt({ token: result.token, expiresIn: result.expiresIn });
    } catch (err) {
      if (!keepsSession(err)) end(err);
    } finally {
      refreshing = false;
    }
    return lastEnded;
  }

  /** Refresh when the token expires within `leadMs`; callers meanwhile wait for this one refresh. */
  async function refreshIfDue(leadMs = 0): Promise<RefreshOutcome> {
    if (refreshing) return waitForRefresh();
    const current = auth.read();
    if (!isDue(current, leadMs)) return {};
    return run(current);
  }

  /**
   * The server refused `token`: refresh, unless a refresh is already under way (wait for it) or done
   * (the session holds another token by now).
   */
  async function refreshRejected(token: string): Promise<RefreshOutcome> {
    if (refreshing) return waitForRefresh();
    const current = auth.read();
    if (!current.isLoggedIn || current.token !== token) return {};
    return run(current);
  }

  return { refreshIfDue, refreshRejected, isRefreshing: () => refreshing };
}

export type Refresher = ReturnType<typeof createRefresher>;
