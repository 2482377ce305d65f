import type { z } from 'zod';
import {
  changeEmailRequestSchema,
  changeEmailSchema,
  changePasswordBodySchema,
  changePhoneRequestSchema,
  changePhoneSchema,
  checkCodeBodySchema,
  codeSentSchema,
  emptyResultSchema,
  loginBodySchema,
  loginResultSchema,
  logoutBodySchema,
  refreshBodySchema,
  registerBodySchema,
  registerFinalizeBodySchema,
  resetPasswordBodySchema,
  timeResultSchema,
  usernameBodySchema,
} from './auth.ts';
import {
  deviceIdParamsSchema,
  deviceListQuerySchema,
  deviceSchema,
  rpcBodySchema,
  rpcResultSchema,
} from './device.ts';
import {
  addAssetBodySchema,
  assetIdParamsSchema,
  assetListQuerySchema,
  assetSchema,
  assetTreeSchema,
  deleteAssetResultSchema,
  deviceIdBodySchema,
  deviceIdsBodySchema,
  editAssetBodySchema,
  idParamsSchema,
  renameDeviceBodySchema,
} from './asset.ts';
import {
  createdShareSchema,
  createShareBodySchema,
  finalizedShareSchema,
  shareListQuerySchema,
  shareParamsSchema,
  shareSchema,
  shareTokenParamsSchema,
  updateShareBodySchema,
} from './share.ts';
import { profileSchema, profileUpdateParamsSchema, sessionIdParamsSchema, sessionSchema } from './user.ts';

export const API_PREFIX = '/api/v1';

export interface RouteDef {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Path under /api/v1, Fastify style (`:id`). */
  path: string;
  /** Callable without a token (spec section 6). */
  anonymous: boolean;
  params?: z.ZodTypeAny;
  query?: z.ZodTypeAny;
  body?: z.ZodTypeAny;
  response: z.ZodTypeAny;
}

/** The one list of /api/v1 routes: server registration, client calls and access tests derive from it. */
export const routes = {
  login: {
    method: 'POST',
    path: '/users/login',
    anonymous: true,
    body: loginBodySchema,
    response: loginResultSchema,
  },
  authenticate: {
    method: 'POST',
    path: '/users/authenticate',
    anonymous: true,
    body: usernameBodySchema,
    response: codeSentSchema,
  },
  register: {
    method: 'POST',
    path: '/users/register',
    anonymous: true,
    body: registerBodySchema,
    response: codeSentSchema,
  },
  registerFinalize: {
    method: 'POST',
    path: '/users/register-finalize',
    anonymous: true,
    body: registerFinalizeBodySchema,
    response: loginResultSchema,
  },
  refreshToken: {
    method: 'POST',
    path: '/users/refreshToken',
    anonymous: true,
    body: refreshBodySchema,
    response: loginResultSchema,
  },
  logout: {
    method: 'POST',
    path: '/users/logout',
    anonymous: true,
    body: logoutBodySchema,
    response: emptyResultSchema,
  },
  resetPasswordRequest: {
    method: 'POST',
    path: '/user/reset-password-request',
    anonymous: true,
    body: usernameBodySchema,
    response: codeSentSchema,
  },
  sendRecoveryCode: {
    method: 'POST',
    path: '/users/reset-password/send-recovery-code',
    anonymous: true,
    body: usernameBodySchema,
    response: codeSentSchema,
  },
  checkRecoveryCode: {
    method: 'POST',
    path: '/users/reset-password/check-recovery-code',
    anonymous: true,
    body: checkCodeBodySchema,
    response: emptyResultSchema,
  },
  resetPassword: {
    method: 'POST',
    path: '/user/reset-password',
    anonymous: true,
    body: resetPasswordBodySchema,
    response: emptyResultSchema,
  },
  changePassword: {
    method: 'POST',
    path: '/users/change-password',
    anonymous: false,
    body: changePasswordBodySchema,
    response: emptyResultSchema,
  },
  profile: { method: 'GET', path: '/users/profile', anonymous: false, response: profileSchema },
  updateProfile: {
    method: 'PATCH',
    path: '/users/profile/:type/update',
    anonymous: false,
    params: profileUpdateParamsSchema,
    response: profileSchema,
  },
  changeEmailRequest: {
    method: 'POST',
    path: '/users/change-email-request',
    anonymous: false,
    body: changeEmailRequestSchema,
    response: codeSentSchema,
  },
  changeEmail: {
    method: 'POST',
    path: '/users/change-email',
    anonymous: false,
    body: changeEmailSchema,
    response: profileSchema,
  },
  changePhoneRequest: {
    method: 'POST',
    path: '/users/change-phone-request',
    anonymous: false,
    body: changePhoneRequestSchema,
    response: codeSentSchema,
  },
  changePhone: {
    method: 'POST',
    path: '/users/change-phone',
    anonymous: false,
    body: changePhoneSchema,
    response: profileSchema,
  },
  sessions: { method: 'GET', path: '/users/sessions', anonymous: false, response: sessionSchema.array() },
  terminateSession: {
    method: 'POST',
    path: '/users/sessions/:id/terminate',
    anonymous: false,
    params: sessionIdParamsSchema,
    response: emptyResultSchema,
  },
  deleteSession: {
    method: 'DELETE',
    path: '/user/sessions/:id',
    anonymous: false,
    params: sessionIdParamsSchema,
    response: emptyResultSchema,
  },
  sessionOnline: {
    method: 'POST',
    path: '/users/sessions/online',
    anonymous: false,
    response: emptyResultSchema,
  },
  sessionOffline: {
    method: 'POST',
    path: '/users/sessions/offline',
    anonymous: false,
    response: emptyResultSchema,
  },
  time: { method: 'GET', path: '/time', anonymous: true, response: timeResultSchema },
  listDevices: {
    method: 'GET',
    path: '/customer/devices',
    anonymous: false,
    query: deviceListQuerySchema,
    response: deviceSchema.array(),
  },
  getDevice: {
    method: 'GET',
    path: '/devices/:id',
    anonymous: false,
    params: deviceIdParamsSchema,
    response: deviceSchema,
  },
  renameDevice: {
    method: 'PUT',
    path: '/devices/:id',
    anonymous: false,
    params: deviceIdParamsSchema,
    body: renameDeviceBodySchema,
    response: deviceSchema,
  },
  deleteDevice: { method: 'DELETE', path: '/devices/:id', anonymous: false, params: deviceIdParamsSchema, response: emptyResultSchema },
  favourites: { method: 'GET', path: '/customer/devices/favourite', anonymous: false, response: deviceSchema.array() },
  addFavourite: { method: 'POST', path: '/devices/favourite/add', anonymous: false, body: deviceIdBodySchema, response: emptyResultSchema },
  deleteFavourite: { method: 'POST', path: '/devices/favourite/delete', anonymous: false, body: deviceIdBodySchema, response: emptyResultSchema },
  assetTree: { method: 'GET', path: '/customer/assets/tree-view', anonymous: false, response: assetTreeSchema.array() },
  listAssets: { method: 'GET', path: '/customer/assets', anonymous: false, query: assetListQuerySchema, response: assetSchema.array() },
  getAsset: { method: 'GET', path: '/customer/assets/:assetId', anonymous: false, params: assetIdParamsSchema, response: assetSchema },
  addAsset: { method: 'POST', path: '/customer/assets', anonymous: false, body: addAssetBodySchema, response: assetSchema },
  editAsset: { method: 'PUT', path: '/customer/assets', anonymous: false, body: editAssetBodySchema, response: assetSchema },
  deleteAsset: {
    method: 'DELETE',
    path: '/customer/assets/:assetId',
    anonymous: false,
    params: assetIdParamsSchema,
    response: deleteAssetResultSchema,
  },
  setDefaultAsset: { method: 'POST', path: '/customer/assets/:id/default', anonymous: false, params: idParamsSchema, response: assetSchema },
  addDevicesToAsset: {
    method: 'POST',
    path: '/assets/:assetId/devices',
    anonymous: false,
    params: assetIdParamsSchema,
    body: deviceIdsBodySchema,
    response: emptyResultSchema,
  },
  removeDeviceFromAsset: { method: 'DELETE', path: '/assets/devices', anonymous: false, body: deviceIdBodySchema, response: emptyResultSchema },
  createShare: {
    method: 'POST',
    path: '/devices/:id/shares',
    anonymous: false,
    params: deviceIdParamsSchema,
    body: createShareBodySchema,
    response: createdShareSchema,
  },
  updateShare: {
    method: 'PATCH',
    path: '/devices/:id/shares/:shareId',
    anonymous: false,
    params: shareParamsSchema,
    body: updateShareBodySchema,
    response: shareSchema,
  },
  deleteShare: {
    method: 'DELETE',
    path: '/devices/:id/shares/:shareId',
    anonymous: false,
    params: shareParamsSchema,
    response: emptyResultSchema,
  },
  listShares: { method: 'GET', path: '/shares', anonymous: false, query: shareListQuerySchema, response: shareSchema.array() },
  finalizeShare: {
    method: 'POST',
    path: '/devices/shares/:shareToken/finalize',
    anonymous: false,
    params: shareTokenParamsSchema,
    response: finalizedShareSchema,
  },
  twowayRpc: {
    method: 'POST',
    path: '/devices/:id/twoway-rpc',
    anonymous: false,
    params: deviceIdParamsSchema,
    body: rpcBodySchema,
    response: rpcResultSchema,
  },
  onewayRpc: {
    method: 'POST',
    path: '/devices/:id/oneway-rpc',
    anonymous: false,
    params: deviceIdParamsSchema,
    body: rpcBodySchema,
    response: rpcResultSchema,
  },
} as const satisfies Record<string, RouteDef>;

export type RouteName = keyof typeof routes;
export type RouteResponse<N extends RouteName> = z.infer<(typeof routes)[N]['response']>;
