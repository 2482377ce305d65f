import { randomBytes } from 'node:crypto';
import { SIMULATED_ROUTER } from '@hestia/catalog';

/**
 * The simulated radio world around an unpaired device (docs/decisions/025): the networks it can
 * hear, what its scan reports, and whether it can join one.
 */

/** Every Hestia device's pairing access point is named this, then the last two bytes of its AP MAC. */
export const AP_SSID_PREFIX = 'Hestia-';
/**
 * The pairing access point's fixed default password (the spec keeps the real value to itself; this
 * one is the simulator's).
 */
export const AP_PASSWORD = 'hestia-setup';
/** The password of the simulated home's own networks. */
export const HOME_WIFI_PASSWORD = 'HomeWifi-2024';

/** ESP-IDF's `wifi_auth_mode_t`, the `ENC` of a scan entry (open is 0, the spec's default). */
export const Enc = { open: 0, wep: 1, wpa: 2, wpa2: 3, wpaWpa2: 4, wpa3: 6, wpa2Wpa3: 7 } as const;
export type EncCode = (typeof Enc)[keyof typeof Enc];

export interface WifiNetwork {
  ssid: string;
  bssid: string;
  /** 2.4 GHz (channels 1–13) or 5 GHz (36 and up). */
  band: '2.4' | '5';
  channel: number;
  enc: EncCode;
  /** Signal at the device, in dBm. */
  rssi: number;
  /** Needed to join unless the network is open. */
  password?: string;
  /** Does not broadcast its name: a scan shows it with an empty SSID; joining by name still works. */
  hidden?: boolean;
}

/** One entry of `wifi_list`: the spec's four fields, plus `CH` (the channel; above 14 is 5 GHz). */
export interface WifiScanEntry {
  SSID: string;
  BSSID: string;
  ENC: number;
  POW: number;
  CH: number;
}

/** A random AP MAC with an Espressif prefix, in the server's stored form. */
export function randomMac(): string {
  return [
    'A4',
    'CF',
    '12',
    ...[...randomBytes(3)].map((b) => b.toString(16).toUpperCase().padStart(2, '0')),
  ].join(':');
}

/** The pairing AP's name for an AP MAC: `Hestia-` and its last two bytes, e.g. `Hestia-9F3A`. */
export function apSsid(mac: string): string {
  const hex = mac.replace(/[^0-9a-f]/gi, '').toUpperCase();
  return AP_SSID_PREFIX + hex.slice(-4);
}

/**
 * The simulated home and its neighbours: the home router on both bands (the same 2.4 GHz name on two
 * mesh nodes, so a list de-duplicated by SSID has something to do), a 5 GHz-only network, a hidden
 * one, an open guest network, a WPA3 neighbour, a weak and a strong signal, another Hestia device's
 * pairing AP and another brand's.
 */
export function homeNetwork(): WifiNetwork[] {
  return [
    {
      ssid: SIMULATED_ROUTER,
      bssid: '64:66:B3:10:20:01',
      band: '2.4',
      channel: 6,
      enc: Enc.wpa2,
      rssi: -42,
      password: HOME_WIFI_PASSWORD,
    },
    {
      ssid: SIMULATED_ROUTER,
      bssid: '64:66:B3:10:20:11',
      band: '2.4',
      channel: 11,
      enc: Enc.wpa2,
      rssi: -71,
      password: HOME_WIFI_PASSWORD,
    },
    {
      ssid: 'Home-WiFi-5G',
      bssid: '64:66:B3:10:20:02',
      band: '5',
      channel: 44,
      enc: Enc.wpa2,
      rssi: -55,
      password: HOME_WIFI_PASSWORD,
    },
    {
      ssid: 'Home-Attic',
      bssid: '64:66:B3:10:20:21',
      band: '2.4',
      channel: 1,
      enc: Enc.wpa2,
      rssi: -64,
      password: HOME_WIFI_PASSWORD,
      hidden: true,
    },
    { ssid: 'Guest-Open', bssid: '64:66:B3:10:20:31', band: '2.4', channel: 6, enc: Enc.open, rssi: -58 },
    {
      ssid: 'Neighbour-Garden',
      bssid: 'F4:F2:6D:44:01:9C',
      band: '2.4',
      channel: 1,
      enc: Enc.wpaWpa2,
      rssi: -86,
      password: 'not-yours-1234',
    },
    {
      ssid: 'Neighbour-WPA3',
      bssid: 'F4:F2:6D:44:01:9D',
      band: '2.4',
      channel: 13,
      enc: Enc.wpa2Wpa3,
      rssi: -79,
      password: 'not-yours-5678',
    },
    {
      ssid: `${AP_SSID_PREFIX}51C2`,
      bssid: 'A4:CF:12:7E:51:C2',
      band: '2.4',
      channel: 1,
      enc: Enc.wpa2,
      rssi: -60,
      password: AP_PASSWORD,
    },
    {
      ssid: 'SmartLife-8E21',
      bssid: 'D8:1F:12:03:8E:21',
      band: '2.4',
      channel: 1,
      enc: Enc.open,
      rssi: -67,
    },
  ];
}

/** A device's own pairing access point, as a scan shows it. */
export function ownAccessPoint(mac: string): WifiNetwork {
  return {
    ssid: apSsid(mac),
    bssid: mac,
    band: '2.4',
    channel: 1,
    enc: Enc.wpa2,
    rssi: -30,
    password: AP_PASSWORD,
  };
}

/** What a scan reports: every network heard, strongest first, hidden ones with an empty SSID. */
export function scan(networks: readonly WifiNetwork[]): WifiScanEntry[] {
  return [...networks]
    .sort((a, b) => b.rssi - a.rssi)
    .map((n) => ({ SSID: n.hidden ? '' : n.ssid, BSSID: n.bssid, ENC: n.enc, POW: n.rssi, CH: n.channel }));
}

/** Why a join failed. */
export type JoinFailure = 'not_found' | 'unsupported_band' | 'wrong_password';

export type JoinResult = { ok: true; network: WifiNetwork } | { ok: false; reason: JoinFailure };

/**
 * Joining by name, as a 2.4 GHz station does: the strongest 2.4 GHz network of that exact name. A
 * name heard only on 5 GHz cannot be joined (the radio has no 5 GHz); a wrong password is refused
 * by the network; an open network takes any password.
 */
export function join(networks: readonly WifiNetwork[], ssid: string, password: string): JoinResult {
  const named = networks.filter((n) => n.ssid === ssid);
  if (named.length === 0) return { ok: false, reason: 'not_found' };
  const reachable = named.filter((n) => n.band === '2.4').sort((a, b) => b.rssi - a.rssi);
  const best = reachable[0];
  if (!best) return { ok: false, reason: 'unsupported_band' };
  if (best.enc !== Enc.open && password !== best.password) return { ok: false, reason: 'wrong_password' };
  return { ok: true, network: best };
}
