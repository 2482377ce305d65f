import { emptyResultSchema } from './auth.ts';
import { deviceIdParamsSchema } from './device.ts';
import {
  deviceCategorySchema,
  deviceParameterSchema,
  deviceProfileListQuerySchema,
  deviceProfileParamsSchema,
  deviceProfileSchema,
  deviceProfileSummarySchema,
  deviceSettingBodySchema,
  deviceSettingParamsSchema,
  deviceSettingSchema,
  deviceValidActionsSchema,
  keyActionBodySchema,
  keyActionParamsSchema,
  keyActionReorderBodySchema,
  keyActionSchema,
  keyLabelsSchema,
  profileIdParamsSchema,
  profileValidActionsSchema,
  setKeyLabelsBodySchema,
  validActionSchema,
} from './device-settings.ts';
import type { RouteDef } from './routes.ts';

/**
 * Issue 7: a device's settings, key actions and labels, valid actions and device profiles
 * (spec section 6, Devices and Profiles).
 */
export const deviceRoutes = {
  getDeviceSetting: {
    method: 'GET',
    path: '/devices/:id/settings/:type',
    anonymous: false,
    params: deviceSettingParamsSchema,
    response: deviceSettingSchema,
  },
  patchDeviceSetting: {
    method: 'PATCH',
    path: '/devices/:id/settings/:type',
    anonymous: false,
    params: deviceSettingParamsSchema,
    body: deviceSettingBodySchema,
    response: deviceSettingSchema,
  },
  /** The spec's `.../update` variant: same write, answered once the device reported the new values. */
  updateDeviceSetting: {
    method: 'PATCH',
    path: '/devices/:id/settings/:type/update',
    anonymous: false,
    params: deviceSettingParamsSchema,
    body: deviceSettingBodySchema,
    response: deviceSettingSchema,
  },

  listKeyActions: {
    method: 'GET',
    path: '/devices/:id/key-actions',
    anonymous: false,
    params: deviceIdParamsSchema,
    response: keyActionSchema.array(),
  },
  addKeyAction: {
    method: 'POST',
    path: '/devices/:id/key-actions',
    anonymous: false,
    params: deviceIdParamsSchema,
    body: keyActionBodySchema,
    response: keyActionSchema,
  },
  reorderKeyActions: {
    method: 'POST',
    path: '/devices/:id/key-actions/item-reorder',
    anonymous: false,
    params: deviceIdParamsSchema,
    body: keyActionReorderBodySchema,
    response: keyActionSchema.array(),
  },
  getKeyAction: {
    method: 'GET',
    path: '/devices/:id/key-actions/:actionId',
    anonymous: false,
    params: keyActionParamsSchema,
    response: keyActionSchema,
  },
  editKeyAction: {
    method: 'PUT',
    path: '/devices/:id/key-actions/:actionId',
    anonymous: false,
    params: keyActionParamsSchema,
    body: keyActionBodySchema,
    response: keyActionSchema,
  },
  deleteKeyAction: {
    method: 'DELETE',
    path: '/devices/:id/key-actions/:actionId',
    anonymous: false,
    params: keyActionParamsSchema,
    response: emptyResultSchema,
  },

  getKeyLabels: {
    method: 'GET',
    path: '/devices/:id/key-labels',
    anonymous: false,
    params: deviceIdParamsSchema,
    response: keyLabelsSchema,
  },
  setKeyLabels: {
    method: 'POST',
    path: '/devices/:id/key-labels',
    anonymous: false,
    params: deviceIdParamsSchema,
    body: setKeyLabelsBodySchema,
    response: keyLabelsSchema,
  },

  /** Valid actions of every device the caller may control (owner or control share). */
  validActions: {
    method: 'GET',
    path: '/devices/valid-actions',
    anonymous: false,
    response: deviceValidActionsSchema.array(),
  },
  deviceValidActions: {
    method: 'GET',
    path: '/devices/:id/valid-actions',
    anonymous: false,
    params: deviceIdParamsSchema,
    response: deviceValidActionsSchema,
  },
  allProfileValidActions: {
    method: 'GET',
    path: '/deviceProfiles/valid-actions',
    anonymous: false,
    response: profileValidActionsSchema.array(),
  },
  profileValidActions: {
    method: 'GET',
    path: '/deviceProfiles/:profileId/valid-actions',
    anonymous: false,
    params: profileIdParamsSchema,
    response: validActionSchema.array(),
  },
  listDeviceProfiles: {
    method: 'GET',
    path: '/deviceProfiles',
    anonymous: false,
    query: deviceProfileListQuerySchema,
    response: deviceProfileSummarySchema.array(),
  },
  getDeviceProfile: {
    method: 'GET',
    path: '/deviceProfiles/:id',
    anonymous: false,
    params: deviceProfileParamsSchema,
    response: deviceProfileSchema,
  },
  /** Parameters a condition or data exchange may read: every reported key of the profile. */
  profileValidParams: {
    method: 'GET',
    path: '/deviceProfiles/:id/valid-params',
    anonymous: false,
    params: deviceProfileParamsSchema,
    response: deviceParameterSchema.array(),
  },
  deviceCategories: {
    method: 'GET',
    path: '/device-categories',
    anonymous: false,
    response: deviceCategorySchema.array(),
  },
} as const satisfies Record<string, RouteDef>;
