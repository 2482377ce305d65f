import type { ModelProfile } from '@hestia/catalog';

/** The device-specific settings screens a model has, each shown only when it has the keys it needs. */
export type SettingLink =
  | 'lightIntensity'
  | 'wifiStatusDisplay'
  | 'temperatureRange'
  | 'memoryStatus'
  | 'editKeyTitle'
  | 'editCurtainName'
  | 'switchKeyList'
  | 'beep';

const PUSH_KEYS = ['one', 'two', 'three', 'four', 'five', 'six'].map((n) => `key_${n}_status`);

const has = (profile: ModelProfile, key: string) => profile.keys.some((k) => k.key === key);

/** Relays `relay_1..n` of a model, in order. */
export function relayKeysOf(profile: ModelProfile): string[] {
  return profile.keys.filter((k) => /^relay_\d+$/.test(k.key)).map((k) => k.key);
}

/** Push keys (`key_one_status` ...) of a model, in order: key index = position + 1. */
export function pushKeysOf(profile: ModelProfile): string[] {
  return PUSH_KEYS.filter((k) => has(profile, k));
}

/** Keys matching `prefix{n}` for n = 1, 2, ... (e.g. `relay_memory_mode_`, `curtain_name`). */
export function numberedKeys(profile: ModelProfile, prefix: string): string[] {
  return profile.keys
    .filter((k) => k.key.startsWith(prefix) && /^\d+$/.test(k.key.slice(prefix.length)))
    .map((k) => k.key);
}

export function settingLinksOf(profile: ModelProfile): SettingLink[] {
  const titled = relayKeysOf(profile).length > 0 || pushKeysOf(profile).length > 0;
  const links: [SettingLink, boolean][] = [
    ['lightIntensity', has(profile, 'keys_light_intensity_l') && has(profile, 'keys_light_intensity_h')],
    ['wifiStatusDisplay', true],
    ['temperatureRange', has(profile, 'temperature_offset')],
    ['memoryStatus', numberedKeys(profile, 'relay_memory_mode_').length > 0],
    ['editKeyTitle', titled],
    ['editCurtainName', numberedKeys(profile, 'curtain_name').length > 0],
    ['switchKeyList', titled],
    ['beep', has(profile, 'beep_status')],
  ];
  return links.filter(([, ok]) => ok).map(([link]) => link);
}

/** Families whose outputs the hardware test steps through (spec: hardwareTestScreen, two profiles). */
export const HARDWARE_TEST_FAMILIES: readonly string[] = ['relay', 'relay_controller'];
