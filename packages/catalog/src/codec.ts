import { CatalogError } from './catalog-error.ts';
import type { DataTypeId } from './types.ts';

/** The nine data types of the spec (section 3), by number. */
export const DataType = {
  Char8: 0,
  UChar8: 1,
  Int16: 2,
  UInt16: 3,
  Boolean: 4,
  Double: 5,
  Float: 6,
  String: 7,
  CInt: 8,
} as const satisfies Record<string, DataTypeId>;

export type DataTypeName = keyof typeof DataType;

export const dataTypeNames: readonly DataTypeName[] = Object.keys(DataType) as DataTypeName[];

/** Integer bounds of the integer types; CInt is a 32-bit signed integer (chosen: the spec gives no width). */
const intRange: Partial<Record<DataTypeId, [number, number]>> = {
  0: [-128, 127],
  1: [0, 255],
  2: [-32768, 32767],
  3: [0, 65535],
  4: [0, 1],
  8: [-2147483648, 2147483647],
};

/** Words (16-bit registers) a fixed-size type occupies; strings take one word per two characters. */
const fixedWords: Partial<Record<DataTypeId, number>> = { 0: 1, 1: 1, 2: 1, 3: 1, 4: 1, 5: 4, 6: 2, 8: 2 };

export function isDataType(type: unknown): type is DataTypeId {
  return typeof type === 'number' && Number.isInteger(type) && type >= 0 && type <= 8;
}

function assertType(type: unknown): asserts type is DataTypeId {
  if (!isDataType(type)) throw new CatalogError(`Unknown data type ${String(type)}`, 'invalid_argument');
}

export function dataTypeName(type: number): DataTypeName {
  assertType(type);
  return dataTypeNames[type] as DataTypeName;
}

export function intRangeOf(type: DataTypeId): [number, number] | undefined {
  return intRange[type];
}

function toBytes(type: DataTypeId, value: number | string | boolean): number[] {
  if (type === DataType.String) {
    const text = String(value);
    const bytes: number[] = [];
    for (const ch of text) {
      const c = ch.codePointAt(0) ?? 0;
      // Strings travel 8 bits per character.
      if (c > 255) throw new CatalogError(`Character ${ch} does not fit in 8 bits`, 'invalid_argument');
      bytes.push(c);
    }
    if (bytes.length % 2 === 1) bytes.push(0);
    return bytes;
  }
  const n = typeof value === 'boolean' ? Number(value) : Number(value);
  if (!Number.isFinite(n)) throw new CatalogError(`${String(value)} is not a number`, 'invalid_argument');
  const view = new DataView(new ArrayBuffer(8));
  if (type === DataType.Double) {
    view.setFloat64(0, n);
    return [...new Uint8Array(view.buffer)];
  }
  if (type === DataType.Float) {
    view.setFloat32(0, n);
    return [...new Uint8Array(view.buffer, 0, 4)];
  }
  const range = intRange[type] as [number, number];
  if (!Number.isInteger(n)) throw new CatalogError(`${n} is not an integer`, 'invalid_argument');
  if (n < -2147483648 || n > 4294967295) {
    throw new CatalogError(`${n} needs more than 32 bits`, 'out_of_range');
  }
  if (n < range[0] || n > range[1]) {
    throw new CatalogError(
      `${n} is outside ${dataTypeName(type)} (${range[0]}..${range[1]})`,
      'out_of_range',
    );
  }
  const words = fixedWords[type] as number;
  if (words === 2) view.setInt32(0, n);
  else view.setUint16(0, n & 0xffff);
  return [...new Uint8Array(view.buffer, 0, words * 2)];
}

function fromBytes(type: DataTypeId, bytes: readonly number[]): number | string {
  if (type === DataType.String) {
    let out = '';
    for (const b of bytes) {
      if (b === 0) break;
      out += String.fromCharCode(b);
    }
    return out;
  }
  const need = (fixedWords[type] as number) * 2;
  if (bytes.length < need) {
    throw new CatalogError(
      `${dataTypeName(type)} needs ${need} bytes, got ${bytes.length}`,
      'invalid_argument',
    );
  }
  const view = new DataView(Uint8Array.from(bytes.slice(0, need)).buffer);
  switch (type) {
    case DataType.Double:
      return view.getFloat64(0);
    case DataType.Float:
      return view.getFloat32(0);
    case DataType.CInt:
      return view.getInt32(0);
    case DataType.Char8:
      return view.getInt8(1);
    case DataType.UChar8:
      return view.getUint8(1);
    case DataType.Int16:
      return view.getInt16(0);
    case DataType.Boolean:
      return view.getUint16(0) === 0 ? 0 : 1;
    default:
      return view.getUint16(0);
  }
}

/** A value as 16-bit words (register contents), high byte first. */
export function encode(type: number, value: number | string | boolean): number[] {
  assertType(type);
  const bytes = toBytes(type, value);
  const words: number[] = [];
  for (let i = 0; i < bytes.length; i += 2) words.push(((bytes[i] ?? 0) << 8) | (bytes[i + 1] ?? 0));
  return words;
}

/** The value held by 16-bit words. */
export function decode(type: number, words: readonly number[]): number | string {
  assertType(type);
  const bytes: number[] = [];
  for (const w of words) {
    if (!Number.isInteger(w) || w < 0 || w > 0xffff) {
      throw new CatalogError(`${w} is not a 16-bit word`, 'invalid_argument');
    }
    bytes.push(w >> 8, w & 0xff);
  }
  return fromBytes(type, bytes);
}

/** Words a value of `type` occupies (strings: per character pair). */
export function wordCount(type: DataTypeId, stringLength = 0): number {
  return type === DataType.String ? Math.ceil(stringLength / 2) : (fixedWords[type] as number);
}
