import type { FamilyId } from './families/index.ts';

/** Who may read or write a telemetry key: the device reports `r`, accepts writes to `w`, or both. */
export type Access = 'r' | 'w' | 'rw';

/** How a key's value is interpreted. Booleans travel as 0 and 1, as the devices send them. */
export type ValueKind = 'boolean' | 'number' | 'enum' | 'string';

/** Whether a value comes from the spec (`given`) or was picked because the spec is silent (`chosen`). */
export type Source = 'given' | 'chosen';

/** A test on a device's current values, shared by rules, status flags and limits. */
export type Condition =
  | { key: string; eq: number | string }
  | { key: string; ne: number | string }
  | { key: string; in: readonly (number | string)[] }
  /** This key's value is below another key's value (a temperature under its setpoint). */
  | { key: string; below: string }
  /** Inclusive numeric range; either bound may be left out. */
  | { key: string; min?: number; max?: number }
  | { all: readonly Condition[] }
  | { any: readonly Condition[] }
  | { not: Condition };

/** What the simulator does for a key (see simulate.ts). Declared with the key, never per model. */
export type SimBehaviour =
  | { type: 'state'; initial: number | string }
  /** A measured electrical load: `watts` when any of `when` is on, else 0; reported every `everyMs`. */
  | { type: 'power'; when: string[]; watts: number; everyMs: number }
  /** Mains voltage around `nominal`, reported with power. */
  | { type: 'voltage'; nominal: number }
  /** Current derived from the power and voltage keys. */
  | { type: 'current'; power: string; voltage: string }
  /** A motor moving this key toward a target set by the listed request keys, `percentPerSecond`. */
  | {
      type: 'travel';
      setpoint: string;
      open: string;
      close: string;
      pause: string;
      percentPerSecond: number;
      initial: number;
    }
  /**
   * A timer counting down one unit every `unitMs` while `while` holds. With `hoursKey` this key
   * holds minutes and borrows from the hours key. At zero the `onZero` values are applied.
   */
  | {
      type: 'countdown';
      unitMs: number;
      while?: Condition;
      hoursKey?: string;
      onZero?: Readonly<Record<string, number>>;
    }
  /**
   * A temperature moving toward `toward` (a setpoint key) by `perMinute` while `while` holds,
   * else toward `idle` (ambient).
   */
  | { type: 'drift'; toward: string; perMinute: number; initial: number; idle: number; while?: Condition }
  /**
   * A program phase: while `runKey` is 1 the value steps through `phases`, `phaseMs` each; then
   * `onEnd`. With `remainingKey` the phases follow a program's remaining time instead (see
   * `ProgramRun`).
   */
  | ({
      type: 'phase';
      runKey: string;
      phases: readonly number[];
      phaseMs?: number;
      onEnd?: Readonly<Record<string, number>>;
    } & ProgramRun)
  /**
   * A status that follows the device's values: the first case that holds gives the value. When
   * none holds the value stays as it is (an end state another behaviour's `onZero` set).
   */
  | { type: 'cases'; cases: readonly { when: Condition; value: number }[] }
  /** A sensor or lock event: every `everyMs` the next value of `cycle` is reported. */
  | { type: 'event'; everyMs: number; cycle: readonly (number | string)[] }
  /** The time of the latest event (ISO text), reported whenever `everyMs` elapses, like `event`. */
  | { type: 'stamp'; everyMs: number }
  /** A status flag (flame, pump, valve ...): 1 while `when` holds on the current values, else 0. */
  | { type: 'flag'; when: Condition }
  /** A one-shot request the device answers by clearing every fault it reports (a boiler's reset). */
  | { type: 'clear_errors' }
  /** A one-shot request the device answers by taking these values (a stove's turn-off-all). */
  | { type: 'apply'; values: Readonly<Record<string, number>> }
  /**
   * A received signal strength in dBm: each device settles somewhere in [`weakest`, `strongest`] and
   * reports it every `everyMs`, a few dBm either way (`jitter`), as a radio's reading wanders.
   */
  | { type: 'signal'; weakest: number; strongest: number; jitter: number; everyMs: number };

/**
 * A whole program run (washing machine, dishwasher): `remainingKey` holds the minutes left and counts
 * down while the run goes (its own `countdown`); the phases share the length the run started with
 * equally. When it reaches 0 the phase becomes `doneValue` (the done event, kept until the next start)
 * and `remainingKey` is given its length back. While `waitKey` is above 0 (a delayed start counting
 * down) the run has not begun. A write to one of `resetBy` while the run is paused ends it (a new
 * program chosen, power off): phase 0, the length back.
 */
export interface ProgramRun {
  remainingKey?: string;
  waitKey?: string;
  doneValue?: number;
  resetBy?: readonly string[];
}

/** The nine wire data types of the spec (section 3), numbered 0 to 8. */
export type DataTypeId = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8;

/** Parameter types of a device profile: Action 0, Info 1, Config 2. */
export type ParamType = 0 | 1 | 2;

export interface KeyDef {
  /** Telemetry key, spelled exactly as the spec spells it. */
  key: string;
  kind: ValueKind;
  access: Access;
  unit?: string;
  min?: number;
  max?: number;
  step?: number;
  /** Allowed values for `enum`. */
  values?: readonly number[];
  /** Register group: one write may only touch keys of one group. */
  group?: string;
  /** Translation key of the user-facing title. */
  title: string;
  sim?: SimBehaviour;
  /** Wire data type; derived from `kind` and the range when left out. */
  dataType?: DataTypeId;
  /** Action, Info or Config; derived from access and group when left out. */
  paramType?: ParamType;
  /** `chosen` when the spec names the key but not its spelling, unit or range. Default `given`. */
  source?: Source;
}

/** How a model reaches the cloud; every model of the catalogue so far joins the home's Wi-Fi. */
export type LinkId = 'wifi';

/** A device family, snake_case singular: derived from the registry (families/index.ts). */
export type { FamilyId };

/** Capability flags that controls and cards test (Home Assistant's supported-features idea). */
export type Feature =
  | 'quick_toggle'
  | 'master_power'
  | 'power_metering'
  | 'position'
  | 'temperature'
  | 'setpoint'
  | 'timer'
  | 'program'
  | 'lock'
  | 'events'
  | 'ir';

/** The control screen a card opens (spec section 2) and the parameters it receives. */
export interface Route {
  name: string;
  params: readonly string[];
  source: Source;
}

/** Where the reported firmware version is read, and the version above which an update is offered. */
export interface FirmwareSource {
  versionKey: 'current_fw_version';
  stateKey: 'fw_state';
  /** The global device version (6), or the IR remote version (10) for the IR universal profile. */
  latest: number;
}

/** A numeric limit: `key` (or the weighted sum of `keys`) may not exceed `max` / go under `min` when `when` holds. */
export interface Limit {
  id: string;
  keys: readonly string[];
  /** Multiplier per key, e.g. [60, 1] for hours and minutes in minutes. Default all 1. */
  weights?: readonly number[];
  min?: number;
  max?: number;
  when?: Condition;
  error: string;
  source: Source;
}

/** A key, or a key with the one value a rule forbids writing (e.g. starting cooking = 1). */
export type Forbidden = string | { key: string; value: number | string };

/** A device rule (spec section 4): while `when` holds on the current values, `forbid` is refused. */
export interface Rule {
  id: string;
  when: Condition;
  forbid: readonly Forbidden[];
  error: string;
  source: Source;
}

/** How ADD_ words combine into one value: a string, 8 bits per character, or a bit field. */
export type AddWord =
  | { key: string; as: 'string'; words: readonly string[] }
  | { key: string; as: 'bit'; word: string; bit: number };

export interface ModelProfile {
  /** Device profile id (`deviceProfileId` in the API). Stable, never reused. */
  id: string;
  /** Device-type name. */
  deviceType: string;
  family: FamilyId;
  variant: string;
  /** Brand of brand-specific variants; `generic` otherwise. */
  brand: string;
  /** Icon name of the card. */
  icon: string;
  features: readonly Feature[];
  /** Keys a quick toggle or master power drives. */
  toggleKeys: readonly string[];
  keys: readonly KeyDef[];
  /** The control screen the card opens. */
  route: Route;
  firmware: FirmwareSource;
  limits: readonly Limit[];
  rules: readonly Rule[];
  /** Error codes of the catalogue (errors/) this model can report. */
  errors: readonly string[];
  /** How `ADD_` telemetry words combine into this model's keys. */
  addMap: readonly AddWord[];
  /** Its link to the cloud; the link's own keys (router, signal) are reported beside `keys` (`linkKeys`). */
  link: LinkId;
}
