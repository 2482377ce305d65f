import type { ModelProfile } from './types.ts';

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
