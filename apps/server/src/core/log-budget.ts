/**
 * Error logs rate-limited per kind (issue 22): a fault that repeats on every request (a broken
 * disk, a bad migration) would otherwise write the same error thousands of times a minute, drowning
 * the rest and filling the disk. Each kind of error is logged at most `perWindow` times a window;
 * the first line logged in a later window says how many of that kind were left out meanwhile.
 */
export interface LogVerdict {
  log: boolean;
  /** Errors of this kind not logged since the last line that was (only on a line that is logged). */
  suppressed: number;
}

interface Window {
  start: number;
  logged: number;
  suppressed: number;
}

/** Kinds kept at most; beyond that, new kinds share one window (a flood of ever-new messages). */
const MAX_KINDS = 500;

export class LogBudget {
  private readonly windows = new Map<string, Window>();

  constructor(
    private readonly rule: { perWindow: number; windowMs: number },
    private readonly now: () => number = Date.now,
  ) {}

  take(kind: string): LogVerdict {
    const key = this.windows.has(kind) || this.windows.size < MAX_KINDS ? kind : '(other kinds)';
    const now = this.now();
    let w = this.windows.get(key);
    let carried = 0;
    if (!w || now - w.start >= this.rule.windowMs) {
      carried = w?.suppressed ?? 0;
      w = { start: now, logged: 0, suppressed: 0 };
      this.windows.set(key, w);
    }
    if (w.logged < this.rule.perWindow) {
      w.logged++;
      return { log: true, suppressed: carried };
    }
    w.suppressed++;
    return { log: false, suppressed: 0 };
  }
}

/** The kind of an error for the budget: its type, code and the start of its message. */
export function errorKind(err: unknown): string {
  const e = err as { name?: unknown; code?: unknown; message?: unknown } | null;
  return `${String(e?.name ?? typeof err)}:${String(e?.code ?? '')}:${String(e?.message ?? '').slice(0, 80)}`;
}
