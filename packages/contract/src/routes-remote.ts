import { z } from 'zod';
import type { RouteDef } from './routes.ts';

/**
 * Infrared remotes (issue 23, spec "IR remotes"): the catalogue (categories, brands per category,
 * remotes with named buttons) and the user's remotes on an IR blaster device. The codes are
 * protocol, address and command; the server renders them to timings (packages/ir) and sends those.
 */
const uuid = (what: string) => z.string().uuid(`${what} must be a UUID`);
const page = {
  page_index: z.coerce.number().int().min(0).default(0),
  page_size: z.coerce.number().int().min(1).max(1000).default(1000),
};

export const pageInfoSchema = z.object({
  pageIndex: z.number().int(),
  pageSize: z.number().int(),
  totalElements: z.number().int(),
  totalPages: z.number().int(),
  hasNext: z.boolean(),
});
const paged = <T extends z.ZodTypeAny>(item: T) =>
  z.object({ dataList: z.array(item), pageInfo: pageInfoSchema });

/** One IR code. `protocol` is checked by the server, so an unsupported one is a 400 that names the supported. */
export const irCodeSchema = z.object({
  protocol: z.string().min(1).max(32),
  address: z.number().int(),
  command: z.number().int(),
  toggle: z.union([z.literal(0), z.literal(1)]).optional(),
});
/** A frame learned from a remote whose protocol Hestia does not decode: carrier and µs timings, sent as they are. */
export const rawIrSignalSchema = z.object({
  carrierHz: z.number(),
  timings: z.array(z.number()).min(1).max(512),
});
/** A named button: a protocol code, or (a learned button only) a raw frame. */
export const remoteButtonSchema = z
  .object({
    name: z.string().trim().min(1).max(40),
    code: irCodeSchema.optional(),
    raw: rawIrSignalSchema.optional(),
  })
  .refine((b) => (b.code === undefined) !== (b.raw === undefined), {
    message: 'A button has either a code or a raw frame',
  });

export const remoteCategorySchema = z.object({ id: z.number().int(), key: z.string(), name: z.string() });
export const remoteCategoryBrandSchema = z.object({
  categoryBrandId: z.number().int(),
  categoryId: z.number().int(),
  brandId: z.number().int(),
  brandName: z.string(),
  source: z.string(),
});

/** createType: 0 a catalogue remote, 1 a custom remote of learned or typed buttons. */
export const REMOTE_CREATE_TYPE = { catalogue: 0, custom: 1 } as const;

/** The spec's remote result; `data` holds its buttons (a state remote: none, and `kind` 'state'). */
export const remoteSchema = z.object({
  remoteId: z.string(),
  model: z.string(),
  name: z.string(),
  kind: z.enum(['buttons', 'state']),
  categoryId: z.number().int().nullable(),
  categoryName: z.string().nullable(),
  brandId: z.number().int().nullable(),
  brandName: z.string().nullable(),
  createType: z.number().int(),
  categoryBrandId: z.number().int().nullable(),
  data: z.object({ buttons: z.array(remoteButtonSchema) }),
  creationDateTime: z.string().nullable(),
});
export type Remote = z.infer<typeof remoteSchema>;

/** A remote on the user's IR blaster: the catalogue's (remoteId its number) or custom. */
export const userRemoteSchema = remoteSchema.extend({
  id: z.string(),
  deviceId: z.string(),
  /** The catalogue remote it was added from; null for a custom remote. */
  catalogueRemoteId: z.number().int().nullable(),
});
export type UserRemote = z.infer<typeof userRemoteSchema>;

export const acStateSchema = z.object({
  power: z.boolean(),
  mode: z.string(),
  temperature: z.number(),
  fan: z.string(),
});

/** What the blaster was sent: the code and the timings it carried. */
export const remoteSendResultSchema = z.object({
  /** The code sent; null for a raw frame. */
  code: irCodeSchema.nullable(),
  carrierHz: z.number(),
  timings: z.array(z.number()),
});

const remoteName = z.string().trim().min(1, 'name must not be empty').max(64);
const buttons = z.array(remoteButtonSchema).max(200);

export const remoteRoutes = {
  remoteCategories: {
    method: 'GET',
    path: '/remote-categories',
    anonymous: false,
    response: z.array(remoteCategorySchema),
  },
  remoteCategoryBrands: {
    method: 'GET',
    path: '/remote-category-brands',
    anonymous: false,
    query: z.object({ category_id: z.coerce.number().int().min(1).optional(), ...page }),
    response: paged(remoteCategoryBrandSchema),
  },
  remotes: {
    method: 'GET',
    path: '/remotes',
    anonymous: false,
    query: z.object({
      type: z.enum(['buttons', 'state']).optional(),
      brand_id: z.coerce.number().int().min(1).optional(),
      category_id: z.coerce.number().int().min(1).optional(),
      ...page,
    }),
    response: paged(remoteSchema),
  },
  remote: {
    method: 'GET',
    path: '/remotes/:id',
    anonymous: false,
    params: z.object({ id: z.coerce.number().int().min(1) }),
    response: remoteSchema,
  },
  customerRemotes: {
    method: 'GET',
    path: '/customer/remotes',
    anonymous: false,
    query: z.object({ device_id: uuid('device_id'), ...page }),
    response: paged(userRemoteSchema),
  },
  addCustomerRemote: {
    method: 'POST',
    path: '/customer/remotes/:remoteId',
    anonymous: false,
    params: z.object({ remoteId: z.coerce.number().int().min(1) }),
    body: z.object({ deviceId: uuid('deviceId'), name: remoteName.optional() }),
    response: userRemoteSchema,
  },
  deleteCustomerRemote: {
    method: 'DELETE',
    path: '/customer/remotes/:remoteId',
    anonymous: false,
    params: z.object({ remoteId: uuid('remoteId') }),
    response: z.object({}).passthrough(),
  },
  addCustomRemote: {
    method: 'POST',
    path: '/customer/remotes/add-custom',
    anonymous: false,
    body: z.object({
      deviceId: uuid('deviceId'),
      name: remoteName,
      categoryId: z.number().int().min(1).optional(),
      buttons,
    }),
    response: userRemoteSchema,
  },
  /** Rename a remote, or replace a custom remote's buttons (the spec's "edit custom remote"). */
  editCustomRemote: {
    method: 'POST',
    path: '/customer/remotes/edit-custom',
    anonymous: false,
    body: z.object({ id: uuid('id'), name: remoteName.optional(), buttons: buttons.optional() }),
    response: userRemoteSchema,
  },
  /** Send one button (by name) or, to a state remote, a whole state through the remote's IR blaster. */
  sendRemoteButton: {
    method: 'POST',
    path: '/customer/remotes/:remoteId/send',
    anonymous: false,
    params: z.object({ remoteId: uuid('remoteId') }),
    body: z.object({ button: z.string().min(1).max(40).optional(), state: acStateSchema.optional() }),
    response: remoteSendResultSchema,
  },
} as const satisfies Record<string, RouteDef>;
