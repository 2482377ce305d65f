// How a client reaches the API, without zod (issue 16, initial JavaScript): the prefix, what a route
// needs besides its schemas (route-index.ts holds it for every route of routes.ts), the headers and
// cookie of the session, and the session's heartbeat.

export const API_PREFIX = '/api/v1';

export interface RouteMeta {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Path under /api/v1, Fastify style (`:id`). */
  path: string;
  /**
   * ThingsBoard's own full path of the same call (e.g. `/api/plugins/telemetry/...`), answered by
   * the same handler with the same authentication and parsing, but with the data unwrapped and
   * errors in ThingsBoard's shape (docs/decisions/021). Its parameter names are the contract's.
   */
  thingsboard?: string;
  /** Callable without a token (spec section 6). */
  anonymous: boolean;
  /**
   * Answers without a token too, but only what it tells strangers (the transferred-device listing
   * by pair key, docs/decisions/042); a client that has a token still sends it (not `anonymous`).
   */
  tokenOptional?: boolean;
  /**
   * A body that is not JSON: `binary`, the raw bytes with their own Content-Type (an uploaded
   * profile image, one of PROFILE_IMAGE_TYPES). Absent: JSON, or no body.
   */
  bodyKind?: BodyKind;
  /**
   * An answer that is not the JSON wrapper (errors still are): `binary`, bytes with their own
   * Content-Type, 204 without a body when there are none; `csv`, a CSV download with a file name.
   */
  responseKind?: ResponseKind;
  /**
   * The most bytes a JSON body may have, where a route needs more than DEFAULT_BODY_LIMIT (device
   * data, automations). A route without a body takes NO_BODY_LIMIT; a binary body has its own.
   */
  bodyLimit?: number;
}

/** Bytes a JSON body may have unless its route says otherwise (a 413 in the wrapper past it). */
export const DEFAULT_BODY_LIMIT = 32 * 1024;
/** Bytes a route without a body accepts (clients that send `{}` or a stray body on GET or DELETE). */
export const NO_BODY_LIMIT = 1024;

export type BodyKind = 'binary';
export type ResponseKind = 'binary' | 'csv';

/**
 * The web app's refresh token travels as an HttpOnly cookie instead (docs/decisions/022): the app asks
 * for it with this header on login and sign-up, and refreshes with no `refreshToken` in the body. A
 * refresh token delivered as the cookie is never in a body (`refreshToken` is then empty).
 */
export const REFRESH_IN_COOKIE_HEADER = 'x-refresh-in-cookie';
export const REFRESH_COOKIE = 'hestia_refresh';

/** The app's hashed client id travels in this header on login, logout, refresh and session calls. */
export const CLIENT_ID_HEADER = 'x-client-id';
export const CLIENT_ID_RE = /^[A-Za-z0-9_-]{8,128}$/;

/** How often an open app tells the server its session is still in use (`users/sessions/online`). */
export const SESSION_HEARTBEAT_MS = 60_000;
/**
 * A session counts as online while it has said so and was last active within this window: a closed
 * browser that never sent `users/sessions/offline` drops to offline after it.
 */
export const SESSION_ONLINE_WINDOW_MS = 3 * SESSION_HEARTBEAT_MS;
