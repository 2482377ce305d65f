/**
 * The spec's Modbus-style command variant (`{method: 'modbus', params: {function, len, address, data,
 * data_mask}}`, section 3): read, write and bit commands on a model's registers (telemetry.ts).
 * Nothing sends these yet; it is kept, with its tests, for issue 25, which wires it into the command
 * route as the Modbus command variant. Delete it if that issue drops the variant.
 */
import { CatalogError } from './catalog-error.ts';
import { DataType, encode } from './codec.ts';
import { keyOf } from './profiles.ts';
import { registerMap, STRING_LENGTH } from './telemetry.ts';
import type { ModelProfile } from './types.ts';

/** Modbus-style function codes (spec section 3). */
export const ModbusFunction = { Read: 3, Write: 6, OR: 7, AND: 8, MaskWrite: 9 } as const;
export type ModbusFunctionCode = (typeof ModbusFunction)[keyof typeof ModbusFunction];

/** Timeouts of the two builders (spec section 9): quick register commands and slow ones. */
export const MODBUS_TIMEOUT_MS = { quick: 500, slow: 2000 } as const;

export interface ModbusParams {
  function: ModbusFunctionCode;
  len: number;
  address: number;
  data: number[];
  data_mask: number;
}

export interface ModbusCommand {
  method: 'modbus';
  params: ModbusParams;
  persistent: false;
  timeout: number;
}

function registerOf(profile: ModelProfile, key: string) {
  const def = keyOf(profile, key);
  if (!def) throw new CatalogError(`Unknown key ${key} for ${profile.deviceType}`);
  const reg = registerMap(profile).find((r) => r.key === key);
  if (!reg) throw new CatalogError(`No register for ${key}`);
  return { def, reg };
}

function command(params: ModbusParams, slow: boolean): ModbusCommand {
  return {
    method: 'modbus',
    params,
    persistent: false,
    timeout: slow ? MODBUS_TIMEOUT_MS.slow : MODBUS_TIMEOUT_MS.quick,
  };
}

/** Read a key's registers (function 3). */
export function modbusRead(profile: ModelProfile, key: string, slow = false): ModbusCommand {
  const { reg } = registerOf(profile, key);
  return command(
    { function: ModbusFunction.Read, len: reg.words, address: reg.address, data: [], data_mask: 0 },
    slow,
  );
}

/**
 * Write one key (function 6). Strings are written with length 71, zero padded; longer text is
 * refused. Numbers are checked against the key's range and encoded by its data type.
 */
export function modbusWrite(
  profile: ModelProfile,
  key: string,
  value: number | string,
  slow = false,
): ModbusCommand {
  const { def, reg } = registerOf(profile, key);
  if (def.access === 'r') throw new CatalogError(`${key} is read-only`);
  if (reg.dataType === DataType.String) {
    const text = String(value);
    if ([...text].length > STRING_LENGTH)
      throw new CatalogError(`${key} is longer than ${STRING_LENGTH} characters`);
    const data = encode(DataType.String, text.padEnd(STRING_LENGTH + 1, '\0'));
    return command(
      { function: ModbusFunction.Write, len: STRING_LENGTH, address: reg.address, data, data_mask: 0 },
      slow,
    );
  }
  const n = Number(value);
  if (def.min !== undefined && n < def.min) throw new CatalogError(`${key} must be at least ${def.min}`);
  if (def.max !== undefined && n > def.max) throw new CatalogError(`${key} must be at most ${def.max}`);
  const data = encode(reg.dataType, n);
  return command(
    { function: ModbusFunction.Write, len: data.length, address: reg.address, data, data_mask: 0 },
    slow,
  );
}

/** Set (OR 7), clear (AND 8) or replace under a mask (MaskWrite 9) bits of a word key. */
export function modbusBits(
  profile: ModelProfile,
  key: string,
  fn: 7 | 8 | 9,
  data: number,
  mask: number,
  slow = false,
): ModbusCommand {
  const { def, reg } = registerOf(profile, key);
  if (def.access === 'r') throw new CatalogError(`${key} is read-only`);
  if (reg.words !== 1) throw new CatalogError(`${key} is not a single word`);
  for (const w of [data, mask]) {
    if (!Number.isInteger(w) || w < 0 || w > 0xffff)
      throw new CatalogError(`${w} is not a 16-bit word`, 'out_of_range');
  }
  return command({ function: fn, len: 1, address: reg.address, data: [data], data_mask: mask }, slow);
}
