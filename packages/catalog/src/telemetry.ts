import { DataType, decode, wordCount } from './codec.ts';
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

function wordOf(value: unknown): number | undefined {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n >= 0 && n <= 0xffff ? n : undefined;
}

/**
 * Telemetry as the catalogue's keys. Numbered keys are words of the data array (offset 100),
 * `ADD_` keys are combined by the profile's map, named keys pass through.
 */
export function decodeTelemetry(
  profile: ModelProfile,
  raw: Readonly<Record<string, unknown>>,
): Record<string, number | string> {
  const out: Record<string, number | string> = {};
  const data = new Map<number, number>();
  for (const [key, value] of Object.entries(raw)) {
    if (/^\d+$/.test(key)) {
      const w = wordOf(value);
      if (w !== undefined) data.set(Number(key), w);
    } else if (!key.startsWith('ADD_') && (typeof value === 'number' || typeof value === 'string')) {
      out[key] = value;
    }
  }
  for (const reg of registerMap(profile)) {
    const words: number[] = [];
    for (let i = 0; i < reg.words; i++) {
      const w = data.get(reg.address + i);
      if (w === undefined) break;
      words.push(w);
    }
    if (words.length === reg.words) out[reg.key] = decode(reg.dataType, words);
  }
  for (const add of profile.addMap) {
    if (add.as === 'bit') {
      const w = wordOf(raw[add.word]);
      if (w !== undefined) out[add.key] = (w >> add.bit) & 1;
    } else {
      const words = add.words.map((k) => wordOf(raw[k]));
      if (words.every((w) => w !== undefined)) out[add.key] = decode(DataType.String, words as number[]);
    }
  }
  return out;
}
