import { describe, expect, it } from 'vitest';
import { RequestBudget } from './request-budget.ts';

describe('request budget', () => {
  it('allows a burst, then one request per earned token, per user', () => {
    let now = 0;
    const budget = new RequestBudget({ perSecond: 10, burst: 5 }, () => now);
    for (let i = 0; i < 5; i++) expect(budget.take('ann')).toBe(0);
    expect(budget.take('ann')).toBe(100);
    expect(budget.take('bob')).toBe(0);
    now += 100;
    expect(budget.take('ann')).toBe(0);
    expect(budget.take('ann')).toBeGreaterThan(0);
    now += 10_000;
    for (let i = 0; i < 5; i++) expect(budget.take('ann')).toBe(0);
    expect(budget.take('ann')).toBeGreaterThan(0);
  });

  it('forgets users whose bucket filled up again', () => {
    let now = 0;
    const budget = new RequestBudget({ perSecond: 10, burst: 5 }, () => now);
    for (let i = 0; i < 999; i++) budget.take(`user-${i}`);
    expect(budget.size).toBe(999);
    now += 1000;
    budget.take('last');
    expect(budget.size).toBe(1);
  });
});
