import { CatalogError } from './catalog-error.ts';
import { keyOf } from './profiles.ts';
import type { KeyDef, ModelProfile } from './types.ts';

export { CatalogError };

export interface WritePair {
  Key: string;
  Value: number | string | boolean;
}

function normalise(def: KeyDef, value: unknown): number | string {
  if (def.kind === 'boolean') {
    if (value === 1 || value === true || value === '1' || value === 'true') return 1;
    if (value === 0 || value === false || value === '0' || value === 'false') return 0;
    throw new CatalogError(`${def.key} must be 0 or 1`);
  }
  if (def.kind === 'string') {
    if (typeof value !== 'string') throw new CatalogError(`${def.key} must be text`);
    return value;
  }
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isFinite(n)) throw new CatalogError(`${def.key} must be a number`);
  if (def.kind === 'enum' && !def.values?.includes(n)) {
    throw new CatalogError(`${def.key} must be one of ${def.values?.join(', ')}`);
  }
  if (def.min !== undefined && n < def.min) throw new CatalogError(`${def.key} must be at least ${def.min}`);
  if (def.max !== undefined && n > def.max) throw new CatalogError(`${def.key} must be at most ${def.max}`);
  if (def.step !== undefined && Math.abs(n / def.step - Math.round(n / def.step)) > 1e-9) {
    throw new CatalogError(`${def.key} must be a multiple of ${def.step}`);
  }
  return n;
}

/**
 * Check a Key/Value write list against a profile and return it normalised (booleans as 0/1).
 * Rejects an empty list, unknown or read-only keys, bad values, and keys of different register groups.
 */
export function buildWrite(profile: ModelProfile, params: unknown): WritePair[] {
  if (!Array.isArray(params) || params.length === 0) throw new CatalogError('The write list is empty');
  const out: WritePair[] = [];
  let group: string | undefined;
  const seen = new Set<string>();
  for (const raw of params) {
    if (typeof raw !== 'object' || raw === null || !('Key' in raw) || !('Value' in raw)) {
      throw new CatalogError('Each write must be {Key, Value}');
    }
    const { Key, Value } = raw as { Key: unknown; Value: unknown };
    if (typeof Key !== 'string') throw new CatalogError('Key must be text');
    const def = keyOf(profile, Key);
    if (!def) throw new CatalogError(`Unknown key ${Key} for ${profile.deviceType}`);
    if (def.access === 'r') throw new CatalogError(`${Key} is read-only`);
    if (seen.has(Key)) throw new CatalogError(`${Key} appears twice`);
    seen.add(Key);
    const g = def.group ?? def.key;
    if (group !== undefined && g !== group)
      throw new CatalogError('Keys must belong to the same register group');
    group = g;
    out.push({ Key, Value: normalise(def, Value) });
  }
  return out;
}
