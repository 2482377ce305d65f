import type { AppPackageInfo } from '@hestia/contract';
import { compareFirmwareVersions } from '@hestia/contract/light';

/**
 * The app-update modal's rules (spec section 7: `files/app/info` gives version, size and checksum for
 * the update modal; docs/decisions/042).
 */

/** Where the version the user put off is kept: the modal comes back only for a newer one. */
export const DISMISSED_KEY = 'app-update-dismissed';

const VERSION = /^\d+(\.\d+)*$/;

/** True when the published package is newer than this app and its version was not put off. */
export function offersUpdate(
  info: AppPackageInfo | null | undefined,
  current: string,
  dismissed: string | null,
): boolean {
  if (!info || !VERSION.test(info.version) || !VERSION.test(current)) return false;
  if (compareFirmwareVersions(info.version, current) <= 0) return false;
  return (
    dismissed === null || !VERSION.test(dismissed) || compareFirmwareVersions(info.version, dismissed) > 0
  );
}

/** Megabytes with one decimal, at least 0.1. */
export const megabytes = (bytes: number): number => Math.max(0.1, Math.round(bytes / 104_857.6) / 10);

/** The SHA-256 of the downloaded bytes, hex, to compare with the one `files/app/info` gave. */
export async function sha256Hex(blob: Blob): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', await blob.arrayBuffer());
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}
