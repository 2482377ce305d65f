/**
 * The firmware floor (spec section 9, "Minimum firmware version constant: 7.15"; section 8, "Device
 * not up to date, contact support"). Without zod, so the web app's first load may use it.
 * docs/decisions/042.
 */

/** The oldest firmware the server still sends commands to. */
export const MIN_FIRMWARE_VERSION = '7.15';

/** Compares two versions number by number (`7.15` < `8` < `8.0.1`); a missing part counts as 0. */
export function compareFirmwareVersions(a: string, b: string): number {
  const pa = a.split('.').map((n) => Number.parseInt(n, 10) || 0);
  const pb = b.split('.').map((n) => Number.parseInt(n, 10) || 0);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return d < 0 ? -1 : 1;
  }
  return 0;
}

/**
 * True when the device reported a version (`current_fw_version`) below the floor. A device that never
 * said, or said something that holds no number, is not refused: nothing is known against it.
 */
export function belowFirmwareFloor(reported: unknown): boolean {
  if (reported === null || reported === undefined) return false;
  const text = String(reported).trim();
  if (!/^\d+(\.\d+)*$/.test(text)) return false;
  return compareFirmwareVersions(text, MIN_FIRMWARE_VERSION) < 0;
}
