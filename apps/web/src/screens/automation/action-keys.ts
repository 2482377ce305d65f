import type { KeyDef, ModelProfile } from '@hestia/catalog';

/** A write-only key with one value: a button the device acts on (open, close, stop a curtain). */
export const isRequestKey = (def: KeyDef | undefined): boolean =>
  def !== undefined && def.access === 'w' && def.kind === 'enum' && def.values?.length === 1;

/**
 * The value a new action starts with, so it is valid as shown: a request's one value, a number key's
 * catalogue starting state when it has one, else the middle of its range on its step (a curtain's
 * target position starts at 50 %). Others (on/off, choices, text) start unset.
 */
export function defaultActionValue(def: KeyDef | undefined): number | null {
  if (!def) return null;
  if (def.kind === 'enum' && def.values?.length === 1) return def.values[0] ?? null;
  if (def.kind !== 'number') return null;
  const min = def.min ?? 0;
  const max = def.max ?? Math.max(min, 100);
  const initial = def.sim?.type === 'state' && typeof def.sim.initial === 'number' ? def.sim.initial : null;
  if (initial !== null && initial >= min && initial <= max) return initial;
  const step = def.step ?? 1;
  const mid = min + Math.round((max - min) / 2 / step) * step;
  return Math.min(max, Math.max(min, Number(mid.toFixed(6))));
}

/** Curtain families whose keys are numbered per curtain (`open_request_1` … `open_request_3`). */
const PER_CURTAIN = /^(open_request|close_request|pause_request)_1$/;

/**
 * The unnumbered name of a key on a model that has one of it, or undefined: the catalogue gives a
 * single curtain the same `open_request_1` as the first of three, and "Open curtain 1" on a one-curtain
 * device reads as if there were more. Returns the `singleParams` message id (`open_request`).
 */
export function singleKeyName(profile: ModelProfile | undefined, key: string): string | undefined {
  const match = PER_CURTAIN.exec(key);
  if (!profile || !match?.[1]) return undefined;
  const family = match[1];
  const second = profile.keys.some((k) => k.key === `${family}_2`);
  return second ? undefined : family;
}
