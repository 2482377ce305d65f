/**
 * The spec's Modbus-style command variant (`{method: 'modbus', params: {function, len, address, data,
 * data_mask}}`, section 3): read, write and bit commands on a model's registers (telemetry.ts).
 * The builders make them; `checkModbus` is what the server's RPC route and the simulated device
 * accept (docs/decisions/038), and `applyModbus` is how a simulated device carries one out.
 */
import { CatalogError } from './catalog-error.ts';
import { DataType, decode, encode, intRangeOf } from './codec.ts';
import { buildWrite, type WritePair } from './command.ts';
import { keyOf } from './profiles.ts';
import type { SimDevice } from './simulate.ts';
import { type Register, registerMap, STRING_LENGTH } from './telemetry.ts';
import type { KeyDef, ModelProfile } from './types.ts';

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

/**
 * The app writes text keys (names a device keeps, such as a curtain's) as the spec's string write:
 * one Modbus Write of length 71 per key. `pairs` that are all writable text keys of the model give
 * those commands, in order; anything else (a number, an unknown key) gives null, for a `write`.
 */
export function modbusTextWrites(profile: ModelProfile, pairs: readonly WritePair[]): ModbusCommand[] | null {
  if (pairs.length === 0) return null;
  const map = registerMap(profile);
  const isText = (key: string) => {
    const def = keyOf(profile, key);
    return def?.kind === 'string' && def.access !== 'r' && map.some((r) => r.key === key);
  };
  if (!pairs.every((p) => isText(p.Key) && typeof p.Value === 'string')) return null;
  return pairs.map((p) => modbusWrite(profile, p.Key, p.Value as string));
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

const FUNCTION_NAMES: Record<number, string> = { 3: 'Read', 6: 'Write', 7: 'OR', 8: 'AND', 9: 'MaskWrite' };

/** Words of a string register: the 71 characters and the zero that ends them, two to a word. */
const STRING_WORDS = Math.ceil((STRING_LENGTH + 1) / 2);

/** A Modbus command the model accepts: which key it reaches and, for a write, what it writes. */
export interface CheckedModbus {
  params: ModbusParams;
  key: string;
  register: Register;
  /**
   * For a write whose outcome is known (Write always; OR, AND and MaskWrite when the key's value is
   * known): the key and value it leaves, checked like a `write` command (range, options, step).
   */
  write?: WritePair[];
}

const hex = (n: number) => `0x${n.toString(16).padStart(4, '0')}`;

function isWord(n: unknown): n is number {
  return typeof n === 'number' && Number.isInteger(n) && n >= 0 && n <= 0xffff;
}

/** The register that starts at `address`, or a refusal naming where the map is. */
function registerAt(profile: ModelProfile, address: unknown): { def: KeyDef; reg: Register } {
  const map = registerMap(profile);
  const first = map[0];
  const last = map.at(-1);
  if (typeof address !== 'number' || !Number.isInteger(address))
    throw new CatalogError('address must be a whole register number');
  const within = map.find((r) => address >= r.address && address < r.address + r.words);
  if (!first || !last || !within) {
    const range = first && last ? `${first.address} to ${last.address + last.words - 1}` : 'none';
    throw new CatalogError(
      `Address ${address} is not in the register map of ${profile.id} (its registers are ${range})`,
    );
  }
  if (within.address !== address)
    throw new CatalogError(
      `Address ${address} is inside ${within.key}, which starts at register ${within.address}`,
    );
  const def = keyOf(profile, within.key) as KeyDef;
  return { def, reg: within };
}

/** The words a register holds for `value` (what a Read answers). */
export function registerWords(reg: Register, value: number | string | undefined): number[] {
  if (reg.dataType === DataType.String)
    return encode(DataType.String, String(value ?? '').padEnd(STRING_LENGTH + 1, '\0')).slice(
      0,
      STRING_WORDS,
    );
  const n = Number(value ?? 0);
  const range = intRangeOf(reg.dataType);
  if (!range) return encode(reg.dataType, Number.isFinite(n) ? n : 0);
  const whole = Number.isFinite(n) ? Math.round(n) : 0;
  return encode(reg.dataType, Math.min(range[1], Math.max(range[0], whole)));
}

/** What `fn` leaves in a one-word register holding `current`. */
function bitResult(fn: number, current: number, data: number, mask: number): number {
  if (fn === ModbusFunction.OR) return current | (data & mask);
  if (fn === ModbusFunction.AND) return current & (data | ~mask) & 0xffff;
  return (current & ~mask & 0xffff) | (data & mask);
}

/** The value a write leaves, as a key value: decoded from the words, then checked as a write. */
function written(profile: ModelProfile, def: KeyDef, reg: Register, words: number[]): WritePair[] {
  const value = decode(reg.dataType, words);
  return buildWrite(profile, [{ Key: def.key, Value: value }]);
}

/**
 * Check a Modbus command against the model's register map: a known function code; an address where
 * a key's registers start; `len` that key's words (a string write: the spec's length 71); `data` of
 * 16-bit words, as many as the register has (none for a Read); `data_mask` 0 for Read and Write, and
 * for OR, AND and MaskWrite a non-zero mask that covers every bit of `data`; no write to a read-only
 * key, no read of a write-only one. `current` (the key values the device last reported, or holds)
 * lets OR, AND and MaskWrite be checked on the value they leave. Throws a CatalogError saying what
 * is wrong in words a user can act on.
 */
export function checkModbus(
  profile: ModelProfile,
  params: unknown,
  current?: ReadonlyMap<string, number | string>,
): CheckedModbus {
  if (typeof params !== 'object' || params === null || Array.isArray(params))
    throw new CatalogError('A Modbus command needs params {function, len, address, data, data_mask}');
  const p = params as Record<string, unknown>;
  const fn = p.function;
  if (typeof fn !== 'number' || FUNCTION_NAMES[fn] === undefined)
    throw new CatalogError(
      `Unknown Modbus function ${String(fn)}: use Read 3, Write 6, OR 7, AND 8 or MaskWrite 9`,
    );
  const name = FUNCTION_NAMES[fn];
  const { def, reg } = registerAt(profile, p.address);
  const data = p.data ?? [];
  if (!Array.isArray(data) || !data.every(isWord))
    throw new CatalogError('data must be a list of 16-bit words (0 to 65535)');
  const mask = p.data_mask ?? 0;
  if (!isWord(mask)) throw new CatalogError('data_mask must be a 16-bit word (0 to 65535)');
  const len = p.len;
  if (typeof len !== 'number' || !Number.isInteger(len)) throw new CatalogError('len must be a whole number');
  const isString = reg.dataType === DataType.String;
  const checked = (): ModbusParams => ({
    function: fn as ModbusFunctionCode,
    len,
    address: reg.address,
    data: [...data],
    data_mask: mask,
  });

  if (fn === ModbusFunction.Read) {
    if (def.access === 'w') throw new CatalogError(`${def.key} is write-only: it cannot be read`);
    if (len !== reg.words)
      throw new CatalogError(
        `${def.key} is ${reg.words} register${reg.words === 1 ? '' : 's'}: read it with len ${reg.words}`,
      );
    if (data.length > 0 || mask !== 0) throw new CatalogError('A Read sends no data and a data_mask of 0');
    return { params: checked(), key: def.key, register: reg };
  }

  if (def.access === 'r') throw new CatalogError(`${def.key} is read-only`);
  if (fn === ModbusFunction.Write) {
    if (mask !== 0)
      throw new CatalogError('A Write sends a data_mask of 0 (masks are for OR, AND and MaskWrite)');
    if (isString) {
      if (len !== STRING_LENGTH)
        throw new CatalogError(
          `${def.key} is text: write it with len ${STRING_LENGTH} (its length in characters), not ${len}`,
        );
      if (data.length !== STRING_WORDS)
        throw new CatalogError(
          `${def.key} is text: send ${STRING_WORDS} words of data (${STRING_LENGTH} characters and the zero that ends them), not ${data.length}`,
        );
      const bytes = data.flatMap((w) => [w >> 8, w & 0xff]);
      if (!bytes.includes(0)) throw new CatalogError(`${def.key} is longer than ${STRING_LENGTH} characters`);
    } else {
      if (len !== reg.words)
        throw new CatalogError(
          `${def.key} is ${reg.words} register${reg.words === 1 ? '' : 's'}: write it with len ${reg.words}, not ${len}`,
        );
      if (data.length !== len) throw new CatalogError(`len is ${len} but data has ${data.length} words`);
    }
    return { params: checked(), key: def.key, register: reg, write: written(profile, def, reg, data) };
  }

  // OR, AND, MaskWrite: bits of one word under a mask.
  if (isString || reg.words !== 1)
    throw new CatalogError(
      `${name} changes bits of one word; ${def.key} is ${isString ? 'text' : `${reg.words} words`}`,
    );
  if (len !== 1) throw new CatalogError(`${name} changes one register: len must be 1, not ${len}`);
  if (data.length !== 1) throw new CatalogError(`${name} sends one word of data, not ${data.length}`);
  const word = data[0] as number;
  if (mask === 0)
    throw new CatalogError(`${name} needs a data_mask naming the bits to change; 0 changes none`);
  if ((word & ~mask & 0xffff) !== 0)
    throw new CatalogError(`data ${hex(word)} has bits outside data_mask ${hex(mask)}`);
  const known = current?.get(def.key);
  const out: CheckedModbus = { params: checked(), key: def.key, register: reg };
  if (known === undefined) return out;
  const before = registerWords(reg, known)[0] ?? 0;
  return { ...out, write: written(profile, def, reg, [bitResult(fn, before, word, mask)]) };
}

/**
 * A simulated device carrying out a Modbus command: checked as the server checks it, on the values
 * it holds; a Read answers the register's words, a write changes the key through the device's own
 * write (its rules hold) and returns what changed for it to report.
 */
export function applyModbus(
  sim: Pick<SimDevice, 'profile' | 'values' | 'write'>,
  params: unknown,
): { reply: Record<string, unknown>; changes: Record<string, number | string> } {
  const checked = checkModbus(sim.profile, params, sim.values);
  if (checked.params.function === ModbusFunction.Read)
    return {
      reply: { result: 'OK', data: registerWords(checked.register, sim.values.get(checked.key)) },
      changes: {},
    };
  // A bit command on a key the device holds no value for starts from 0, as its register would.
  const pairs = checked.write ?? checkModbus(sim.profile, params, new Map([[checked.key, 0]])).write ?? [];
  return { reply: { result: 'OK' }, changes: sim.write(pairs) };
}
