import { Redis } from 'ioredis';
import { RequestBudget, type RequestBudgetRule } from './request-budget.ts';

/**
 * Scaled mode's request budget (docs/decisions/050): one bucket per user for every instance, in
 * Redis, while each request is still decided in this process's memory.
 *
 * Each instance counts a user's requests locally and reports them to Redis in small batches; one
 * atomic script refills the user's bucket by the time passed (Redis's clock), takes the reported
 * requests and answers what is left. The instance decides from that answer, refilled by its own
 * clock since, less what it has taken and not yet had confirmed. A user's requests on one instance
 * are never more than `lease` ahead of Redis: past that a request waits for the report in flight
 * (one Redis round trip), so over all instances a user can get at most `lease` × instances more than
 * the budget, and what they got beyond it is owed (the bucket goes below zero) and paid back by
 * waiting. The instance's own bucket (the embedded one) is spent as well, and decides alone while
 * Redis is away: requests keep working, limited per instance (the health check shows the bus down).
 */

interface Share {
  /** The user's tokens in Redis at the last answer, and when (this process's clock). */
  seen: number;
  seenAt: number;
  /** Requests taken here and not reported yet, and those in the report in flight. */
  unreported: number;
  inflight: number;
  /** The report in flight. */
  report?: Promise<void>;
}

/** Redis: the bucket of KEYS[1] (ARGV[1] a second, ARGV[2] at most), refilled, ARGV[3] tokens taken (may go below zero), what is left. */
export const SPEND_SCRIPT = `
local rate = tonumber(ARGV[1])
local burst = tonumber(ARGV[2])
local spent = tonumber(ARGV[3])
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local b = redis.call('HMGET', KEYS[1], 'tokens', 'at')
local tokens = tonumber(b[1])
local at = tonumber(b[2])
if tokens == nil or at == nil then
  tokens = burst
else
  tokens = math.min(burst, tokens + math.max(0, now - at) * rate / 1000)
end
tokens = math.max(-burst, tokens - spent)
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'at', tostring(now))
redis.call('PEXPIRE', KEYS[1], math.ceil((burst - tokens) * 1000 / rate) + 1000)
return tostring(tokens)
`;

type BudgetRedis = Redis & {
  hestiaSpend(key: string, rate: number, burst: number, spent: number): Promise<string>;
};

const KEY_PREFIX = 'hestia:request-budget:';
/** Small reports are sent at least this often. */
const REPORT_EVERY_MS = 50;
/** Users whose bucket is full again are forgotten this often. */
const SWEEP_EVERY_MS = 5000;
/** A request waiting for a report gives up after this and is decided by this instance alone. */
const WAIT_AT_MOST_MS = 250;

/** Requests one instance may be ahead of Redis for one user: 1 for small bursts, 25 at most. */
export function leaseOf(rule: RequestBudgetRule): number {
  return Math.max(1, Math.min(25, Math.floor(rule.burst / 25)));
}

export class SharedRequestBudget extends RequestBudget {
  private readonly shares = new Map<string, Share>();
  /** Users with requests not reported yet. */
  private readonly unsent = new Set<string>();
  private lastSweep = 0;
  private readonly timer: NodeJS.Timeout;
  readonly lease: number;

  constructor(
    rule: RequestBudgetRule,
    private readonly redis: BudgetRedis,
    private readonly onError: (err: Error) => void,
    private readonly clock: () => number = Date.now,
  ) {
    super(rule, clock);
    this.lease = leaseOf(rule);
    this.timer = setInterval(() => this.reportAll(), REPORT_EVERY_MS);
    this.timer.unref();
  }

  /** Whether Redis decides with this instance now (else this instance's bucket alone). */
  get shared(): boolean {
    return this.redis.status === 'ready';
  }

  /**
   * Take one request for `key` now: 0 when allowed, else the milliseconds until one is earned.
   * Never waits; a caller that can wait uses `takeOrWait`, which keeps the lease bound.
   */
  override take(key: string): number {
    if (!this.shared) return super.take(key);
    const now = this.clock();
    const share = this.shares.get(key) ?? { seen: this.rule.burst, seenAt: now, unreported: 0, inflight: 0 };
    const left = this.estimate(share, now);
    if (left < 1) {
      this.shares.set(key, share);
      return Math.ceil(((1 - left) / this.rule.perSecond) * 1000);
    }
    const wait = super.take(key);
    if (wait > 0) return wait;
    share.unreported += 1;
    this.shares.set(key, share);
    this.unsent.add(key);
    if (share.unreported >= this.lease && !share.report) this.report(key, share);
    return 0;
  }

  /** As `take`, but a request past the lease waits for the report in flight (one round trip). */
  override takeOrWait(key: string): number | Promise<number> {
    const share = this.shares.get(key);
    if (!this.shared || !share || share.unreported + share.inflight < this.lease) return this.take(key);
    if (!share.report) this.report(key, share);
    const report = share.report;
    if (!report) return this.take(key);
    let timer: NodeJS.Timeout | undefined;
    const giveUp = new Promise<'late'>((resolve) => {
      timer = setTimeout(() => resolve('late'), WAIT_AT_MOST_MS);
    });
    return Promise.race([report.then(() => 'done' as const), giveUp]).then((how) => {
      clearTimeout(timer);
      // Redis too slow to answer: this instance decides alone, as when Redis is away.
      return how === 'late' ? super.take(key) : this.takeOrWait(key);
    });
  }

  /** The user's tokens as this instance knows them now. */
  private estimate(share: Share, now: number): number {
    const refilled = share.seen + ((now - share.seenAt) / 1000) * this.rule.perSecond;
    return Math.min(this.rule.burst, refilled) - share.unreported - share.inflight;
  }

  private report(key: string, share: Share): void {
    const spent = share.unreported;
    share.unreported = 0;
    this.unsent.delete(key);
    share.inflight = spent;
    share.report = this.redis
      .hestiaSpend(`${KEY_PREFIX}${key}`, this.rule.perSecond, this.rule.burst, spent)
      .then(
        (left) => {
          share.seen = Number(left);
          share.seenAt = this.clock();
        },
        (err: Error) => {
          // Redis away: what was taken is not counted there (fail open), the local bucket decides.
          share.seen = this.rule.burst;
          share.seenAt = this.clock();
          this.onError(err);
        },
      )
      .finally(() => {
        share.inflight = 0;
        share.report = undefined;
        if (share.unreported >= this.lease && this.shared) this.report(key, share);
      });
  }

  /** Sends what is left to report; now and then forgets users whose bucket is full again here. */
  private reportAll(): void {
    if (this.shared)
      for (const key of this.unsent) {
        const share = this.shares.get(key);
        if (!share) this.unsent.delete(key);
        else if (!share.report && share.unreported > 0) this.report(key, share);
      }
    const now = this.clock();
    if (now - this.lastSweep < SWEEP_EVERY_MS) return;
    this.lastSweep = now;
    for (const [key, share] of this.shares)
      if (!share.report && share.unreported === 0 && this.estimate(share, now) >= this.rule.burst)
        this.shares.delete(key);
  }

  /** Users this instance is following in Redis (tests). */
  get sharedSize(): number {
    return this.shares.size;
  }

  /** Reports what is left and closes the connection. */
  async close(): Promise<void> {
    clearInterval(this.timer);
    this.reportAll();
    await Promise.all([...this.shares.values()].map((s) => s.report));
    this.redis.disconnect();
  }
}

/**
 * A shared budget on Redis at `url`, with a connection of its own: commands fail at once while it
 * is down (no queue), and ioredis reconnects on its own.
 */
export function sharedRequestBudget(
  url: string,
  rule: RequestBudgetRule,
  onError: (err: Error) => void,
): SharedRequestBudget {
  const redis = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
  redis.on('error', onError);
  redis.defineCommand('hestiaSpend', { numberOfKeys: 1, lua: SPEND_SCRIPT });
  return new SharedRequestBudget(rule, redis as BudgetRedis, onError);
}
