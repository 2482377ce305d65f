import { type AttemptStore, attemptStore } from './attempt.repository.ts';
import { AppError } from './errors.ts';

// The counters' SQL is in attempt.repository.ts; re-exported here beside the limits that use them.
export { type AttemptStore, attemptStore };

/**
 * Guess and send limits (docs/decisions/017). An attempt is taken before the work it guards (the
 * password hash, the code comparison, the database read), with one atomic statement per counter in
 * the database, so N parallel requests count as N, on one server instance or on several.
 */

/** A 429 that says when to come back (the wrapper adds `Retry-After`). */
export class RateLimitedError extends AppError {
  constructor(
    readonly retryAfterMs: number,
    message?: string,
  ) {
    super('RATE_LIMITED', message);
  }
}

export interface AttemptRule {
  /** Prefix of the counter's key, naming the limit. */
  name: string;
  /** Attempts allowed in one window. */
  limit: number;
  windowMs: number;
}

export interface Reservation {
  ok: boolean;
  /** Milliseconds until the window ends, when refused; 0 when taken. */
  retryAfterMs: number;
}

/** One limit: `rule.limit` attempts per key in a fixed window of `rule.windowMs`. */
export class AttemptLimiter {
  constructor(
    readonly store: AttemptStore,
    readonly rule: AttemptRule,
  ) {}

  keyOf(key: string): string {
    return `${this.rule.name}:${key}`;
  }

  /**
   * Take one attempt for `key` now; refused once the window's limit is reached (a refused attempt is
   * given back, so the counter holds only attempts that were allowed).
   */
  async reserve(key: string): Promise<Reservation> {
    const { refused } = await takeInOrder([[this, key]]);
    return refused ? { ok: false, retryAfterMs: refused.retryAfterMs } : { ok: true, retryAfterMs: 0 };
  }

  /** Give back an attempt taken by `reserve` (a success that should not count). */
  refund(key: string): Promise<void> {
    return this.store.give([this.keyOf(key)]);
  }

  /** Forget `key`'s window (a right password clears that account's failures). */
  reset(key: string): Promise<void> {
    return this.store.clear([this.keyOf(key)]);
  }
}

/**
 * Take one attempt under each (limit, key) in turn, each with one atomic statement, stopping at the
 * first refusal; a refused request gives back every attempt it took, the refused one included. So a
 * counter holds only attempts that every limit before it allowed: listed from the most particular to
 * the requester (address and requester, requester) to the shared ones (address, account), a requester
 * refused its own share never touches the shared counter, however many requests it sends at once.
 */
async function takeInOrder(
  checks: Array<[AttemptLimiter, string]>,
): Promise<{ keys: string[]; refused?: { index: number; retryAfterMs: number } }> {
  const keys: string[] = [];
  for (const [index, [limiter, key]] of checks.entries()) {
    const k = limiter.keyOf(key);
    if (keys.includes(k)) continue;
    const c = (await limiter.store.take([{ key: k, windowMs: limiter.rule.windowMs }])).get(k);
    keys.push(k);
    if (!c || c.count > limiter.rule.limit) {
      await limiter.store.give(keys);
      return {
        keys: [],
        refused: {
          index,
          retryAfterMs: c ? Math.max(0, c.resetAt - limiter.store.now()) : limiter.rule.windowMs,
        },
      };
    }
  }
  return { keys };
}

/** What a refusal says: fixed text, or text made from the wait. */
export type RefusalMessage = string | ((retryAfterMs: number) => string);

/** Attempts taken under several limits at once, to give back or clear after the work. */
export interface Taken {
  /** Give every attempt back (the work succeeded and should not count). */
  refund(): Promise<void>;
}

/**
 * Take one attempt under every (limit, key), in the order given, all or nothing (`takeInOrder`):
 * when one is refused, the others are given back and a 429 is thrown, with that limit's `message`
 * (the default text otherwise).
 */
export async function reserveAll(checks: Array<[AttemptLimiter, string, RefusalMessage?]>): Promise<Taken> {
  const store = checks[0]?.[0].store;
  const { keys, refused } = await takeInOrder(checks.map(([l, k]) => [l, k]));
  if (refused) {
    const message = checks[refused.index]?.[2];
    throw new RateLimitedError(
      refused.retryAfterMs,
      typeof message === 'function' ? message(refused.retryAfterMs) : message,
    );
  }
  return { refund: () => store?.give(keys) ?? Promise.resolve() };
}

/**
 * The requester a limit counts: the IPv4 address, or the /64 network of an IPv6 address (one
 * subscriber usually holds a whole /64, so counting single IPv6 addresses would count nothing).
 */
export function requesterOf(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped?.[1]) return mapped[1];
  if (!ip.includes(':')) return ip;
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::')
    ? [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Every guess and send limit, in one place (docs/decisions/017 says why each is what it is). */
export function guessLimits(store: AttemptStore) {
  const limit = (name: string, limit: number, windowMs: number) =>
    new AttemptLimiter(store, { name, limit, windowMs });
  return {
    /** Password login, per account and requester: a stranger elsewhere cannot lock the owner out. */
    loginAccount: limit('login-account', 10, 15 * MINUTE),
    /**
     * Password login, per account from everyone: guesses spread over many addresses are bounded too.
     * Above the most one requester can take in an hour (10 per 15 minutes), so one alone cannot reach
     * it; code login and recovery are not held back by it.
     */
    loginAccountAll: limit('login-account-all', 50, HOUR),
    /** Password login, per requester, over all accounts (password spraying). */
    loginRequester: limit('login-requester', 100, HOUR),
    /** Change password: wrong current passwords per user (a stolen session guessing it). */
    changePassword: limit('change-password', 10, 15 * MINUTE),
    /**
     * Wrong codes per purpose, address and requester: a tenth of the address's budget, so one
     * requester cannot use it all up and lock the owner out of code login or recovery.
     */
    codeTargetRequester: limit('code-target-requester', 10, HOUR),
    /** Wrong codes per purpose and address from everyone (each code also allows five attempts). */
    codeTarget: limit('code-target', 100, HOUR),
    /** Wrong codes per requester, over all addresses. */
    codeRequester: limit('code-requester', 300, HOUR),
    /** Code sends per purpose, address and requester: one a minute. */
    sendMinute: limit('send-minute', 1, MINUTE),
    /** Code sends per address and requester, all purposes. */
    sendTargetRequester: limit('send-target-requester', 5, HOUR),
    /** Code sends per address from everyone: bounds what lands in one inbox or phone. */
    sendTarget: limit('send-target', 20, HOUR),
    /** Code sends per requester, over all addresses (SMS cost). */
    sendRequester: limit('send-requester', 30, HOUR),
    /** Sign-ups per requester. */
    signupRequester: limit('signup-requester', 20, HOUR),
    /** Sign-ups on this server from everyone (SMS cost and argon2 time under a distributed flood). */
    signupAll: limit('signup-all', 1000, HOUR),
    /** Wrong share links per user and requester. */
    shareLink: limit('share-link', 30, HOUR),
  };
}

export type GuessLimits = ReturnType<typeof guessLimits>;
