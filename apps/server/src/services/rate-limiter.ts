import type { Clock } from './clock.ts';

/**
 * Counts failures per key in a fixed window. A key at its limit is refused until its window ends,
 * so a stranger can hold an account closed for one window at most, and only from their own address
 * when keys combine account and address.
 */
export class FailureLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly clock: Clock,
  ) {}

  /** Milliseconds until `key` may try again, or 0 when it may now. */
  retryAfter(key: string): number {
    const w = this.windows.get(key);
    if (!w) return 0;
    const now = this.clock.now();
    if (now >= w.resetAt) {
      this.windows.delete(key);
      return 0;
    }
    return w.count >= this.limit ? w.resetAt - now : 0;
  }

  fail(key: string): void {
    const now = this.clock.now();
    const w = this.windows.get(key);
    if (!w || now >= w.resetAt) this.windows.set(key, { count: 1, resetAt: now + this.windowMs });
    else w.count += 1;
    if (this.windows.size > 100_000) this.sweep(now);
  }

  reset(key: string): void {
    this.windows.delete(key);
  }

  private sweep(now: number): void {
    for (const [k, w] of this.windows) if (now >= w.resetAt) this.windows.delete(k);
  }
}
