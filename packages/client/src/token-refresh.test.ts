import type { LoginResult } from '@hestia/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from './errors.ts';
import { createRefresher, REFRESH_POLL_MS, type TokenAuth, type TokenSnapshot } from './token-refresh.ts';

/** Spec section 9: the web app's tab bar refreshes the token 3600 s before it expires. */
const TAB_BAR_REFRESH_LEAD_MS = 3600_000;

class NetworkError extends Error {}
class Disabled extends Error {
  statusCode = 1015;
}

/** A fake clock: `sleep` resolves when the test moves time past its deadline. */
function fakeClock(start: number) {
  let now = start;
  const sleepers: Array<{ at: number; resolve: () => void }> = [];
  return {
    now: () => now,
    sleep: (ms: number) => new Promise<void>((resolve) => sleepers.push({ at: now + ms, resolve })),
    sleepers,
    async advance(ms: number) {
      now += ms;
      const due = sleepers.filter((x) => x.at <= now);
      sleepers.splice(0, sleepers.length, ...sleepers.filter((x) => x.at > now));
      for (const s of due) s.resolve();
      await Promise.resolve();
      await Promise.resolve();
    },
  };
}

function setup(expiresIn: number, refresh: (s: TokenSnapshot) => Promise<Partial<LoginResult>>) {
  const clock = fakeClock(1_000_000);
  let state: TokenSnapshot = { isLoggedIn: true, token: 't0', expiresIn };
  const ended: unknown[] = [];
  const calls: TokenSnapshot[] = [];
  const deps: TokenAuth = {
    now: clock.now,
    sleep: clock.sleep,
    read: () => state,
    adopt: (r) => {
      state = { isLoggedIn: true, ...r };
    },
    end: (err) => {
      ended.push(err);
      state = { isLoggedIn: false, token: null, expiresIn: null };
    },
    keepsSession: (err) => err instanceof NetworkError,
  };
  const send = (s: TokenSnapshot) => {
    calls.push(s);
    return refresh(s);
  };
  return { clock, deps, ended, calls, state: () => state, refresher: createRefresher(deps, send) };
}

// The web app's refresh answers carry no refresh token: it comes back as the cookie.
const next: LoginResult = { token: 't1', refreshToken: '', expiresIn: 99_000_000 };

describe('token refresh (spec section 4)', () => {
  it('does nothing before the expiry, refreshes once the corrected time passes it', async () => {
    const s = setup(1_000_500, async () => next);
    await s.refresher.refreshIfDue();
    expect(s.calls).toHaveLength(0);
    await s.clock.advance(500);
    await s.refresher.refreshIfDue();
    expect(s.calls).toEqual([{ isLoggedIn: true, token: 't0', expiresIn: 1_000_500 }]);
    expect(s.state().token).toBe('t1');
  });

  it('refreshes 3600 s early for the tab bar', async () => {
    const s = setup(1_000_000 + TAB_BAR_REFRESH_LEAD_MS + 1, async () => next);
    await s.refresher.refreshIfDue(TAB_BAR_REFRESH_LEAD_MS);
    expect(s.calls).toHaveLength(0);
    await s.clock.advance(1);
    await s.refresher.refreshIfDue(TAB_BAR_REFRESH_LEAD_MS);
    expect(s.calls).toHaveLength(1);
  });

  it('runs one refresh at a time: others poll every 50 ms and go on when it is done', async () => {
    let finish: (r: LoginResult) => void = () => {};
    const s = setup(0, () => new Promise((resolve) => (finish = resolve)));
    const first = s.refresher.refreshIfDue();
    let secondDone = false;
    const second = s.refresher.refreshIfDue().then(() => (secondDone = true));
    await Promise.resolve();
    expect(s.refresher.isRefreshing()).toBe(true);
    expect(s.clock.sleepers.map((x) => x.at - s.clock.now())).toEqual([REFRESH_POLL_MS]);
    await s.clock.advance(REFRESH_POLL_MS);
    expect(secondDone).toBe(false);
    finish(next);
    await first;
    await s.clock.advance(REFRESH_POLL_MS);
    await second;
    expect(secondDone).toBe(true);
    expect(s.calls).toHaveLength(1);
    expect(s.state().token).toBe('t1');
  });

  it('keeps the session on a network error or time-out', async () => {
    const s = setup(0, async () => {
      throw new NetworkError('timeout');
    });
    await s.refresher.refreshIfDue();
    expect(s.ended).toEqual([]);
    expect(s.state().token).toBe('t0');
    expect(s.refresher.isRefreshing()).toBe(false);
  });

  it('logs out on any other failure (a reused refresh token is refused)', async () => {
    const s = setup(0, async () => {
      throw new Error('The session has expired. Please log in again.');
    });
    const outcome = await s.refresher.refreshIfDue();
    expect(s.ended).toHaveLength(1);
    expect((s.ended[0] as Error).message).toBe('The session has expired. Please log in again.');
    expect(outcome).toEqual({ ended: s.ended[0] });
    expect(s.state().isLoggedIn).toBe(false);
  });

  it('logs out when the answer has no token', async () => {
    const s = setup(0, async () => ({ expiresIn: 5 }));
    await s.refresher.refreshIfDue();
    expect(s.ended).toEqual([new ApiError('The session has expired. Please log in again.', 401)]);
    expect((s.ended[0] as ApiError).statusCode).toBe(401);
  });

  it('hands status 1015 to the end of the session, for the app to reset every store', async () => {
    const s = setup(0, async () => {
      throw new Disabled('This account is disabled.');
    });
    await s.refresher.refreshIfDue();
    expect(s.ended).toHaveLength(1);
    expect(s.ended[0]).toBeInstanceOf(Disabled);
    expect((s.ended[0] as Disabled).statusCode).toBe(1015);
  });

  it('keeps the session by default on network failures and time-outs of the client only', async () => {
    for (const [err, kept] of [
      [new ApiError('network error', 400), true],
      [new ApiError('timeout', 400), true],
      [new ApiError('Something went wrong, try again.', 500), false],
    ] as const) {
      const s = setup(0, async () => {
        throw err;
      });
      const refresher = createRefresher({ ...s.deps, keepsSession: undefined }, () => Promise.reject(err));
      await refresher.refreshIfDue();
      expect(s.ended).toEqual(kept ? [] : [err]);
    }
  });

  it('does nothing when logged out', async () => {
    const s = setup(0, async () => next);
    s.deps.end(new Error('logged out'));
    s.ended.length = 0;
    await s.refresher.refreshIfDue();
    expect(s.calls).toHaveLength(0);
  });
});
