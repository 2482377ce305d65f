import type { TelemetryValue } from '@hestia/contract';
import { ComparisonType } from '@hestia/contract';

const WORDS: Record<string, number> = { true: 1, false: 0, on: 1, off: 0 };

/**
 * The number a live value stands for: numbers as they are, booleans and 'true'/'false'/'on'/'off'
 * as 1/0 (devices report switches either way), numeric text as its number; otherwise null.
 */
export function numericValue(value: TelemetryValue | null | undefined): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value !== 'string') return null;
  const text = value.trim().toLowerCase();
  if (text === '') return null;
  if (text in WORDS) return WORDS[text] ?? null;
  const n = Number(text);
  return Number.isFinite(n) ? n : null;
}

function nearlyEqual(a: number, b: number): boolean {
  // Whole numbers compare exactly; a relative tolerance would call 2000000000 and 2000000001 equal.
  if (Number.isInteger(a) && Number.isInteger(b)) return a === b;
  return Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));
}

/**
 * Whether `observed` compares to `expected` as asked. Both numeric (see `numericValue`): compared as
 * numbers, equality with a tiny tolerance for floats. Otherwise as trimmed, case-insensitive text,
 * where only Equal and NotEqual mean something. Null: no verdict (a value is missing, or an order
 * was asked of text).
 */
export function compareValues(
  observed: TelemetryValue | null | undefined,
  comparison: ComparisonType,
  expected: TelemetryValue | null | undefined,
): boolean | null {
  if (observed == null || expected == null) return null;
  const a = numericValue(observed);
  const b = numericValue(expected);
  if (a !== null && b !== null) {
    switch (comparison) {
      case ComparisonType.Equal:
        return nearlyEqual(a, b);
      case ComparisonType.NotEqual:
        return !nearlyEqual(a, b);
      case ComparisonType.Smaller:
        return a < b && !nearlyEqual(a, b);
      case ComparisonType.Bigger:
        return a > b && !nearlyEqual(a, b);
      case ComparisonType.SmallerEqual:
        return a < b || nearlyEqual(a, b);
      case ComparisonType.BiggerEqual:
        return a > b || nearlyEqual(a, b);
      default:
        return null;
    }
  }
  const same = String(observed).trim().toLowerCase() === String(expected).trim().toLowerCase();
  if (comparison === ComparisonType.Equal) return same;
  if (comparison === ComparisonType.NotEqual) return !same;
  return null;
}

const PHRASES: Record<ComparisonType, string> = {
  [ComparisonType.Equal]: 'equal to',
  [ComparisonType.Smaller]: 'smaller than',
  [ComparisonType.Bigger]: 'bigger than',
  [ComparisonType.SmallerEqual]: 'at most',
  [ComparisonType.BiggerEqual]: 'at least',
  [ComparisonType.NotEqual]: 'not equal to',
};

/** English words for a comparison, as in "bigger than 100". */
export function describeComparison(
  comparison: ComparisonType,
  expected: TelemetryValue | null | undefined,
): string {
  return `${PHRASES[comparison] ?? 'compared with'} ${formatValue(expected)}`;
}

export function formatValue(value: unknown): string {
  if (value === undefined || value === null) return 'nothing';
  return typeof value === 'string' ? `"${value}"` : String(value);
}

/**
 * Whether some single value could satisfy both comparisons. Exact for numbers: the sets are unions
 * of intervals whose ends are the two expected values, so testing those values, the point between
 * them and a point beyond each side is enough. For text, a value unlike both stands for "anything else".
 */
export function comparisonsOverlap(
  first: { comparison: ComparisonType; value: TelemetryValue | null | undefined },
  second: { comparison: ComparisonType; value: TelemetryValue | null | undefined },
): boolean {
  const probes: TelemetryValue[] = [];
  for (const v of [first.value, second.value]) if (v != null) probes.push(v);
  const numbers = probes.map(numericValue).filter((n): n is number => n !== null);
  if (numbers.length > 0) {
    const low = Math.min(...numbers);
    const high = Math.max(...numbers);
    probes.push(low - 1, high + 1, (low + high) / 2);
  }
  probes.push('\u0000another value');
  return probes.some(
    (probe) =>
      compareValues(probe, first.comparison, first.value) === true &&
      compareValues(probe, second.comparison, second.value) === true,
  );
}
