import { KASEIKYO_VENDORS, kaseikyoBytes, kaseikyoCode } from './kaseikyo.ts';

export { RAW_MAX_TIMINGS, rawProblem } from './raw.ts';

/**
 * Infrared protocols as their published descriptions give them: the carrier, the leader, the unit
 * and the bit layout. Timings are µs, alternating mark (carrier on) and space, starting and ending
 * with a mark; the gap after a frame is the sender's business (`frameUs` says how long a frame is).
 */
export const IR_PROTOCOLS = [
  'NEC',
  'NECext',
  'NECx',
  'Samsung32',
  'SIRC12',
  'SIRC15',
  'SIRC20',
  'RC5',
  'RC6',
  'Panasonic',
  'Denon-K',
  'JVC-48',
] as const;
export type IrProtocol = (typeof IR_PROTOCOLS)[number];

export interface IrCode {
  protocol: IrProtocol;
  address: number;
  command: number;
  /** RC5 and RC6 only: the toggle bit, flipped on each new press. */
  toggle?: 0 | 1;
}

export interface IrSignal {
  carrierHz: number;
  timings: number[];
}

export interface ProtocolFacts {
  carrierHz: number;
  /** The basic unit (NEC 562.5, SIRC 600, RC5 half-bit 889, RC6 444, Kaseikyo 432). */
  unitUs: number;
  /** Largest address and command the protocol carries. */
  maxAddress: number;
  maxCommand: number;
  /** Frame repetition period in ms, as published. */
  frameMs: number;
}

export const PROTOCOL_FACTS: Record<IrProtocol, ProtocolFacts> = {
  NEC: { carrierHz: 38_000, unitUs: 562.5, maxAddress: 0xff, maxCommand: 0xff, frameMs: 108 },
  NECext: { carrierHz: 38_000, unitUs: 562.5, maxAddress: 0xffff, maxCommand: 0xff, frameMs: 108 },
  NECx: { carrierHz: 38_000, unitUs: 562.5, maxAddress: 0xffff, maxCommand: 0xff, frameMs: 108 },
  Samsung32: { carrierHz: 38_000, unitUs: 560, maxAddress: 0xff, maxCommand: 0xff, frameMs: 108 },
  SIRC12: { carrierHz: 40_000, unitUs: 600, maxAddress: 0x1f, maxCommand: 0x7f, frameMs: 45 },
  SIRC15: { carrierHz: 40_000, unitUs: 600, maxAddress: 0xff, maxCommand: 0x7f, frameMs: 45 },
  SIRC20: { carrierHz: 40_000, unitUs: 600, maxAddress: 0x1fff, maxCommand: 0x7f, frameMs: 45 },
  RC5: { carrierHz: 36_000, unitUs: 889, maxAddress: 0x1f, maxCommand: 0x7f, frameMs: 113.778 },
  RC6: { carrierHz: 36_000, unitUs: 444, maxAddress: 0xff, maxCommand: 0xff, frameMs: 106.7 },
  Panasonic: { carrierHz: 37_000, unitUs: 432, maxAddress: 0xffff, maxCommand: 0xff, frameMs: 130 },
  // Other Kaseikyo vendors (kaseikyo.ts): the same carrier, unit and frame; Denon-K's command is 12 bits.
  'Denon-K': { carrierHz: 37_000, unitUs: 432, maxAddress: 0xff, maxCommand: 0xfff, frameMs: 130 },
  'JVC-48': { carrierHz: 37_000, unitUs: 432, maxAddress: 0xffff, maxCommand: 0xff, frameMs: 130 },
};

/** Kaseikyo's manufacturer code for Panasonic, as sent (two bytes, least significant bit first). */
export const PANASONIC_VENDOR = KASEIKYO_VENDORS.Panasonic;

export class IrCodeError extends Error {}

const inv8 = (b: number) => ~b & 0xff;

/** Why a code cannot be sent, or null. Checks the ranges and the forms two protocols share. */
export function codeProblem(code: IrCode): string | null {
  const facts = PROTOCOL_FACTS[code.protocol as IrProtocol];
  if (!facts)
    return `unsupported IR protocol '${String(code.protocol)}' (supported: ${IR_PROTOCOLS.join(', ')})`;
  const { address, command } = code;
  if (!Number.isInteger(address) || address < 0 || address > facts.maxAddress)
    return `${code.protocol} address must be a whole number from 0 to ${facts.maxAddress}`;
  if (!Number.isInteger(command) || command < 0 || command > facts.maxCommand)
    return `${code.protocol} command must be a whole number from 0 to ${facts.maxCommand}`;
  if (code.toggle !== undefined && code.toggle !== 0 && code.toggle !== 1) return 'toggle must be 0 or 1';
  if (code.protocol === 'NECext' && address >> 8 === inv8(address & 0xff))
    return `NECext address ${address} is the 8-bit address ${address & 0xff} with its inverse: that frame is NEC address ${address & 0xff}`;
  if (code.protocol === 'NECx' && address >> 8 === (address & 0xff))
    return `NECx address ${address} repeats its low byte: that frame is Samsung32 address ${address & 0xff}`;
  return null;
}

const bitsLsb = (value: number, count: number) => Array.from({ length: count }, (_, i) => (value >> i) & 1);
const bitsMsb = (value: number, count: number) =>
  Array.from({ length: count }, (_, i) => (value >> (count - 1 - i)) & 1);
const fromLsb = (bits: number[]) => bits.reduce((v, b, i) => v | (b << i), 0);
const fromMsb = (bits: number[]) => bits.reduce((v, b) => (v << 1) | b, 0);

/** Pulse-distance frames (NEC family, Kaseikyo): leader, then a unit mark and a 1- or 3-unit space per bit, a stop mark. */
function pulseDistance(leader: [number, number], unit: number, bits: number[]): number[] {
  const out = [...leader];
  for (const b of bits) out.push(unit, b ? unit * 3 : unit);
  out.push(unit);
  return out;
}

/** Levels (1 mark, 0 space) of equal length in units → merged runs, leading and trailing spaces dropped. */
function runsFromLevels(levels: number[], unit: number): number[] {
  const out: number[] = [];
  let i = 0;
  while (i < levels.length && levels[i] === 0) i++;
  let end = levels.length;
  while (end > i && levels[end - 1] === 0) end--;
  let last = -1;
  for (; i < end; i++) {
    const level = levels[i] as number;
    if (level === last) out[out.length - 1] = (out[out.length - 1] as number) + unit;
    else out.push(unit);
    last = level;
  }
  return out;
}

function necBytes(code: IrCode): number[] {
  const { address, command } = code;
  const lo = address & 0xff;
  let hi: number;
  if (code.protocol === 'NEC') hi = inv8(lo);
  else if (code.protocol === 'NECext') hi = address >> 8;
  else if (code.protocol === 'Samsung32') hi = lo;
  else hi = address >> 8;
  return [lo, hi, command, inv8(command)];
}

export function encode(code: IrCode): IrSignal {
  const problem = codeProblem(code);
  if (problem) throw new IrCodeError(problem);
  const facts = PROTOCOL_FACTS[code.protocol];
  const u = facts.unitUs;
  const signal = (timings: number[]): IrSignal => ({ carrierHz: facts.carrierHz, timings });
  switch (code.protocol) {
    case 'NEC':
    case 'NECext':
    case 'NECx':
    case 'Samsung32': {
      const leader: [number, number] =
        code.protocol === 'NEC' || code.protocol === 'NECext' ? [16 * u, 8 * u] : [8 * u, 8 * u];
      return signal(
        pulseDistance(
          leader,
          u,
          necBytes(code).flatMap((b) => bitsLsb(b, 8)),
        ),
      );
    }
    case 'Panasonic':
    case 'Denon-K':
    case 'JVC-48':
      return signal(
        pulseDistance(
          [8 * u, 4 * u],
          u,
          kaseikyoBytes({ ...code, protocol: code.protocol }).flatMap((b) => bitsLsb(b, 8)),
        ),
      );
    case 'SIRC12':
    case 'SIRC15':
    case 'SIRC20': {
      const addressBits = code.protocol === 'SIRC12' ? 5 : code.protocol === 'SIRC15' ? 8 : 13;
      const bits = [...bitsLsb(code.command, 7), ...bitsLsb(code.address, addressBits)];
      const out = [4 * u];
      for (const b of bits) out.push(u, b ? 2 * u : u);
      return signal(out);
    }
    case 'RC5': {
      // S1 = 1, S2 = the inverse of command bit 6 (RC5X), toggle, 5 address and 6 command bits, MSB first.
      // Manchester: a 1 is space then mark, a 0 mark then space.
      const bits = [
        1,
        (code.command >> 6) ^ 1,
        code.toggle ?? 0,
        ...bitsMsb(code.address, 5),
        ...bitsMsb(code.command, 6),
      ];
      return signal(
        runsFromLevels(
          bits.flatMap((b) => (b ? [0, 1] : [1, 0])),
          u,
        ),
      );
    }
    case 'RC6': {
      // Leader 6t mark, 2t space; start bit 1; mode 000; toggle (double length); 8 address and 8 command bits.
      // Manchester the other way round from RC5: a 1 is mark then space.
      const half = (b: number, n = 1) => [...Array(n).fill(b ? 1 : 0), ...Array(n).fill(b ? 0 : 1)];
      const levels = [
        ...Array(6).fill(1),
        0,
        0,
        ...half(1),
        ...[0, 0, 0].flatMap((b) => half(b)),
        ...half(code.toggle ?? 0, 2),
        ...[...bitsMsb(code.address, 8), ...bitsMsb(code.command, 8)].flatMap((b) => half(b)),
      ];
      return signal(runsFromLevels(levels, u));
    }
  }
}

/** Is `value` within 25 % of `expected`? Receivers measure marks long and spaces short, so a wide window. */
const near = (value: number | undefined, expected: number) =>
  value !== undefined && Math.abs(value - expected) <= expected * 0.25;

function decodePulseDistance(
  t: number[],
  leader: [number, number],
  unit: number,
  bitCount: number,
): number[] | null {
  if (t.length !== 2 + bitCount * 2 + 1) return null;
  if (!near(t[0], leader[0]) || !near(t[1], leader[1])) return null;
  const bits: number[] = [];
  for (let i = 0; i < bitCount; i++) {
    const mark = t[2 + i * 2];
    const space = t[3 + i * 2];
    if (!near(mark, unit)) return null;
    if (near(space, unit)) bits.push(0);
    else if (near(space, 3 * unit)) bits.push(1);
    else return null;
  }
  if (!near(t[t.length - 1], unit)) return null;
  return bits;
}

const bytesOf = (bits: number[]) =>
  Array.from({ length: bits.length / 8 }, (_, i) => fromLsb(bits.slice(i * 8, i * 8 + 8)));

function decodeNecFamily(t: number[]): IrCode | null {
  const u = PROTOCOL_FACTS.NEC.unitUs;
  const long = decodePulseDistance(t, [16 * u, 8 * u], u, 32);
  const short = long ? null : decodePulseDistance(t, [8 * u, 8 * u], u, 32);
  const bits = long ?? short;
  if (!bits) return null;
  const [lo, hi, command, check] = bytesOf(bits) as [number, number, number, number];
  if (check !== inv8(command)) return null;
  if (long)
    return hi === inv8(lo)
      ? { protocol: 'NEC', address: lo, command }
      : { protocol: 'NECext', address: lo | (hi << 8), command };
  if (hi === lo) return { protocol: 'Samsung32', address: lo, command };
  return { protocol: 'NECx', address: lo | (hi << 8), command };
}

/** A Kaseikyo frame of a vendor kaseikyo.ts knows (Panasonic, Denon-K, JVC-48). */
function decodeKaseikyo(t: number[]): IrCode | null {
  const u = PROTOCOL_FACTS.Panasonic.unitUs;
  const bits = decodePulseDistance(t, [8 * u, 4 * u], u, 48);
  return bits ? kaseikyoCode(bytesOf(bits)) : null;
}

function decodeSirc(t: number[]): IrCode | null {
  const u = PROTOCOL_FACTS.SIRC12.unitUs;
  const bitCount = t.length / 2 - 0.5; // header mark + (space, mark) per bit
  const protocol =
    bitCount === 12 ? 'SIRC12' : bitCount === 15 ? 'SIRC15' : bitCount === 20 ? 'SIRC20' : null;
  if (!protocol || !near(t[0], 4 * u)) return null;
  const bits: number[] = [];
  for (let i = 0; i < bitCount; i++) {
    if (!near(t[1 + i * 2], u)) return null;
    const mark = t[2 + i * 2];
    if (near(mark, u)) bits.push(0);
    else if (near(mark, 2 * u)) bits.push(1);
    else return null;
  }
  return { protocol, command: fromLsb(bits.slice(0, 7)), address: fromLsb(bits.slice(7)) };
}

/** Runs → levels in whole units, or null when a run is not a whole number (1..max) of units. */
function levelsFromRuns(t: number[], unit: number, max: number): number[] | null {
  const levels: number[] = [];
  for (let i = 0; i < t.length; i++) {
    const n = Math.round((t[i] as number) / unit);
    if (n < 1 || n > max || !near(t[i], n * unit)) return null;
    for (let k = 0; k < n; k++) levels.push(i % 2 === 0 ? 1 : 0);
  }
  return levels;
}

function decodeRc5(t: number[]): IrCode | null {
  const levels = levelsFromRuns(t, PROTOCOL_FACTS.RC5.unitUs, 2);
  if (!levels) return null;
  levels.unshift(0); // S1 = 1 starts with a space the signal cannot show
  if (levels.length > 28 || levels.length < 27) return null;
  while (levels.length < 28) levels.push(0);
  const bits: number[] = [];
  for (let i = 0; i < 28; i += 2) {
    const pair = `${levels[i]}${levels[i + 1]}`;
    if (pair === '01') bits.push(1);
    else if (pair === '10') bits.push(0);
    else return null;
  }
  if (bits[0] !== 1) return null;
  const command = fromMsb(bits.slice(8)) | (((bits[1] as number) ^ 1) << 6);
  return { protocol: 'RC5', address: fromMsb(bits.slice(3, 8)), command, toggle: bits[2] as 0 | 1 };
}

function decodeRc6(t: number[]): IrCode | null {
  // The leader is measured on its own: a 6-unit mark read at a fixed unit drifts to 5 or 7 under jitter.
  const u = PROTOCOL_FACTS.RC6.unitUs;
  if (!near(t[0], 6 * u) || !near(t[1], 2 * u)) return null;
  const rest = levelsFromRuns(t.slice(2), u, 3);
  if (!rest) return null;
  const levels = [1, 1, 1, 1, 1, 1, 0, 0, ...rest];
  // leader 8 + start 2 + mode 6 + toggle 4 + 16 bits × 2 = 52 units
  if (levels.length > 52 || levels.length < 51) return null;
  while (levels.length < 52) levels.push(0);
  if (levels.slice(0, 8).join('') !== '11111100') return null;
  const read = (at: number, width: number): number | null => {
    const pair = `${levels[at]}${levels[at + width]}`;
    for (let k = 1; k < width; k++)
      if (levels[at + k] !== levels[at] || levels[at + width + k] !== levels[at + width]) return null;
    return pair === '10' ? 1 : pair === '01' ? 0 : null;
  };
  const start = read(8, 1);
  const mode = [read(10, 1), read(12, 1), read(14, 1)];
  const toggle = read(16, 2);
  if (start !== 1 || mode.some((m) => m !== 0) || toggle === null) return null;
  const bits: number[] = [];
  for (let i = 0; i < 16; i++) {
    const b = read(20 + i * 2, 1);
    if (b === null) return null;
    bits.push(b);
  }
  return {
    protocol: 'RC6',
    address: fromMsb(bits.slice(0, 8)),
    command: fromMsb(bits.slice(8)),
    toggle: toggle as 0 | 1,
  };
}

/** The code a signal carries, whichever supported protocol it is in, or null. The carrier is not needed. */
export function decode(signal: IrSignal | number[]): IrCode | null {
  const t = Array.isArray(signal) ? signal : signal.timings;
  if (t.length === 0 || t.some((d) => !Number.isFinite(d) || d <= 0)) return null;
  return decodeNecFamily(t) ?? decodeKaseikyo(t) ?? decodeSirc(t) ?? decodeRc6(t) ?? decodeRc5(t);
}
