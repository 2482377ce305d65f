import { z } from 'zod';

/**
 * Adding a device (issue 18, docs/decisions/025 and 026): the pair key a user asks for before the
 * device joins, the change of owner, the device's first set-up and the catalogue's brands.
 */

/** How long a pair key stays live, in seconds: the spec's 3-minute window. */
export const PAIR_KEY_WINDOW_SECONDS = 180;

/** The two readings of the spec's pair key: 4 shuffled characters (`alpha`) or 4 digits (`digits`). */
export const PAIR_KEY_FORMATS = ['alpha', 'digits'] as const;
export const pairKeyFormatSchema = z.enum(PAIR_KEY_FORMATS);
export type PairKeyFormat = z.infer<typeof pairKeyFormatSchema>;

/** A device named by its AP MAC: `A4:CF:12:E0:51:C2`, with dashes, lower case or 12 bare hex digits. */
export const macParamsSchema = z.object({ mac: z.string().min(1).max(32) });

export const pairKeyQuerySchema = z.object({
  /** The chosen place; the caller's default place when absent. */
  assetId: z.string().uuid('assetId must be a UUID').optional(),
  format: pairKeyFormatSchema.optional(),
});

export const pairKeySchema = z.object({
  pairkey: z.string(),
  /** When the key stops being accepted (ISO 8601). */
  expiresAt: z.string(),
  windowSeconds: z.number(),
  /** The catalogue model of the device (its deviceProfileId). */
  deviceProfileId: z.string(),
  /** Another user owns the device: the app goes through change-owner before the device joins. */
  ownedByOther: z.boolean(),
});
export type PairKey = z.infer<typeof pairKeySchema>;

/** A pair key may be sent as the user typed it: surrounding spaces are dropped. */
export const changeOwnerBodySchema = z.object({ pairkey: z.string().trim().min(1).max(16) });

export const changeOwnerSchema = z.object({
  deviceId: z.string(),
  /** Sent to the device with the pair key (`ownerKey` of set-device-wifi-info). */
  ownerKey: z.string(),
});
export type ChangeOwner = z.infer<typeof changeOwnerSchema>;

export const postConfigBodySchema = z.object({
  label: z.string().trim().min(1, 'label must not be empty').max(64, 'label must be at most 64 characters'),
  /** A place or room of the caller. */
  assetId: z.string().uuid('assetId must be a UUID'),
});

/** The owner allows or refuses adding the device again (spec: the owner can disable reconfiguration). */
export const reconfigurationBodySchema = z.object({ disabled: z.boolean() });

export const deviceBrandSchema = z.object({
  /** The catalogue's `brand` (`generic` included). */
  id: z.string(),
  name: z.string(),
  profileIds: z.array(z.string()),
});
export type DeviceBrand = z.infer<typeof deviceBrandSchema>;

export const brandIdParamsSchema = z.object({ brandId: z.string().min(1).max(64) });
