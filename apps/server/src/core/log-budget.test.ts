import { describe, expect, it } from 'vitest';
import { errorKind, LogBudget } from './log-budget.ts';

describe('error log budget', () => {
  it('logs a kind at most n times a window, then says how many it left out', () => {
    let now = 0;
    const budget = new LogBudget({ perWindow: 3, windowMs: 60_000 }, () => now);
    const verdicts = Array.from({ length: 10 }, () => budget.take('disk'));
    expect(verdicts.filter((v) => v.log)).toHaveLength(3);
    expect(budget.take('other').log).toBe(true);
    now += 60_000;
    expect(budget.take('disk')).toEqual({ log: true, suppressed: 7 });
    expect(budget.take('disk')).toEqual({ log: true, suppressed: 0 });
  });

  it('keeps a bounded number of kinds', () => {
    const budget = new LogBudget({ perWindow: 1, windowMs: 60_000 }, () => 0);
    for (let i = 0; i < 500; i++) expect(budget.take(`kind ${i}`).log).toBe(true);
    expect(budget.take('one more').log).toBe(true);
    expect(budget.take('and another').log).toBe(false);
  });

  it('tells kinds apart by type, code and message', () => {
    const a = Object.assign(new Error('disk full'), { code: 'ENOSPC' });
    const b = Object.assign(new Error('disk full'), { code: 'EIO' });
    expect(errorKind(a)).not.toBe(errorKind(b));
    expect(errorKind(new TypeError('x'))).toBe('TypeError::x');
  });
});
