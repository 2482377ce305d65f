/**
 * The device's Wi-Fi scan as the app shows it (spec section 9): strongest first, one entry a name,
 * the product's own pairing access points hidden, and the configuration refusals.
 */

/** One entry of the device's `wifi_list_web` (spec section 6, plus Hestia's channel, decision 025). */
export interface ScanEntry {
  SSID: string;
  BSSID: string;
  /** ESP-IDF's auth mode: 0 is an open network. */
  ENC: number;
  /** Signal in dBm: higher is stronger. */
  POW: number;
  /** The channel; above 14 is 5 GHz. Absent on a device that does not report it. */
  CH?: number;
}

/** Every product device's pairing access point starts with this (decision 025). */
export const DEVICE_AP_PREFIX = 'Hestia-';

/** Channels 1 to 14 are 2.4 GHz; anything above is 5 GHz. */
export const isFiveGhz = (entry: Pick<ScanEntry, 'CH'>): boolean => (entry.CH ?? 0) > 14;

/** Signal strength in four bars, for the list's icon (−55 dBm and above is full). */
export function signalBars(pow: number): 1 | 2 | 3 | 4 {
  if (pow >= -55) return 4;
  if (pow >= -67) return 3;
  if (pow >= -75) return 2;
  return 1;
}

/** Whether the scan heard a network that hides its name (listed with an empty SSID). */
export const hasHiddenNetwork = (scan: readonly ScanEntry[]): boolean =>
  scan.some((e) => e.SSID.trim() === '');

/**
 * The list to choose from: sorted by signal, descending; one entry a name (the strongest, so a mesh's
 * nodes show once); no product access points; hidden networks left out (the screen offers a typed name).
 */
export function visibleNetworks(scan: readonly ScanEntry[]): ScanEntry[] {
  const sorted = [...scan].sort((a, b) => b.POW - a.POW);
  const seen = new Set<string>();
  const out: ScanEntry[] = [];
  for (const entry of sorted) {
    const name = entry.SSID;
    if (name.trim() === '' || name.startsWith(DEVICE_AP_PREFIX) || seen.has(name)) continue;
    seen.add(name);
    out.push(entry);
  }
  return out;
}

/** Why the app refuses to configure with this choice; the key names the spec's message. */
export type WifiRefusal = 'noName' | 'band5' | 'openNetwork' | 'emptyPassword' | 'deviceAp';

/**
 * The spec's refusals (section 9): the Wi-Fi must be 2.4 GHz; an empty password is refused, and open
 * Wi-Fi is not allowed for security. `entry` is the scan's entry of that name, when the scan has one
 * (a hidden network typed by name has none, so only its password is checked).
 */
export function wifiRefusal(
  ssid: string,
  password: string,
  entry: Pick<ScanEntry, 'ENC' | 'CH'> | undefined,
): WifiRefusal | null {
  if (ssid.trim() === '') return 'noName';
  if (ssid.startsWith(DEVICE_AP_PREFIX)) return 'deviceAp';
  if (entry && isFiveGhz(entry)) return 'band5';
  if (entry && entry.ENC === 0) return 'openNetwork';
  if (password === '') return 'emptyPassword';
  return null;
}

/** The scan entry a name refers to: the strongest 2.4 GHz one, else any (to refuse 5 GHz by name). */
export function entryOf(scan: readonly ScanEntry[], ssid: string): ScanEntry | undefined {
  const named = scan.filter((e) => e.SSID === ssid).sort((a, b) => b.POW - a.POW);
  return named.find((e) => !isFiveGhz(e)) ?? named[0];
}

/** Parse a scan answer defensively: a device may send fields as text, or omit ENC and POW (default 0). */
export function parseScan(body: unknown): ScanEntry[] {
  if (!Array.isArray(body)) throw new Error('not a scan');
  return body
    .filter((e): e is Record<string, unknown> => typeof e === 'object' && e !== null)
    .map((e) => ({
      SSID: typeof e.SSID === 'string' ? e.SSID : '',
      BSSID: typeof e.BSSID === 'string' ? e.BSSID : '',
      ENC: Number(e.ENC ?? 0) || 0,
      POW: Number(e.POW ?? 0) || 0,
      ...(e.CH === undefined ? {} : { CH: Number(e.CH) || 0 }),
    }));
}

/** UTF-8 length, as the device counts its fields. */
const bytes = (s: string) => new TextEncoder().encode(s).length;

/**
 * The Wi-Fi a device can take: a name of at most 32 bytes and a password of at most 63 (802.11 and
 * WPA's limits), checked as a contract schema is (`safeParse`) before anything is sent.
 */
export const deviceWifiBody = {
  safeParse(value: unknown) {
    const v = value as { ssid?: unknown; password?: unknown };
    const issues: { path: string[] }[] = [];
    if (typeof v.ssid !== 'string' || bytes(v.ssid) > 32) issues.push({ path: ['ssid'] });
    if (typeof v.password !== 'string' || bytes(v.password) > 63) issues.push({ path: ['password'] });
    return issues.length ? { success: false as const, error: { issues } } : { success: true as const };
  },
};
