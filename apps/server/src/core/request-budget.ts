import { RateLimitedError } from './rate-limiter.ts';

/**
 * How many requests one user may make: a token bucket per user, kept in this process's memory
 * (issue 22: rate limits on every authenticated route). A user starts with `burst` requests and earns
 * `perSecond` more each second, up to `burst`; an app's bursts (a dashboard's first load, a
 * screen's refetches) fit well inside, a script hammering the API gets 429s. In scaled mode the
 * instances share one budget per user in Redis (shared-request-budget.ts, decision 050); this bucket
 * is then each instance's own share of it, and decides alone while Redis is away.
 */
export interface RequestBudgetRule {
  perSecond: number;
  burst: number;
}

interface Bucket {
  tokens: number;
  at: number;
}

/** Buckets are dropped once full again (idle users cost nothing); this bounds a sweep's work. */
const SWEEP_EVERY = 1000;

export class RequestBudget {
  private readonly buckets = new Map<string, Bucket>();
  private calls = 0;

  constructor(
    readonly rule: RequestBudgetRule,
    private readonly now: () => number = Date.now,
  ) {}

  /** Take one request for `key`: 0 when allowed, else the milliseconds until one is earned. */
  take(key: string): number {
    const now = this.now();
    if (++this.calls % SWEEP_EVERY === 0) this.sweep(now);
    const b = this.buckets.get(key) ?? { tokens: this.rule.burst, at: now };
    b.tokens = Math.min(this.rule.burst, b.tokens + ((now - b.at) / 1000) * this.rule.perSecond);
    b.at = now;
    this.buckets.set(key, b);
    if (b.tokens >= 1) {
      b.tokens -= 1;
      return 0;
    }
    return Math.ceil(((1 - b.tokens) / this.rule.perSecond) * 1000);
  }

  /** As `take`; a shared budget may answer later (it waits for Redis past its lease). */
  takeOrWait(key: string): number | Promise<number> {
    return this.take(key);
  }

  private sweep(now: number): void {
    for (const [key, b] of this.buckets) {
      if (b.tokens + ((now - b.at) / 1000) * this.rule.perSecond >= this.rule.burst) this.buckets.delete(key);
    }
  }

  /** Users with a bucket now (tests). */
  get size(): number {
    return this.buckets.size;
  }
}

/** Each server's budget, when it has one (plugins/api.ts sets it; the route layer spends it). */
const budgets = new WeakMap<object, RequestBudget>();

export function useRequestBudget(server: object, budget: RequestBudget): void {
  budgets.set(server, budget);
}

/**
 * Spend one of the user's requests on `server`; a 429 (Retry-After) when none is left. A shared budget
 * (scaled mode) may make the request wait for Redis (a promise, only past the instance's lease);
 * otherwise it is decided at once, with nothing returned.
 */
export function spendRequestOrWait(server: object, userId: string): Promise<void> | undefined {
  const wait = budgets.get(server)?.takeOrWait(userId) ?? 0;
  if (typeof wait === 'number') {
    if (wait > 0) throw new RateLimitedError(wait);
    return undefined;
  }
  return wait.then((ms) => {
    if (ms > 0) throw new RateLimitedError(ms);
  });
}
