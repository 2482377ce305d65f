import { ComparisonType } from '@hestia/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareValues, comparisonsOverlap, describeComparison, numericValue } from './compare.ts';

const { Equal, Smaller, Bigger, SmallerEqual, BiggerEqual, NotEqual } = ComparisonType;

describe('compareValues', () => {
  it.each([
    [120, Bigger, 100, true],
    [100, Bigger, 100, false],
    [100, BiggerEqual, 100, true],
    [99.5, Smaller, 100, true],
    [100, SmallerEqual, 100, true],
    [101, SmallerEqual, 100, false],
    [0.1 + 0.2, Equal, 0.3, true],
    [5, NotEqual, 5, false],
    ['23.5', Bigger, 20, true],
    [true, Equal, 1, true],
    ['on', Equal, true, true],
    ['false', Equal, 0, true],
    [' Heat ', Equal, 'heat', true],
    ['heat', NotEqual, 'cool', true],
    ['heat', Bigger, 'cool', null],
    [null, Equal, 1, null],
    [undefined, NotEqual, 1, null],
    [1, Equal, null, null],
  ] as const)('%j %i %j → %j', (observed, comparison, expected, verdict) => {
    expect(compareValues(observed, comparison, expected)).toBe(verdict);
  });

  it('agrees with plain number comparison on integers', () => {
    fc.assert(
      fc.property(fc.integer(), fc.integer(), (a, b) => {
        expect(compareValues(a, Smaller, b)).toBe(a < b);
        expect(compareValues(a, BiggerEqual, b)).toBe(a >= b);
        expect(compareValues(a, Equal, b)).toBe(a === b);
        expect(compareValues(String(a), NotEqual, b)).toBe(a !== b);
      }),
    );
  });

  it('reads numbers out of booleans and text', () => {
    expect([
      numericValue(false),
      numericValue('OFF'),
      numericValue(' 7 '),
      numericValue('x'),
      numericValue(''),
    ]).toEqual([0, 0, 7, null, null]);
  });

  it('describes comparisons in words', () => {
    expect(describeComparison(Bigger, 100)).toBe('bigger than 100');
    expect(describeComparison(NotEqual, 'heat')).toBe('not equal to "heat"');
  });
});

describe('comparisonsOverlap', () => {
  it.each([
    [Bigger, 100, Bigger, 50, true],
    [Bigger, 100, Smaller, 50, false],
    [BiggerEqual, 50, SmallerEqual, 50, true],
    [Bigger, 50, Smaller, 50, false],
    [Equal, 1, NotEqual, 1, false],
    [NotEqual, 1, NotEqual, 2, true],
    [Equal, 'heat', Equal, 'cool', false],
    [NotEqual, 'heat', Equal, 'cool', true],
  ] as const)('%i %j with %i %j → %j', (c1, v1, c2, v2, expected) => {
    expect(comparisonsOverlap({ comparison: c1, value: v1 }, { comparison: c2, value: v2 })).toBe(expected);
  });

  it('finds an overlap exactly when some integer or half-integer satisfies both', () => {
    const comparison = fc.constantFrom(Equal, Smaller, Bigger, SmallerEqual, BiggerEqual, NotEqual);
    const value = fc.integer({ min: -5, max: 5 });
    fc.assert(
      fc.property(comparison, value, comparison, value, (c1, v1, c2, v2) => {
        let brute = false;
        for (let x = -8; x <= 8; x += 0.5) {
          if (compareValues(x, c1, v1) && compareValues(x, c2, v2)) brute = true;
        }
        expect(comparisonsOverlap({ comparison: c1, value: v1 }, { comparison: c2, value: v2 })).toBe(brute);
      }),
    );
  });
});
