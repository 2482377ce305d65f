import type { Condition, KeyDef, SimBehaviour, Source } from './types.ts';

/** Small builders for key declarations, so family files read as data. */
interface Opts {
  group?: string;
  unit?: string;
  step?: number;
  source?: Source;
  sim?: SimBehaviour;
  title?: string;
}

const base = (key: string, o: Opts) => ({
  key,
  title: o.title ?? `keys.${key}`,
  ...(o.unit ? { unit: o.unit } : {}),
  ...(o.step !== undefined ? { step: o.step } : {}),
  ...(o.group ? { group: o.group } : {}),
  ...(o.source ? { source: o.source } : {}),
});

/** A writable on/off key (0/1), reported back. */
export function onOff(key: string, group: string, initial = 0, o: Opts = {}): KeyDef {
  return {
    ...base(key, { group, ...o }),
    kind: 'boolean',
    access: 'rw',
    sim: o.sim ?? { type: 'state', initial },
  };
}

/** A writable number in [min, max], reported back. */
export function setting(
  key: string,
  group: string,
  min: number,
  max: number,
  initial: number,
  o: Opts = {},
): KeyDef {
  return {
    ...base(key, { group, ...o }),
    kind: 'number',
    access: 'rw',
    min,
    max,
    sim: o.sim ?? { type: 'state', initial },
  };
}

/** A writable choice among `values`, reported back. */
export function choice(
  key: string,
  group: string,
  values: readonly number[],
  initial: number,
  o: Opts = {},
): KeyDef {
  return {
    ...base(key, { group, ...o }),
    kind: 'enum',
    access: 'rw',
    values,
    sim: o.sim ?? { type: 'state', initial },
  };
}

/** A one-shot request (write 1), never reported; `sim` says what the device does when asked. */
export function request(key: string, group: string, o: Opts = {}): KeyDef {
  return {
    ...base(key, { group, ...o }),
    kind: 'enum',
    access: 'w',
    values: [1],
    ...(o.sim ? { sim: o.sim } : {}),
  };
}

/** A reported number. */
export function reading(key: string, min: number, max: number, o: Opts & { initial?: number } = {}): KeyDef {
  return {
    ...base(key, o),
    kind: 'number',
    access: 'r',
    min,
    max,
    sim: o.sim ?? { type: 'state', initial: o.initial ?? min },
  };
}

/** A reported enumerated state. */
export function status(key: string, values: readonly number[], o: Opts & { initial?: number } = {}): KeyDef {
  return {
    ...base(key, o),
    kind: 'enum',
    access: 'r',
    values,
    sim: o.sim ?? { type: 'state', initial: o.initial ?? 0 },
  };
}

/** A reported 0/1 flag; with `when` it follows the device's values (flame on while heating ...). */
export function flag(key: string, when?: Condition, o: Opts = {}): KeyDef {
  return {
    ...base(key, o),
    kind: 'boolean',
    access: 'r',
    sim: o.sim ?? (when ? { type: 'flag', when } : { type: 'state', initial: 0 }),
  };
}

/** A text key. */
export function text(key: string, access: 'r' | 'rw', initial: string, o: Opts = {}): KeyDef {
  return { ...base(key, o), kind: 'string', access, sim: { type: 'state', initial } };
}

/** The key firmware reports its current fault in (empty when none). Spelling chosen. */
export const errorCodeKey: KeyDef = text('error_code', 'r', '', { source: 'chosen' });

export const range = (from: number, to: number): number[] =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i);
