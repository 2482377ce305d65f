import { linkKeys } from './link.ts';
import { profiles } from './profiles.ts';
import { dataTypeOf } from './telemetry.ts';
import type { DataTypeId, FamilyId, KeyDef, ModelProfile } from './types.ts';

/**
 * Lists derived from the catalogue for device settings, key actions and key labels (spec sections
 * 3 and 6). Nothing here is kept by hand per model: every answer follows from the model's keys.
 */

export type SettingType = 'wifi-led-control' | 'pairing-devices' | 'config-status' | 'wifi-status';

/** A key a setting shows: a catalogue key, or one of the connection keys every device reports. */
export interface SettingKey {
  key: string;
  title: string;
  access: KeyDef['access'];
  kind: KeyDef['kind'];
  dataType: DataTypeId;
  unit?: string;
  min?: number;
  max?: number;
  values?: readonly number[];
}

/**
 * The wifi-status setting: whether the device is connected and since when (kept by the server), and
 * what its link reports (the router and the signal of a Wi-Fi device, declared once in link.ts); read only.
 */
function connectionKeys(profile: ModelProfile): SettingKey[] {
  return [
    { key: 'active', title: 'keys.active', access: 'r', kind: 'boolean', dataType: 4 },
    ...linkKeys(profile).map(fromDef),
    { key: 'lastConnectTime', title: 'keys.lastConnectTime', access: 'r', kind: 'number', dataType: 5 },
    { key: 'lastDisconnectTime', title: 'keys.lastDisconnectTime', access: 'r', kind: 'number', dataType: 5 },
  ];
}

/** Which catalogue keys belong to each setting type. */
const SETTING_KEYS: Record<Exclude<SettingType, 'wifi-status'>, (def: KeyDef) => boolean> = {
  // The Wi-Fi LED of the touch panel and the key backlight it dims.
  'wifi-led-control': (d) => d.key === 'wifi_display_status' || d.key.startsWith('keys_light_intensity_'),
  // Which press (tap or hold) each key pairs with its relay.
  'pairing-devices': (d) => d.group === 'channel_modes',
  // The curtain reconfiguration request, its progress and the curtains taking part.
  'config-status': (d) =>
    d.key === 'config_request' || d.key === 'config_status' || d.group === 'curtain_config',
};

const fromDef = (d: KeyDef): SettingKey => ({
  key: d.key,
  title: d.title,
  access: d.access,
  kind: d.kind,
  dataType: dataTypeOf(d),
  ...(d.unit ? { unit: d.unit } : {}),
  ...(d.min !== undefined ? { min: d.min } : {}),
  ...(d.max !== undefined ? { max: d.max } : {}),
  ...(d.values ? { values: d.values } : {}),
});

/** The keys of one setting type on this model; empty when the model has no such setting. */
export function settingKeys(profile: ModelProfile, type: SettingType): SettingKey[] {
  if (type === 'wifi-status') return connectionKeys(profile);
  return profile.keys.filter(SETTING_KEYS[type]).map(fromDef);
}

export const SETTING_TYPES: readonly SettingType[] = [
  'wifi-led-control',
  'pairing-devices',
  'config-status',
  'wifi-status',
];

/** Setting types this model has. */
export function settingTypesOf(profile: ModelProfile): SettingType[] {
  return SETTING_TYPES.filter((t) => settingKeys(profile, t).length > 0);
}

const ORDINALS = ['one', 'two', 'three', 'four', 'five', 'six'] as const;

/** Key index (1..6) of a push-key event key, or undefined for any other key. */
export function pushKeyIndex(key: string): number | undefined {
  const m = /^key_([a-z]+)_status$/.exec(key);
  if (!m) return undefined;
  const i = ORDINALS.indexOf(m[1] as (typeof ORDINALS)[number]);
  return i < 0 ? undefined : i + 1;
}

/** Push keys the model reports presses of (push buttons, scenario keys, pir buttons): 0 for none. */
export function pushKeyCount(profile: ModelProfile): number {
  return profile.keys.filter((k) => pushKeyIndex(k.key) !== undefined).length;
}

/** A push-key event value: 1 tap, 2 hold (0 idle). */
export function pressTypeOf(value: unknown): 'tap' | 'hold' | undefined {
  const n = Number(value);
  return n === 1 ? 'tap' : n === 2 ? 'hold' : undefined;
}

/** A slot the user may title: a relay, a push key, or a curtain whose name is not a device key. */
export interface LabelSlot {
  key: string;
  defaultTitle: string;
}

export function labelSlots(profile: ModelProfile): LabelSlot[] {
  const has = new Set(profile.keys.map((k) => k.key));
  const out: LabelSlot[] = [];
  for (const k of profile.keys) {
    const relay = k.group === 'relays';
    const push = pushKeyIndex(k.key) !== undefined;
    // A curtain is titled here only when the device keeps no name for it (curtain_nameN).
    const curtain =
      k.key === 'curtain_percentage' ||
      (/^position_\d$/.test(k.key) && !has.has(`curtain_name${k.key.slice('position_'.length)}`));
    if (relay || push || (curtain && !(k.key === 'curtain_percentage' && has.has('curtain_name1'))))
      out.push({ key: k.key, defaultTitle: k.title });
  }
  return out;
}

/** A device category: one catalogue family with its device types and profiles. */
export interface Category {
  id: FamilyId;
  title: string;
  icon: string;
  deviceTypes: string[];
  profileIds: string[];
}

/** Translation key of a family's name in words ("Switches"); the app holds the words in each language. */
export const familyTitle = (family: FamilyId): string => `families.${family}`;

/** Translation key of a model's device-type name in words ("Two-pole switch"), spec section 3. */
export const deviceTypeTitle = (profile: Pick<ModelProfile, 'deviceType'>): string =>
  `deviceTypes.${profile.deviceType}`;

export function categories(): Category[] {
  const byFamily = new Map<FamilyId, Category>();
  for (const p of profiles) {
    let c = byFamily.get(p.family);
    if (!c) {
      c = { id: p.family, title: familyTitle(p.family), icon: p.icon, deviceTypes: [], profileIds: [] };
      byFamily.set(p.family, c);
    }
    if (!c.deviceTypes.includes(p.deviceType)) c.deviceTypes.push(p.deviceType);
    c.profileIds.push(p.id);
  }
  return [...byFamily.values()];
}
