import { type FailureReason, isFailureReason } from './countdown.ts';
import { parseScan, type ScanEntry } from './wifi-list.ts';

/**
 * The device's own web server on its pairing access point (spec section 7; decision 025), reached
 * from the browser over HTTP. Bodies go as `text/plain` (a simple request, no preflight); the device
 * reads them as JSON.
 */

/** A real device answers at this address on its own Wi-Fi. */
export const DEFAULT_DEVICE_ADDRESS = 'http://192.168.4.1';
const TIMEOUT_MS = 4000;

/** The address as typed, cleaned: trimmed, `http://` added when missing, no trailing slash; null if not a URL. */
export function normaliseAddress(typed: string): string | null {
  const text = typed.trim();
  if (!text) return null;
  try {
    const url = new URL(/^[a-z]+:\/\//i.test(text) ? text : `http://${text}`);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return `${url.protocol}//${url.host}${url.pathname.replace(/\/+$/, '')}`;
  } catch {
    return null;
  }
}

/** The device could not be reached: the phone is not on its Wi-Fi (or the address is wrong). */
export class DeviceUnreachable extends Error {
  constructor() {
    super('device unreachable');
  }
}

async function call(address: string, path: string, body?: unknown): Promise<unknown> {
  let res: Response;
  try {
    res = await fetch(`${address}/${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      ...(body === undefined
        ? {}
        : { body: JSON.stringify(body), headers: { 'content-type': 'text/plain;charset=UTF-8' } }),
      cache: 'no-store',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch {
    throw new DeviceUnreachable();
  }
  if (!res.ok) throw new Error(`device answered ${res.status}`);
  return res.json().catch(() => ({}));
}

export interface DeviceInfo {
  mac: string;
  ssid: string;
  model: string;
  lastFailure?: FailureReason;
}

/** `GET device_info`: the AP MAC the server knows the device by, its AP name and model. */
export async function deviceInfo(address: string): Promise<DeviceInfo> {
  const body = (await call(address, 'device_info')) as Record<string, unknown>;
  if (typeof body.mac !== 'string' || !body.mac) throw new Error('device_info without a MAC');
  return {
    mac: body.mac,
    ssid: typeof body.ssid === 'string' ? body.ssid : '',
    model: typeof body.model === 'string' ? body.model : '',
    ...(isFailureReason(body.lastFailure) ? { lastFailure: body.lastFailure } : {}),
  };
}

/** `GET wifi_list_web`: the networks the device hears. */
export async function wifiList(address: string): Promise<ScanEntry[]> {
  return parseScan(await call(address, 'wifi_list_web'));
}

export interface WifiInfo {
  ssid: string;
  password: string;
  pairKey: string;
  ownerKey?: string;
}

/** `POST set-device-wifi-info`: success is status 200 (spec section 7). */
export async function setDeviceWifiInfo(address: string, info: WifiInfo): Promise<void> {
  await call(address, 'set-device-wifi-info', info);
}
