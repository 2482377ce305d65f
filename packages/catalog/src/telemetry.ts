import { DataType, wordCount } from './codec.ts';
import type { DataTypeId, KeyDef, ModelProfile } from './types.ts';

/** Interpreter maps address the device's data array from 100 (spec section 9). */
export const DATA_ARRAY_OFFSET = 100;

/** Longest text a device stores for a string key (names, SSIDs); one more byte ends it. */
export const STRING_LENGTH = 71;

/** The wire type of a key: declared, or derived from its kind and range. */
export function dataTypeOf(def: KeyDef): DataTypeId {
  if (def.dataType !== undefined) return def.dataType;
  if (def.kind === 'boolean') return DataType.Boolean;
  if (def.kind === 'string') return DataType.String;
  const nums = def.kind === 'enum' ? [...(def.values ?? [])] : [def.min ?? 0, def.max ?? 0];
  const fractional = nums.some((n) => !Number.isInteger(n)) || (def.step !== undefined && def.step % 1 !== 0);
  if (fractional) return DataType.Float;
  const lo = Math.min(...nums);
  const hi = Math.max(...nums);
  if (lo >= 0 && hi <= 255 && def.kind === 'enum') return DataType.UChar8;
  if (lo >= 0 && hi <= 65535) return DataType.UInt16;
  if (lo >= -32768 && hi <= 32767) return DataType.Int16;
  return DataType.CInt;
}

export interface Register {
  key: string;
  /** Index in the device's data array, counted from DATA_ARRAY_OFFSET. */
  address: number;
  words: number;
  dataType: DataTypeId;
}

/** Where each key lives in the device's data array: keys in declaration order, packed. */
export function registerMap(profile: ModelProfile): Register[] {
  let address = DATA_ARRAY_OFFSET;
  return profile.keys.map((def) => {
    const dataType = dataTypeOf(def);
    const words = wordCount(dataType, STRING_LENGTH + 1);
    const reg = { key: def.key, address, words, dataType };
    address += words;
    return reg;
  });
}
