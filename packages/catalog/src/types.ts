/** Who may read or write a telemetry key: the device reports `r`, accepts writes to `w`, or both. */
export type Access = 'r' | 'w' | 'rw';

/** How a key's value is interpreted. Booleans travel as 0 and 1, as the devices send them. */
export type ValueKind = 'boolean' | 'number' | 'enum' | 'string';

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
    };

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
}

/** A device family, snake_case singular (`switch`, `water_heater`). */
export type FamilyId = 'switch' | 'plug' | 'curtain';

/** Capability flags that controls and cards test (Home Assistant's supported-features idea). */
export type Feature = 'quick_toggle' | 'master_power' | 'power_metering' | 'position';

export interface ModelProfile {
  /** Device profile id (`deviceProfileId` in the API). Stable, never reused. */
  id: string;
  /** Device-type name; also the control screen the card opens. */
  deviceType: string;
  family: FamilyId;
  variant: string;
  /** Icon name of the card. */
  icon: string;
  features: readonly Feature[];
  /** Keys a quick toggle or master power drives. */
  toggleKeys: readonly string[];
  keys: readonly KeyDef[];
}
