import { getError } from './errors/index.ts';
import { errorCodeKey } from './keys.ts';
import type { AddWord, Feature, KeyDef, Limit, LinkId, ModelProfile, Route, Rule, Source } from './types.ts';

/** The global device firmware version (spec section 9) and the IR remote's. */
export const DEVICE_FIRMWARE_VERSION = 6;
export const IR_REMOTE_FIRMWARE_VERSION = 10;

/**
 * What a capability brings to a model (relays, a power meter, a curtain motor, a programme): its keys
 * and what follows from them. `defineModel` composes a model's fragments in the order given.
 */
export interface Fragment {
  keys: readonly KeyDef[];
  /** Keys a quick toggle or master power drives. */
  toggleKeys?: readonly string[];
  /** How `ADD_` telemetry words combine into these keys. */
  addMap?: readonly AddWord[];
  rules?: readonly Rule[];
  limits?: readonly Limit[];
}

export interface ModelInput {
  /** Device profile id (`deviceProfileId`), written out literally so a search finds it. */
  id: string;
  deviceType: string;
  variant: string;
  brand?: string;
  /** The family's id unless told. */
  icon?: string;
  features?: readonly Feature[];
  /** Its capabilities' fragments, composed in this order (a single key is a fragment of one). */
  parts: readonly (Fragment | KeyDef)[];
  /** Overrides the toggle keys the fragments bring. */
  toggleKeys?: readonly string[];
  route: Route;
  firmwareLatest?: number;
  limits?: readonly Limit[];
  rules?: readonly Rule[];
  errors?: readonly string[];
  /** Overrides the `ADD_` map the fragments bring. */
  addMap?: readonly AddWord[];
  /** Wi-Fi unless told. */
  link?: LinkId;
}

/** A model before its family is known: `defineFamily` gives it the family (and the icon default). */
export type ModelDef = Omit<ModelProfile, 'family' | 'icon'> & { icon?: string };

/** A control screen (spec section 2); most receive [id, deviceProfileId]. */
export function route(
  name: string,
  source: Source = 'given',
  params: readonly string[] = ['id', 'deviceProfileId'],
): Route {
  return { name, params, source };
}

const isKey = (part: Fragment | KeyDef): part is KeyDef => 'key' in part;

/**
 * One model from its capabilities' fragments and its own data. A model that can report faults gets
 * the `error_code` key, so every catalogue error it lists can be reported as telemetry.
 */
export function defineModel(input: ModelInput): ModelDef {
  const parts = input.parts.map((p): Fragment => (isKey(p) ? { keys: [p] } : p));
  const all = <T>(pick: (f: Fragment) => readonly T[] | undefined) => parts.flatMap((f) => pick(f) ?? []);
  const errors = input.errors ?? [];
  for (const code of errors) if (!getError(code)) throw new Error(`${input.id}: unknown error code ${code}`);
  const needsErrorKey = errors.some((c) => getError(c)?.kind === 'fault');
  const keys = all((f) => f.keys);
  return {
    id: input.id,
    deviceType: input.deviceType,
    variant: input.variant,
    brand: input.brand ?? 'generic',
    ...(input.icon ? { icon: input.icon } : {}),
    features: input.features ?? [],
    toggleKeys: input.toggleKeys ?? all((f) => f.toggleKeys),
    keys: needsErrorKey && !keys.some((k) => k.key === errorCodeKey.key) ? [...keys, errorCodeKey] : keys,
    route: input.route,
    firmware: {
      versionKey: 'current_fw_version',
      stateKey: 'fw_state',
      latest: input.firmwareLatest ?? DEVICE_FIRMWARE_VERSION,
    },
    limits: [...all((f) => f.limits), ...(input.limits ?? [])],
    rules: [...all((f) => f.rules), ...(input.rules ?? [])],
    errors,
    addMap: input.addMap ?? all((f) => f.addMap),
    link: input.link ?? 'wifi',
  };
}
