import { z } from 'zod';
import { deviceSchema } from './device.ts';

/**
 * Claiming (ThingsBoard's device claiming) and the operator's device records
 * (docs/decisions/020).
 */

/** ThingsBoard's claim results: the device is now the caller's, already someone's, or not claimable. */
export const claimResponseSchema = z.enum(['SUCCESS', 'CLAIMED', 'FAILURE']);
export type ClaimResponseStatus = z.infer<typeof claimResponseSchema>;

/** `POST /devices/claim`: the device's name (its AP MAC) and the secret key it sent in its claim. */
export const claimBodySchema = z.object({
  deviceName: z.string().min(1).max(64),
  secretKey: z.string().min(1).max(255),
});

/** A claim that succeeded (SUCCESS), or that the caller had already made (CLAIMED): the device. */
export const claimResultSchema = z.object({
  response: claimResponseSchema,
  device: deviceSchema,
});
export type ClaimResult = z.infer<typeof claimResultSchema>;

/** The operator's routes live here, outside /api/v1 (the app's), behind the operator key. */
export const OPERATOR_PREFIX = '/api/operator';

export const operatorAddBodySchema = z.object({
  /** A catalogue model id (`deviceProfileId`), e.g. switch-one-pole. */
  model: z.string().min(1).max(64),
  mac: z.string().min(1).max(64),
  /** Email of the account that owns the device at once; none leaves it to be claimed. */
  owner: z.string().min(1).max(254).optional(),
  /** The device's access token; generated when absent. */
  token: z.string().min(1).max(64).optional(),
});

export const operatorCreatedSchema = z.object({
  id: z.string(),
  mac: z.string().nullable(),
  token: z.string(),
});

/** A factory batch as CSV text: header `mac,model[,token]`, one device a row. */
export const operatorImportBodySchema = z.object({ csv: z.string().min(1) });
export const operatorImportResultSchema = z.object({
  imported: z.number(),
  devices: operatorCreatedSchema.array(),
});

export const operatorRecordSchema = z.object({
  id: z.string(),
  mac: z.string().nullable(),
  model: z.string(),
  ownerId: z.string().nullable(),
  ownerEmail: z.string().nullable(),
  token: z.string(),
  provisioned: z.boolean(),
});

export const operatorProvisionKeysBodySchema = z.object({ model: z.string().min(1).max(64) });
export const operatorProvisionKeysSchema = z.object({
  provisionDeviceKey: z.string(),
  provisionDeviceSecret: z.string(),
});
