import { z } from 'zod';

/**
 * Firmware over the air, ThingsBoard's way (issue 20): the operator stores a package per device
 * model; an update sets the device's fw_* shared attributes; the device fetches the bytes in chunks
 * over MQTT and reports its progress in `fw_state`.
 */

/** ThingsBoard's firmware states as a device reports them in `fw_state` (spec section 3). */
export const FIRMWARE_STATES = [
  'INITIATED',
  'DOWNLOADING',
  'DOWNLOADED',
  'VERIFYING',
  'UPDATING',
  'UPDATED',
  'FAILED',
] as const;
export const firmwareStateSchema = z.enum(FIRMWARE_STATES);
export type FirmwareState = z.infer<typeof firmwareStateSchema>;

/** The largest firmware package the operator may store: 4 MiB (an ESP32's OTA partition is smaller). */
export const MAX_FIRMWARE_BYTES = 4 * 1024 * 1024;

/** A version: up to four dot-separated numbers (`8`, `7.15`, `8.0.1`). */
export const FIRMWARE_VERSION_RE = /^\d{1,6}(\.\d{1,6}){0,3}$/;

/** `POST /api/operator/firmware` (`npm run firmware -- add`): the package's bytes in base64. */
export const operatorFirmwareBodySchema = z.object({
  /** A catalogue model id (`deviceProfileId`). */
  profile: z.string().min(1).max(64),
  version: z.string().regex(FIRMWARE_VERSION_RE, 'up to four dot-separated numbers, e.g. 8 or 7.16'),
  /** The file's bytes, base64. */
  data: z.string().min(1),
});

/** A stored package, without its bytes. */
export const firmwarePackageSchema = z.object({
  id: z.string(),
  profile: z.string(),
  title: z.string(),
  version: z.string(),
  size: z.number(),
  checksum: z.string(),
  checksumAlgorithm: z.literal('SHA256'),
  createdAt: z.string(),
});
export type FirmwarePackage = z.infer<typeof firmwarePackageSchema>;

/**
 * A device's firmware as the update screen shows it: the version it runs, the newest package
 * newer than that, the update it was sent (`target`), and its last report (state, download percent,
 * error, when).
 */
export const firmwareStatusSchema = z.object({
  deviceId: z.string(),
  /** `current_fw_version` as the device reported it; null before it ever did. */
  currentVersion: z.string().nullable(),
  /** The newest package of the device's model newer than `currentVersion`; null when up to date. */
  available: z.object({ version: z.string(), size: z.number() }).nullable(),
  /** The version the device was told to install (its `fw_version` shared attribute); null before any. */
  targetVersion: z.string().nullable(),
  /** When the update was sent (epoch ms), null before any. */
  requestedAt: z.number().nullable(),
  /** `fw_state` as the device last reported it. */
  state: firmwareStateSchema.nullable(),
  /** When `state` was reported (epoch ms). */
  stateTs: z.number().nullable(),
  /** Download percent (`fw_progress`, 0–100) while DOWNLOADING. */
  progress: z.number().nullable(),
  /** Why the update failed (`fw_error`), with FAILED. */
  error: z.string().nullable(),
  /** The device is connected now. */
  online: z.boolean(),
  /** The caller owns the device (only the owner may update it). */
  owner: z.boolean(),
});
export type FirmwareStatus = z.infer<typeof firmwareStatusSchema>;

/** Kept here for its importers; it lives beside the firmware floor (zod-free). */
export { compareFirmwareVersions } from './firmware-floor.ts';
