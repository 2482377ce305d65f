import type { WritePair } from './command.ts';
import type { ModelProfile } from './types.ts';

/** Connection status enum of the spec (section 3). */
export const ConnectionStatus = {
  NULL: -1,
  Disconnected: 0,
  Connecting: 1,
  Connected: 2,
  ConnectionFailed: 3,
} as const;
export type ConnectionStatusValue = (typeof ConnectionStatus)[keyof typeof ConnectionStatus];

/** From the `active` key: missing → Connecting, the text 'true' → Connected, else Disconnected. */
export function connectionStatus(active: unknown): ConnectionStatusValue {
  if (active === undefined || active === null) return ConnectionStatus.Connecting;
  return String(active) === 'true' ? ConnectionStatus.Connected : ConnectionStatus.Disconnected;
}

export const FIRMWARE_STATES = [
  'UPDATING',
  'UPDATED',
  'VERIFYING',
  'INITIATED',
  'DOWNLOADING',
  'DOWNLOADED',
  'FAILED',
  'SIZE_ERROR',
] as const;

/** The reported version: the first character of current_fw_version taken as a number. */
export function firmwareVersion(current: unknown): number | undefined {
  const first = String(current ?? '').trim()[0];
  const n = first === undefined ? Number.NaN : Number(first);
  return Number.isNaN(n) ? undefined : n;
}

/** The card's red dot: version above the profile's latest (6, or 10 for IR remotes) and not UPDATED. */
export function firmwareRedDot(profile: ModelProfile, currentFwVersion: unknown, fwState: unknown): boolean {
  const v = firmwareVersion(currentFwVersion);
  return v !== undefined && v > profile.firmware.latest && fwState !== 'UPDATED';
}

const isOn = (v: unknown) => v === 1 || v === '1' || v === true || v === 'true';

/** A group switch counts as on if any of its relays is 1. */
export function groupIsOn(profile: ModelProfile, values: Readonly<Record<string, unknown>>): boolean {
  return profile.toggleKeys.some((k) => isOn(values[k]));
}

/** Master power: any relay on → every relay off, otherwise every relay on; one pair per relay. */
export function masterPowerWrite(
  profile: ModelProfile,
  values: Readonly<Record<string, unknown>>,
): WritePair[] {
  const value = groupIsOn(profile, values) ? 0 : 1;
  return profile.toggleKeys.map((Key) => ({ Key, Value: value }));
}

export const NAME_LIMIT = 15;

/** A card name longer than 15 characters is cut there with an ellipsis. */
export function truncateName(name: string): string {
  const chars = [...name];
  return chars.length > NAME_LIMIT ? `${chars.slice(0, NAME_LIMIT).join('')}…` : name;
}
