import type { TelemetryValue } from '@hestia/contract';

/**
 * The limits a device message is checked against (docs/decisions/019-device-messages.md). A
 * message that breaks one is refused whole: never cut, never stored.
 */
export const LIMITS = {
  /** Bytes of one message's payload. */
  payloadBytes: 128 * 1024,
  /** Values in one message, over all its entries. */
  values: 1000,
  /** Characters of a key. */
  keyLength: 255,
  /** Bytes (UTF-8) of a string value, and of a JSON value written out. */
  textBytes: 64 * 1024,
  /** Nesting of a JSON value. */
  jsonDepth: 16,
  /** Earliest time a sample may carry: 2000-01-01T00:00:00Z. */
  minTs: 946_684_800_000,
  /** How far ahead of the server's clock a sample may be. */
  maxAheadMs: 24 * 3600_000,
} as const;

export interface Reading {
  ts: number;
  /** The message gave no time: `ts` is the `now` it was decoded at. */
  stamped: boolean;
  values: Record<string, TelemetryValue>;
}

export type Decoded = { ok: true; readings: Reading[] } | { ok: false; reason: string };

const refuse = (reason: string): Decoded => ({ ok: false, reason });

/**
 * Strings up to this many UTF-16 units are within `textBytes` whatever they hold (a unit is at most
 * 3 bytes in UTF-8): only longer ones are measured, so the common short value costs nothing.
 */
const TEXT_SURELY_FITS = Math.floor(LIMITS.textBytes / 3);

/** More than `textBytes` bytes in UTF-8. */
const tooLong = (s: string): boolean =>
  s.length > TEXT_SURELY_FITS && Buffer.byteLength(s) > LIMITS.textBytes;

/** Why a value is refused (a class, so it is never mistaken for a string or JSON value). */
class Refusal {
  constructor(readonly reason: string) {}
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * Text PostgreSQL can store: no NUL character (jsonb and text refuse it) and no lone surrogate
 * (not valid Unicode; json refuses its escape). Either would fail the whole database batch.
 */
const storable = (s: string): boolean =>
  !s.includes('\u0000') && (s as string & { isWellFormed(): boolean }).isWellFormed();

/** Why a JSON value cannot be kept (too deep, or text that cannot be stored), or null. */
function jsonProblem(v: unknown, depth: number): string | null {
  if (depth > LIMITS.jsonDepth) return `is nested deeper than ${LIMITS.jsonDepth}`;
  if (Array.isArray(v)) {
    for (const item of v) {
      const p = nestedProblem(item, depth);
      if (p) return p;
    }
    return null;
  }
  const obj = v as Record<string, unknown>;
  for (const k in obj) {
    if (!storable(k)) return 'holds a NUL character or invalid Unicode';
    const p = nestedProblem(obj[k], depth);
    if (p) return p;
  }
  return null;
}

function nestedProblem(item: unknown, depth: number): string | null {
  if (typeof item === 'string') return storable(item) ? null : 'holds a NUL character or invalid Unicode';
  if (typeof item === 'number' && !Number.isFinite(item)) return 'holds a number that is not finite';
  return typeof item === 'object' && item !== null ? jsonProblem(item, depth + 1) : null;
}

/** A checked value, or why the message is refused. */
function checkValue(key: string, v: unknown): TelemetryValue | Refusal {
  switch (typeof v) {
    case 'number':
      // JSON cannot say NaN; 1e999 parses as Infinity.
      return Number.isFinite(v) ? v : new Refusal(`value of "${key}" is not a finite number`);
    case 'boolean':
      return v;
    case 'string':
      if (tooLong(v)) return new Refusal(`value of "${key}" is longer than ${LIMITS.textBytes} bytes`);
      return storable(v) ? v : new Refusal(`value of "${key}" holds a NUL character or invalid Unicode`);
    case 'object': {
      if (v === null) return new Refusal(`value of "${key}" is null`);
      const problem = jsonProblem(v, 1);
      if (problem) return new Refusal(`value of "${key}" ${problem}`);
      if (tooLong(JSON.stringify(v)))
        return new Refusal(`value of "${key}" is longer than ${LIMITS.textBytes} bytes as JSON`);
      return v as TelemetryValue;
    }
    default:
      return new Refusal(`value of "${key}" has no telemetry type`);
  }
}

/** A sample's time: an integer epoch-ms from 2000-01-01 to a day ahead of `now`. */
function checkTs(ts: unknown, now: number): number | string {
  const n = typeof ts === 'string' && /^\d{1,16}$/.test(ts) ? Number(ts) : ts;
  if (typeof n !== 'number' || !Number.isSafeInteger(n))
    return 'ts must be an integer time in epoch milliseconds';
  if (n < LIMITS.minTs) return 'ts is before 2000-01-01';
  if (n > now + LIMITS.maxAheadMs) return 'ts is more than a day ahead of the server clock';
  return n;
}

/**
 * Decode and validate a device's telemetry or attributes message (ThingsBoard's shapes: `{k: v}`,
 * `{ts, values: {k: v}}`, or an array of either). Values are numbers, booleans, strings, or JSON
 * objects and arrays kept as JSON. Messages without `ts` are stamped `now`. `timed` false (client
 * attributes) takes the plain `{k: v}` shape only.
 */
export function decodeMessage(payload: string, now: number, timed = true): Decoded {
  // Characters are at most 3 bytes each in UTF-8 from a string this long: a cheap check first.
  if (payload.length * 3 > LIMITS.payloadBytes && Buffer.byteLength(payload) > LIMITS.payloadBytes)
    return refuse(`message is larger than ${LIMITS.payloadBytes} bytes`);
  let body: unknown;
  try {
    body = JSON.parse(payload);
  } catch {
    return refuse('message is not JSON');
  }
  const items = timed && Array.isArray(body) ? body : [body];
  const readings: Reading[] = [];
  let count = 0;
  for (const item of items) {
    if (!isPlainObject(item)) return refuse('message must be a JSON object or an array of objects');
    let ts = now;
    let stamped = true;
    let source = item;
    if (timed && 'ts' in item && 'values' in item) {
      const checked = checkTs(item.ts, now);
      if (typeof checked === 'string') return refuse(checked);
      if (!isPlainObject(item.values)) return refuse('values must be an object');
      ts = checked;
      stamped = false;
      source = item.values;
    }
    // No prototype: a key named `__proto__` is a key like any other.
    const values: Record<string, TelemetryValue> = Object.create(null);
    let empty = true;
    for (const key in source) {
      if (++count > LIMITS.values) return refuse(`message has more than ${LIMITS.values} values`);
      if (key.length === 0 || key.length > LIMITS.keyLength)
        return refuse(`keys must be 1 to ${LIMITS.keyLength} characters`);
      if (!storable(key)) return refuse('a key holds a NUL character or invalid Unicode');
      const checked = checkValue(key, source[key]);
      if (checked instanceof Refusal) return refuse(checked.reason);
      values[key] = checked;
      empty = false;
    }
    if (!empty) readings.push({ ts, stamped, values });
  }
  return { ok: true, readings };
}
