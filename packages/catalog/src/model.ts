import { getError } from './errors/index.ts';
import { errorCodeKey } from './keys.ts';
import type {
  AddWord,
  FamilyId,
  Feature,
  KeyDef,
  Limit,
  LinkId,
  ModelProfile,
  Route,
  Rule,
  Source,
} from './types.ts';

/** The global device firmware version (spec section 9) and the IR remote's. */
export const DEVICE_FIRMWARE_VERSION = 6;
export const IR_REMOTE_FIRMWARE_VERSION = 10;

export interface ModelInput {
  id: string;
  deviceType: string;
  family: FamilyId;
  variant: string;
  brand?: string;
  icon?: string;
  features?: readonly Feature[];
  toggleKeys?: readonly string[];
  keys: readonly KeyDef[];
  route: Route;
  firmwareLatest?: number;
  limits?: readonly Limit[];
  rules?: readonly Rule[];
  errors?: readonly string[];
  addMap?: readonly AddWord[];
  /** Wi-Fi unless told. */
  link?: LinkId;
}

/** A control screen (spec section 2); most receive [id, deviceProfileId]. */
export function route(
  name: string,
  source: Source = 'given',
  params: readonly string[] = ['id', 'deviceProfileId'],
): Route {
  return { name, params, source };
}

/**
 * One model profile from its data. A model that can report faults gets the `error_code` key, so
 * every catalogue error it lists can be reported as telemetry.
 */
export function defineModel(input: ModelInput): ModelProfile {
  const errors = input.errors ?? [];
  for (const code of errors) if (!getError(code)) throw new Error(`${input.id}: unknown error code ${code}`);
  const needsErrorKey = errors.some((c) => getError(c)?.kind === 'fault');
  const keys =
    needsErrorKey && !input.keys.some((k) => k.key === errorCodeKey.key)
      ? [...input.keys, errorCodeKey]
      : input.keys;
  return {
    id: input.id,
    deviceType: input.deviceType,
    family: input.family,
    variant: input.variant,
    brand: input.brand ?? 'generic',
    icon: input.icon ?? input.family,
    features: input.features ?? [],
    toggleKeys: input.toggleKeys ?? [],
    keys,
    route: input.route,
    firmware: {
      versionKey: 'current_fw_version',
      stateKey: 'fw_state',
      latest: input.firmwareLatest ?? DEVICE_FIRMWARE_VERSION,
    },
    limits: input.limits ?? [],
    rules: input.rules ?? [],
    errors,
    addMap: input.addMap ?? [],
    link: input.link ?? 'wifi',
  };
}

/** `relay_1..relay_n` packed in the live message's ADD_109 word, one bit per relay. */
export function relayBits(count: number): AddWord[] {
  return Array.from({ length: count }, (_, i) => ({
    key: `relay_${i + 1}`,
    as: 'bit',
    word: 'ADD_109',
    bit: i,
  }));
}
