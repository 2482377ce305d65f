import { text } from './keys.ts';
import type { KeyDef, LinkId, ModelProfile } from './types.ts';

/** The home router every simulated Wi-Fi device is joined to (its SSID, as the device reports it). */
export const SIMULATED_ROUTER = 'Home-WiFi-2.4G';

/**
 * The keys a device reports about its own link, declared once per link rather than per model. A Wi-Fi
 * device (ThingsBoard firmware) sends, beside its model's keys, the router it is joined to (`AP`, spec
 * section 3's common device info keys) and the signal it receives from it (`RSSI`, in dBm; spelling
 * chosen, the spec names the router only). They are read only and never part of a write.
 */
export const LINK_KEYS: Readonly<Record<LinkId, readonly KeyDef[]>> = {
  wifi: [
    text('AP', 'r', SIMULATED_ROUTER),
    {
      key: 'RSSI',
      title: 'keys.RSSI',
      kind: 'number',
      access: 'r',
      unit: 'dBm',
      min: -100,
      max: 0,
      dataType: 2,
      source: 'chosen',
      // A room or two from the router: between fair and excellent, a few dBm either way, once a minute.
      sim: { type: 'signal', weakest: -74, strongest: -47, jitter: 3, everyMs: 60_000 },
    },
  ],
};

/** The link keys of a model (its router and signal for a Wi-Fi device). */
export function linkKeys(profile: Pick<ModelProfile, 'link'>): readonly KeyDef[] {
  return LINK_KEYS[profile.link];
}

/** How strong a received Wi-Fi signal is, in four steps (bars), from its RSSI in dBm. */
export type SignalLevel = 'excellent' | 'good' | 'fair' | 'weak';

/** Common Wi-Fi thresholds: −55 dBm and above excellent, −67 good, −75 fair, below that weak. */
export function signalLevel(dbm: number): SignalLevel {
  if (dbm >= -55) return 'excellent';
  if (dbm >= -67) return 'good';
  if (dbm >= -75) return 'fair';
  return 'weak';
}
