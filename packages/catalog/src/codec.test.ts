import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CatalogError } from './catalog-error.ts';
import { DataType, decode, encode, intRangeOf } from './codec.ts';
import type { DataTypeId } from './types.ts';

const intTypes = [DataType.Char8, DataType.UChar8, DataType.Int16, DataType.UInt16, DataType.CInt] as const;

describe('codec', () => {
  it('round-trips every integer type across its whole range, including the boundaries', () => {
    for (const type of intTypes) {
      const [lo, hi] = intRangeOf(type as DataTypeId) as [number, number];
      fc.assert(
        fc.property(fc.oneof(fc.integer({ min: lo, max: hi }), fc.constantFrom(lo, hi, 0)), (n) => {
          expect(decode(type, encode(type, n))).toBe(n);
        }),
      );
    }
  });

  it('refuses integers just outside each type', () => {
    for (const type of intTypes) {
      const [lo, hi] = intRangeOf(type as DataTypeId) as [number, number];
      expect(() => encode(type, lo - 1)).toThrow(CatalogError);
      expect(() => encode(type, hi + 1)).toThrow(CatalogError);
    }
  });

  it('round-trips doubles exactly and floats to single precision', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (x) => {
        expect(decode(DataType.Double, encode(DataType.Double, x))).toBe(x);
        expect(decode(DataType.Float, encode(DataType.Float, x))).toBe(Math.fround(x));
      }),
    );
  });

  it('packs strings 8 bits per character and reads them back', () => {
    fc.assert(
      fc.property(
        fc.string({
          unit: fc.integer({ min: 1, max: 255 }).map((c) => String.fromCharCode(c)),
          maxLength: 71,
        }),
        (s) => {
          const words = encode(DataType.String, s);
          expect(words.length).toBe(Math.ceil(s.length / 2));
          expect(decode(DataType.String, words)).toBe(s);
        },
      ),
    );
    expect(encode(DataType.String, 'AB')).toEqual([0x4142]);
    expect(() => encode(DataType.String, 'ש')).toThrow(/8 bits/);
  });

  it('encodes booleans as 0 and 1', () => {
    expect(encode(DataType.Boolean, true)).toEqual([1]);
    expect(decode(DataType.Boolean, [7])).toBe(1);
  });

  it('throws invalid_argument for an unknown data type', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.integer().filter((n) => n < 0 || n > 8),
          fc.double().filter((n) => !Number.isInteger(n)),
        ),
        (t) => {
          try {
            encode(t, 1);
            expect.unreachable();
          } catch (err) {
            expect(err).toBeInstanceOf(CatalogError);
            expect((err as CatalogError).code).toBe('invalid_argument');
          }
        },
      ),
    );
  });

  it('refuses integers beyond 32 bits', () => {
    expect(() => encode(DataType.CInt, 2 ** 32)).toThrow(CatalogError);
    fc.assert(
      fc.property(fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }), (n) => {
        expect(decode(DataType.CInt, encode(DataType.CInt, n))).toBe(n);
      }),
    );
    fc.assert(
      fc.property(
        fc.oneof(
          fc.integer({ min: 2 ** 32, max: 2 ** 40 }),
          fc.integer({ min: -(2 ** 40), max: -(2 ** 31) - 1 }),
        ),
        (n) => {
          expect(() => encode(DataType.CInt, n)).toThrow(CatalogError);
        },
      ),
    );
  });
});
