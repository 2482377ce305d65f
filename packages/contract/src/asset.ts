import { z } from 'zod';

const uuid = (what: string) => z.string().uuid(`${what} must be a UUID`);
const name = z.string().trim().min(1, 'The name cannot be empty').max(64, 'The name is too long');

/** A place (parentId null) or a room (parentId is its place). */
export const assetSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(['place', 'room']),
  label: z.string(),
  customerId: z.string(),
  ownerId: z.string(),
  parentId: z.string().nullable(),
  creationDateTime: z.string(),
  isDefault: z.boolean(),
  deviceCount: z.number(),
});
export type Asset = z.infer<typeof assetSchema>;

export const assetTreeSchema = assetSchema.extend({ children: assetSchema.array() });
export type AssetTree = z.infer<typeof assetTreeSchema>;

export const assetIdParamsSchema = z.object({ assetId: uuid('Place or room id') });
export const idParamsSchema = z.object({ id: uuid('Id') });
export const assetListQuerySchema = z.object({
  assetId: uuid('Place id').optional(),
  assetName: z.string().max(64).optional(),
});
export const addAssetBodySchema = z.object({
  name,
  parentId: uuid('Place id').nullish(),
  label: z.string().max(64).optional(),
});
export const editAssetBodySchema = z.object({
  id: uuid('Place or room id'),
  name,
  label: z.string().max(64).optional(),
});
export const deleteAssetResultSchema = z.object({ movedDevices: z.number(), movedTo: z.string() });

export const deviceIdsBodySchema = z.object({
  deviceIds: z.array(uuid('Device id')).min(1, 'Choose at least one device').max(500),
});
export const deviceIdBodySchema = z.object({ deviceId: uuid('Device id') });
export const renameDeviceBodySchema = z.object({ label: name });
