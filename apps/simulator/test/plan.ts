import {
  type Condition,
  evaluate,
  getError,
  holds,
  type KeyDef,
  keyOf,
  type ModelProfile,
  type WritePair,
} from '@hestia/catalog';

type State = Record<string, number | string>;

/** A value for `def` that differs from `current` and sits inside its declared range. */
export function otherValue(def: KeyDef, current: unknown): number | string {
  if (def.kind === 'boolean') return Number(current) === 1 ? 0 : 1;
  if (def.kind === 'string') return current === 'Hestia test' ? 'Hestia' : 'Hestia test';
  if (def.kind === 'enum') return def.values?.find((v) => v !== Number(current)) ?? def.values?.[0] ?? 1;
  const min = def.min ?? 0;
  const max = def.max ?? min + 1;
  const step = def.step ?? 1;
  const candidates = [min + step, min, max, Math.round((min + max) / 2 / step) * step];
  return candidates.find((v) => v >= min && v <= max && v !== Number(current)) ?? min;
}

const writable = (p: ModelProfile, key: string) => {
  const d = keyOf(p, key);
  return d && d.access !== 'r' ? d : undefined;
};

/** Writes that make `cond` false on `state`, or undefined when no writable key can. */
export function toFalse(p: ModelProfile, cond: Condition, state: State): WritePair[] | undefined {
  if (!holds(cond, state)) return [];
  if ('all' in cond) {
    for (const c of cond.all) {
      const w = toFalse(p, c, state);
      if (w) return w;
    }
    return undefined;
  }
  if ('any' in cond) {
    const out: WritePair[] = [];
    for (const c of cond.any) {
      const w = toFalse(p, c, state);
      if (!w) return undefined;
      out.push(...w);
    }
    return out;
  }
  if ('not' in cond || 'below' in cond) return undefined;
  const def = writable(p, cond.key);
  if (!def) return undefined;
  if ('eq' in cond) return [{ Key: cond.key, Value: otherValue(def, cond.eq) }];
  if ('ne' in cond) return [{ Key: cond.key, Value: cond.ne }];
  if ('in' in cond) {
    const v = def.values?.find((x) => !cond.in.includes(x));
    return v === undefined ? undefined : [{ Key: cond.key, Value: v }];
  }
  const outside = cond.min !== undefined && (def.min ?? 0) < cond.min ? (def.min ?? 0) : def.max;
  return outside === undefined ? undefined : [{ Key: cond.key, Value: outside }];
}

/** Writes that make `cond` true, or undefined when it depends on what the device alone reports. */
export function toTrue(p: ModelProfile, cond: Condition): WritePair[] | undefined {
  if ('all' in cond) {
    const out: WritePair[] = [];
    for (const c of cond.all) {
      const w = toTrue(p, c);
      if (!w) return undefined;
      out.push(...w);
    }
    return out;
  }
  if ('any' in cond) {
    for (const c of cond.any) {
      const w = toTrue(p, c);
      if (w) return w;
    }
    return undefined;
  }
  if ('not' in cond || 'below' in cond || 'ne' in cond) return undefined;
  if (!writable(p, cond.key)) return undefined;
  if ('eq' in cond) return [{ Key: cond.key, Value: cond.eq }];
  if ('in' in cond) return cond.in[0] === undefined ? undefined : [{ Key: cond.key, Value: cond.in[0] }];
  const v = cond.min ?? cond.max;
  return v === undefined ? undefined : [{ Key: cond.key, Value: v }];
}

/** Writes that lift the refusal of `pairs` on `state` (the rule's condition, or the limit's bound). */
export function unblock(p: ModelProfile, state: State, pairs: WritePair[]): WritePair[] | undefined {
  const refusal = evaluate(p, state, pairs);
  if (!refusal || !getError(refusal.code)) return undefined;
  const r = p.rules.find((x) => x.id === refusal.by);
  if (r) return toFalse(p, r.when, state);
  const l = p.limits.find((x) => x.id === refusal.by);
  if (!l) return undefined;
  const [first] = l.keys;
  if (!first) return undefined;
  if (l.min !== undefined) return [{ Key: first, Value: Math.ceil(l.min / (l.weights?.[0] ?? 1)) }];
  // Over a maximum: bring the limit's keys that the write does not set down to their minimum.
  const setting = new Set(pairs.map((x) => x.Key));
  return l.keys
    .filter((k) => !setting.has(k))
    .map((Key) => ({ Key, Value: keyOf(p, Key)?.min ?? 0 }))
    .filter((w) => Number(state[w.Key] ?? 0) !== w.Value);
}
