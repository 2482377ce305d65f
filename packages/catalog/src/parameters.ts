import { dataTypeName } from './codec.ts';
import { dataTypeOf, registerMap } from './telemetry.ts';
import type { DataTypeId, KeyDef, ModelProfile, ParamType } from './types.ts';

/** Parameter types of the spec: Action 0, Info 1, Config 2. */
export const ParameterType = { Action: 0, Info: 1, Config: 2 } as const satisfies Record<string, ParamType>;

/** Action key index Key1..Key10. */
export const ACTION_KEYS = [
  'Key1',
  'Key2',
  'Key3',
  'Key4',
  'Key5',
  'Key6',
  'Key7',
  'Key8',
  'Key9',
  'Key10',
] as const;
export type ActionKey = (typeof ACTION_KEYS)[number];

/** Groups whose keys configure the device rather than operate it. */
const CONFIG_GROUPS = new Set([
  'settings',
  'panel',
  'memory',
  'channel_modes',
  'protection',
  'service',
  'curtain_config',
  'curtain_names',
  'display',
]);

export function paramTypeOf(def: KeyDef): ParamType {
  if (def.paramType !== undefined) return def.paramType;
  if (def.access === 'r') return ParameterType.Info;
  return def.group && CONFIG_GROUPS.has(def.group) ? ParameterType.Config : ParameterType.Action;
}

export interface DeviceParameter {
  /** `profileId:key`, stable. */
  id: string;
  key: string;
  title: string;
  type: ParamType;
  dataType: DataTypeId;
  dataTypeName: string;
  access: KeyDef['access'];
  unit?: string;
  min?: number;
  max?: number;
  values?: readonly number[];
  /** Address in the data array (from offset 100). */
  address: number;
}

/** The profile's deviceParameters (spec section 3). */
export function deviceParameters(profile: ModelProfile): DeviceParameter[] {
  const regs = new Map(registerMap(profile).map((r) => [r.key, r.address]));
  return profile.keys.map((def) => ({
    id: `${profile.id}:${def.key}`,
    key: def.key,
    title: def.title,
    type: paramTypeOf(def),
    dataType: dataTypeOf(def),
    dataTypeName: dataTypeName(dataTypeOf(def)),
    access: def.access,
    ...(def.unit ? { unit: def.unit } : {}),
    ...(def.min !== undefined ? { min: def.min } : {}),
    ...(def.max !== undefined ? { max: def.max } : {}),
    ...(def.values ? { values: def.values } : {}),
    address: regs.get(def.key) ?? 0,
  }));
}

/** The derived parameter map: key → parameter. */
export function parameterMap(profile: ModelProfile): Record<string, DeviceParameter> {
  return Object.fromEntries(deviceParameters(profile).map((p) => [p.key, p]));
}

export interface ValidAction {
  id: string;
  actionId: string;
  deviceProfileId: string;
  method: 'write';
  /** 1-based; the first ten map to Key1..Key10. */
  index: number;
  actionKey?: ActionKey;
  dataType: DataTypeId;
  title: string;
  /** The type the user enters; equals dataType except booleans, entered as on/off. */
  inputDataType: DataTypeId;
}

/** Actions usable in automations and schedules: every writable Action or Config parameter. */
export function validActions(profile: ModelProfile): ValidAction[] {
  return deviceParameters(profile)
    .filter((p) => p.access !== 'r')
    .map((p, i) => {
      const actionKey = ACTION_KEYS[i];
      return {
        id: p.id,
        actionId: `${p.id}:write`,
        deviceProfileId: profile.id,
        method: 'write' as const,
        index: i + 1,
        ...(actionKey ? { actionKey } : {}),
        dataType: p.dataType,
        title: p.title,
        inputDataType: p.dataType,
      };
    });
}
