import { CatalogError } from './catalog-error.ts';
import { errorMessage } from './errors/index.ts';
import type { Condition, Limit, ModelProfile, Rule } from './types.ts';

export type Values = ReadonlyMap<string, number | string> | Readonly<Record<string, number | string>>;

function read(values: Values, key: string): number | string | undefined {
  return values instanceof Map ? values.get(key) : (values as Record<string, number | string>)[key];
}

const same = (a: number | string | undefined, b: number | string) =>
  a !== undefined && (a === b || (typeof b === 'number' && Number(a) === b));

/** Whether a condition holds on a device's values. A missing key fails every leaf test. */
export function holds(cond: Condition, values: Values): boolean {
  if ('all' in cond) return cond.all.every((c) => holds(c, values));
  if ('any' in cond) return cond.any.some((c) => holds(c, values));
  if ('not' in cond) return !holds(cond.not, values);
  const v = read(values, cond.key);
  if ('eq' in cond) return same(v, cond.eq);
  if ('ne' in cond) return v !== undefined && !same(v, cond.ne);
  if ('in' in cond) return cond.in.some((x) => same(v, x));
  if (v === undefined) return false;
  if ('below' in cond) {
    const other = read(values, cond.below);
    return other !== undefined && Number(v) < Number(other);
  }
  const n = Number(v);
  return (cond.min === undefined || n >= cond.min) && (cond.max === undefined || n <= cond.max);
}

/** Keys a condition reads, for checks that every rule refers to declared keys. */
export function conditionKeys(cond: Condition): string[] {
  if ('all' in cond) return cond.all.flatMap(conditionKeys);
  if ('any' in cond) return cond.any.flatMap(conditionKeys);
  if ('not' in cond) return conditionKeys(cond.not);
  return 'below' in cond ? [cond.key, cond.below] : [cond.key];
}

export interface Refusal {
  /** Error code of the catalogue. */
  code: string;
  /** The rule or limit that refused. */
  by: string;
}

function forbids(rule: Rule, key: string, value: number | string): boolean {
  return rule.forbid.some((f) => (typeof f === 'string' ? f === key : f.key === key && same(value, f.value)));
}

function limitValue(limit: Limit, values: Values): number | undefined {
  let sum = 0;
  for (const [i, key] of limit.keys.entries()) {
    const v = read(values, key);
    if (v === undefined) return undefined;
    sum += Number(v) * (limit.weights?.[i] ?? 1);
  }
  return sum;
}

/**
 * The one rule engine: what a device refuses for a write on its current values, or null.
 * Rules look at the state before the write (no temperature change while cooking); limits look at
 * the state the write would leave (oven time caps by set temperature), and only when the write
 * touches one of the limit's keys or the keys its condition reads.
 */
export function evaluate(
  profile: ModelProfile,
  current: Values,
  pairs: readonly { Key: string; Value: number | string | boolean }[],
): Refusal | null {
  for (const rule of profile.rules) {
    if (!holds(rule.when, current)) continue;
    for (const { Key, Value } of pairs) {
      if (forbids(rule, Key, typeof Value === 'boolean' ? Number(Value) : Value)) {
        return { code: rule.error, by: rule.id };
      }
    }
  }
  if (profile.limits.length === 0) return null;
  const next = new Map<string, number | string>(current instanceof Map ? current : Object.entries(current));
  for (const { Key, Value } of pairs) next.set(Key, typeof Value === 'boolean' ? Number(Value) : Value);
  const touched = new Set(pairs.map((p) => p.Key));
  for (const limit of profile.limits) {
    const reads = [...limit.keys, ...(limit.when ? conditionKeys(limit.when) : [])];
    if (!reads.some((k) => touched.has(k))) continue;
    if (limit.when && !holds(limit.when, next)) continue;
    const v = limitValue(limit, next);
    if (v === undefined) continue;
    if ((limit.max !== undefined && v > limit.max) || (limit.min !== undefined && v < limit.min)) {
      return { code: limit.error, by: limit.id };
    }
  }
  return null;
}

/** Like `evaluate`, but throws the refusal as a CatalogError carrying the catalogue's code. */
export function enforce(
  profile: ModelProfile,
  current: Values,
  pairs: readonly { Key: string; Value: number | string | boolean }[],
): void {
  const refusal = evaluate(profile, current, pairs);
  if (refusal) throw new CatalogError(errorMessage(refusal.code, 'en'), refusal.code);
}
