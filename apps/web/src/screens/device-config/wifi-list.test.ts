import { describe, expect, it } from 'vitest';
import {
  deviceWifiBody,
  entryOf,
  hasHiddenNetwork,
  parseScan,
  type ScanEntry,
  signalBars,
  visibleNetworks,
  wifiRefusal,
} from './wifi-list.ts';

const e = (SSID: string, POW: number, extra: Partial<ScanEntry> = {}): ScanEntry => ({
  SSID,
  BSSID: `00:00:00:00:00:${String(-POW).padStart(2, '0')}`,
  ENC: 3,
  POW,
  CH: 6,
  ...extra,
});

// The shape of the simulated home (decision 025): a mesh with two nodes, a 5 GHz network, a hidden one,
// an open one, product APs and another brand's.
const scan: ScanEntry[] = [
  e('Weak-Neighbour', -86),
  e('Home-WiFi-2.4G', -71),
  e('Hestia-51C2', -50),
  e('', -60),
  e('Home-WiFi-2.4G', -42),
  e('Home-WiFi-5G', -48, { CH: 36 }),
  e('Guest-Open', -65, { ENC: 0 }),
  e('SmartLife-8E21', -58),
  e('Hestia-9F3A', -30),
];

describe('the Wi-Fi list', () => {
  it('is sorted by signal, strongest first, one entry a name (its strongest), product APs and hidden ones out', () => {
    const list = visibleNetworks(scan);
    expect(list.map((n) => n.SSID)).toEqual([
      'Home-WiFi-2.4G',
      'Home-WiFi-5G',
      'SmartLife-8E21',
      'Guest-Open',
      'Weak-Neighbour',
    ]);
    expect(list[0]?.POW).toBe(-42);
    expect(hasHiddenNetwork(scan)).toBe(true);
    expect(hasHiddenNetwork(list)).toBe(false);
  });

  it('does not change the scan it was given', () => {
    const copy = structuredClone(scan);
    visibleNetworks(scan);
    expect(scan).toEqual(copy);
  });

  it('names the entry of a name: its strongest 2.4 GHz one', () => {
    const mixed = [e('Dual', -40, { CH: 40 }), e('Dual', -60, { CH: 1 }), e('Dual', -70, { CH: 11 })];
    expect(entryOf(mixed, 'Dual')?.POW).toBe(-60);
    expect(entryOf([e('Only5', -40, { CH: 44 })], 'Only5')?.CH).toBe(44);
    expect(entryOf(scan, 'Absent')).toBeUndefined();
  });

  it('draws the signal in four bars', () => {
    expect([-42, -60, -70, -86].map(signalBars)).toEqual([4, 3, 2, 1]);
  });

  it('reads a scan defensively: text numbers, missing ENC and POW default to 0, junk dropped', () => {
    expect(
      parseScan([{ SSID: 'A', BSSID: 'b', ENC: '3', POW: '-50', CH: '6' }, null, { SSID: 'B' }]),
    ).toEqual([
      { SSID: 'A', BSSID: 'b', ENC: 3, POW: -50, CH: 6 },
      { SSID: 'B', BSSID: '', ENC: 0, POW: 0 },
    ]);
    expect(() => parseScan({ error: 'busy' })).toThrow();
  });
});

describe('the spec refusals', () => {
  const home = entryOf(scan, 'Home-WiFi-2.4G');
  it('accepts a 2.4 GHz secured network with a password', () => {
    expect(wifiRefusal('Home-WiFi-2.4G', 'HomeWifi-2024', home)).toBeNull();
  });
  it('refuses 5 GHz whatever the password', () => {
    expect(wifiRefusal('Home-WiFi-5G', 'HomeWifi-2024', entryOf(scan, 'Home-WiFi-5G'))).toBe('band5');
  });
  it('refuses an empty password', () => {
    expect(wifiRefusal('Home-WiFi-2.4G', '', home)).toBe('emptyPassword');
  });
  it('refuses open Wi-Fi (not allowed for security), even with something typed', () => {
    expect(wifiRefusal('Guest-Open', 'anything', entryOf(scan, 'Guest-Open'))).toBe('openNetwork');
  });
  it('a hidden network by typed name: needs a name and a password', () => {
    expect(wifiRefusal('', 'x', undefined)).toBe('noName');
    expect(wifiRefusal('Home-Attic', '', undefined)).toBe('emptyPassword');
    expect(wifiRefusal('Home-Attic', 'HomeWifi-2024', undefined)).toBeNull();
  });
  it("refuses a product device's own access point", () => {
    expect(wifiRefusal('Hestia-51C2', 'x', undefined)).toBe('deviceAp');
  });
  it('keeps names and passwords within what a device takes (32 and 63 bytes)', () => {
    expect(deviceWifiBody.safeParse({ ssid: 'a'.repeat(32), password: 'p'.repeat(63) }).success).toBe(true);
    const long = deviceWifiBody.safeParse({ ssid: 'خانه'.repeat(5), password: 'p'.repeat(64) });
    expect(long.success).toBe(false);
    expect(long.success ? [] : long.error.issues.map((i) => i.path[0])).toEqual(['ssid', 'password']);
  });
});
