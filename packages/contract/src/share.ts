import { z } from 'zod';

/** What a user may do with a device: everything (owner), control it, or only watch it. */
export const accessSchema = z.enum(['owner', 'control', 'view']);
export type Access = z.infer<typeof accessSchema>;

export const shareStatusSchema = z.enum(['pending', 'active', 'expired', 'deleted']);
export type ShareStatus = z.infer<typeof shareStatusSchema>;

export const createShareBodySchema = z.object({
  scope: z.enum(['control', 'view']).default('control'),
  /** When the shared access ends (ISO date-time, in the future); none means until revoked. */
  expiresAt: z.string().datetime({ offset: true }).nullish(),
});
export const updateShareBodySchema = z
  .object({
    scope: z.enum(['control', 'view']).optional(),
    expiresAt: z.string().datetime({ offset: true }).nullish(),
  })
  .refine((b) => b.scope !== undefined || b.expiresAt !== undefined, { message: 'Nothing to change' });

export const shareSchema = z.object({
  id: z.string(),
  deviceId: z.string(),
  deviceLabel: z.string(),
  scope: z.enum(['control', 'view']),
  status: shareStatusSchema,
  /** The user who accepted it, masked; null while pending. */
  user: z.object({ id: z.string(), name: z.string(), username: z.string() }).nullable(),
  requestDate: z.string(),
  activationDate: z.string().nullable(),
  expirationDate: z.string().nullable(),
  deleteDate: z.string().nullable(),
});
export type Share = z.infer<typeof shareSchema>;

export const createdShareSchema = shareSchema.extend({
  /** The one-time token; the link and QR code carry it. Shown once. */
  token: z.string(),
  /** App path that accepts the share: /share/{token}. */
  link: z.string(),
  tokenExpiresAt: z.string(),
});

export const shareParamsSchema = z.object({
  id: z.string().uuid('Device id must be a UUID'),
  shareId: z.string().uuid('Share id must be a UUID'),
});
export const shareTokenParamsSchema = z.object({
  shareToken: z.string().regex(/^[A-Za-z0-9_-]{20,64}$/, 'The share link is not valid'),
});
export const shareListQuerySchema = z.object({ deviceId: z.string().uuid().optional() });
export const finalizedShareSchema = z.object({ deviceId: z.string(), scope: z.enum(['control', 'view']) });
