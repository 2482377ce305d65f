import type { ApiResponse, FileAnswer, KeyValue, RouteName, RouteResponse, routes } from '@hestia/contract';
import {
  API_PREFIX,
  CLIENT_ID_HEADER,
  COMPANY_HEADER,
  errorCatalog,
  REFRESH_IN_COOKIE_HEADER,
  type RouteMeta,
  routeIndex,
} from '@hestia/contract/light';
import type { z } from 'zod';
import { ApiError, isTokenRejected } from './errors.ts';
import { createRefresher, type Refresher, type TokenAuth } from './token-refresh.ts';

type Def<N extends RouteName> = (typeof routes)[N];
type Part<S> = S extends z.ZodTypeAny ? z.input<S> : never;
export type CallInput<N extends RouteName> = {
  [K in 'params' | 'query' | 'body' as Def<N> extends Record<K, z.ZodTypeAny> ? K : never]: Part<
    Def<N> extends Record<K, infer S> ? S : never
  >;
} & (Def<N> extends { bodyKind: 'binary' } ? { body: BinaryBody } : unknown);

/** The body of a `binary` route (a profile image): the bytes and their Content-Type. */
export interface BinaryBody {
  data: Blob | Uint8Array;
  type: string;
}

export interface ClientOptions {
  /** Origin of the server, e.g. `http://localhost:8080`; empty for same-origin. */
  baseUrl?: string;
  /** The token of a client without `auth`. */
  getToken?: () => string | undefined;
  /**
   * The session's token, kept fresh by the client itself: refreshed before a call once it has expired,
   * and once more on a 401 'session has expired' answer, one refresh for all parallel calls; never
   * for anonymous routes or the refresh itself (token-refresh.ts). Replaces `getToken`.
   */
  auth?: TokenAuth;
  language?: () => string;
  /** The app's hashed client id, sent on the calls the spec names. */
  clientId?: () => string | undefined;
  /** A white-label flavour's company id, sent on every call (COMPANY_HEADER, spec section 7). */
  company?: () => string | undefined;
  /**
   * Ask for the refresh token as an HttpOnly cookie on login, sign-up and refresh (the web app,
   * docs/decisions/022); the answers' `refreshToken` is then empty.
   */
  refreshInCookie?: boolean;
  /** Default 10 s (spec section 7). */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export const DEFAULT_TIMEOUT_MS = 10_000;

/** Options of one call. */
export interface CallInit {
  /** Default the client's timeout. */
  timeoutMs?: number;
  /**
   * Let the request outlive the page (fetch's `keepalive`): a call made as the page is hidden or
   * closed, such as saying the session is going offline, is not cancelled by the browser.
   */
  keepalive?: boolean;
  /**
   * Runs just before the request leaves, after any token refresh it waited for, and before a resend;
   * throwing stops the call (a device command refuses to go out offline).
   */
  beforeSend?: () => void;
}

/**
 * One fetch that fails as the wrapper's errors do: `timeout` when no answer came within `timeoutMs`,
 * `network error` when none came at all (both 400, spec section 8). The time-out covers the answer's
 * start (its headers): reading its body is the caller's. Shared by HestiaClient and VoiceClient.
 */
export async function fetchWithTimeout(
  fetchFn: typeof fetch,
  url: string,
  init: Omit<RequestInit, 'signal'>,
  timeoutMs: number,
): Promise<Response> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    return await fetchFn(url, { ...init, signal: controller.signal });
  } catch (err) {
    throw controller.signal.aborted
      ? new ApiError('timeout', 400)
      : new ApiError('network error', 400, String(err));
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The data of a wrapper answer `{data, isSuccess, message, statusCode}`, or its refusal as an
 * ApiError; an answer that is not the wrapper is 'Request not found' for a 404, 'network error'
 * otherwise. Shared by HestiaClient and VoiceClient.
 */
export async function unwrapResponse(res: Response): Promise<unknown> {
  let body: ApiResponse<unknown>;
  try {
    body = (await res.json()) as ApiResponse<unknown>;
  } catch {
    throw new ApiError(
      res.status === 404 ? 'Request not found' : 'network error',
      res.status === 404 ? 404 : 400,
    );
  }
  if (!body.isSuccess) throw new ApiError(body.message, body.statusCode, body.data);
  return body.data;
}

/** Calls that carry the hashed client id (spec section 7). */
const CLIENT_ID_ROUTES: ReadonlySet<RouteName> = new Set<RouteName>([
  'login',
  'logout',
  'registerFinalize',
  'refreshToken',
  'sessionOnline',
  'sessionOffline',
]);

/** Calls that hand out a refresh token. */
const REFRESH_ROUTES: ReadonlySet<RouteName> = new Set<RouteName>([
  'login',
  'registerFinalize',
  'refreshToken',
]);

/**
 * Anonymous calls that still carry the session's token: logout ends the caller's own session. The
 * others go without it, so a stale token cannot make the server refuse a login, a clock read or the
 * refresh that is to replace it.
 */
const TOKEN_ANONYMOUS_ROUTES: ReadonlySet<RouteName> = new Set<RouteName>(['logout']);

/** Typed REST client for /api/v1; every call is one of contract's routes. */
export class HestiaClient {
  private readonly refresher: Refresher | undefined;

  constructor(private readonly opts: ClientOptions = {}) {
    this.refresher = opts.auth
      ? createRefresher(opts.auth, (current) =>
          this.call('refreshToken', { body: { token: current.token ?? undefined } }),
        )
      : undefined;
  }

  /**
   * Refresh the session's token when it expires within `leadMs` (the tab bar's hour ahead); with the
   * `auth` option only. A refused refresh ends the session; a network failure keeps it.
   */
  async refreshIfDue(leadMs = 0): Promise<void> {
    await this.refresher?.refreshIfDue(leadMs);
  }

  /**
   * Another channel (the live socket) was refused `token` as expired or invalid: refresh once, unless
   * a refresh is under way (wait for it) or done (the session holds another token by now). True when
   * the session still holds, with another token than the refused one; a refused refresh ends it.
   */
  async refreshRejected(token: string): Promise<boolean> {
    const outcome = await this.refresher?.refreshRejected(token);
    if (!outcome || 'ended' in outcome) return false;
    const next = this.token();
    return !!next && next !== token;
  }

  async call<N extends RouteName>(
    name: N,
    input: CallInput<N>,
    init: CallInit = {},
  ): Promise<RouteResponse<N>> {
    // How to reach the route, without its schemas: the client never loads zod (issue 16).
    const def: RouteMeta = routeIndex[name];
    const parts = input as {
      params?: Record<string, string>;
      query?: Record<string, unknown>;
      body?: unknown;
    };
    let path = def.path.replace(/:([a-zA-Z]+)/g, (_, key: string) =>
      encodeURIComponent(String(parts.params?.[key] ?? '')),
    );
    // Query parameters are appended only when not null (spec section 7).
    const query = Object.entries(parts.query ?? {}).filter(([, v]) => v !== undefined && v !== null);
    if (query.length > 0) path += `?${new URLSearchParams(query.map(([k, v]) => [k, String(v)])).toString()}`;
    const headers: Record<string, string> = { Accept: 'application/json' };
    const lang = this.opts.language?.();
    if (lang) headers['Accept-Language'] = lang;
    const binary = def.bodyKind === 'binary' ? (parts.body as BinaryBody) : undefined;
    if (binary) headers['Content-Type'] = binary.type;
    else if (parts.body !== undefined) headers['Content-Type'] = 'application/json';
    const clientId = CLIENT_ID_ROUTES.has(name) ? this.opts.clientId?.() : undefined;
    if (clientId) headers[CLIENT_ID_HEADER] = clientId;
    const company = this.opts.company?.();
    if (company) headers[COMPANY_HEADER] = company;
    if (this.opts.refreshInCookie && REFRESH_ROUTES.has(name)) headers[REFRESH_IN_COOKIE_HEADER] = '1';
    const body = binary
      ? (binary.data as BodyInit)
      : parts.body === undefined
        ? undefined
        : JSON.stringify(parts.body);
    const attempt = async (token: string | undefined) => {
      init.beforeSend?.();
      const all = token ? { ...headers, Authorization: `Bearer ${token}` } : headers;
      const res = await this.send(path, def.method, all, body, init.timeoutMs, init.keepalive);
      return (def.responseKind ? await this.fileOf(res) : await unwrapResponse(res)) as RouteResponse<N>;
    };
    // A call made as the page closes cannot wait on a refresh, which would not outlive the page.
    if (def.anonymous) return attempt(TOKEN_ANONYMOUS_ROUTES.has(name) ? this.token() : undefined);
    return init.keepalive ? attempt(this.token()) : this.withSession(attempt);
  }

  /** The token to send now. */
  private token(): string | undefined {
    return this.opts.auth ? (this.opts.auth.read().token ?? undefined) : this.opts.getToken?.();
  }

  /**
   * Run an authenticated request with a fresh token (the `auth` option): refresh first when it has
   * expired, and when the server still answers that the session has expired, refresh once and send
   * once more. A refresh that ends the session fails the call: with the refresh's error when the call
   * was not sent, with the call's own otherwise.
   */
  private async withSession<T>(attempt: (token: string | undefined) => Promise<T>): Promise<T> {
    const refresher = this.refresher;
    if (!refresher) return attempt(this.token());
    const before = await refresher.refreshIfDue();
    if ('ended' in before) throw before.ended;
    const token = this.token();
    try {
      return await attempt(token);
    } catch (err) {
      if (!token || !isTokenRejected(err)) throw err;
      const after = await refresher.refreshRejected(token);
      const next = this.token();
      if ('ended' in after || !next || next === token) throw err;
      return attempt(next);
    }
  }

  private send(
    path: string,
    method: string,
    headers: Record<string, string>,
    body: BodyInit | undefined,
    timeoutMs?: number,
    keepalive?: boolean,
  ): Promise<Response> {
    return fetchWithTimeout(
      this.opts.fetch ?? fetch,
      `${this.opts.baseUrl ?? ''}${API_PREFIX}${path}`,
      { method, headers, body, ...(keepalive ? { keepalive: true } : {}) },
      timeoutMs ?? this.opts.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    );
  }

  /** A file answer (`responseKind`): null for 204 (there is none); errors are still the wrapper. */
  private async fileOf(res: Response): Promise<FileAnswer | null> {
    if (res.status === 204) return null;
    if (!res.ok) {
      await unwrapResponse(res);
      throw new ApiError(errorCatalog.INTERNAL.message, res.status);
    }
    const disposition = res.headers.get('content-disposition') ?? '';
    return { blob: await res.blob(), fileName: /filename="([^"]+)"/.exec(disposition)?.[1] ?? null };
  }

  /** Upload a profile image (PNG, JPEG or WebP, at most 1 MB). */
  uploadProfileImage(data: Blob | Uint8Array, type: string): Promise<{ updatedAt: string }> {
    return this.call('uploadProfileImage', { body: { data, type } });
  }

  /** The profile image as a Blob, or null when there is none. */
  async profileImage(): Promise<Blob | null> {
    return (await this.call('profileImage', {}))?.blob ?? null;
  }

  /** A report as a CSV file (a download, outside the wrapper), with the name the server suggests. */
  reportCsv(deviceId: string, reportId: string): Promise<FileAnswer> {
    return this.call('reportCsv', { params: { deviceId, reportId } });
  }

  login(username: string, password: string) {
    return this.call('login', { body: { username, password } });
  }
  time() {
    return this.call('time', {});
  }
  listDevices(query: CallInput<'listDevices'>['query'] = {}) {
    return this.call('listDevices', { query });
  }
  getDevice(id: string) {
    return this.call('getDevice', { params: { id } });
  }
  twowayRpc(id: string, body: CallInput<'twowayRpc'>['body'], init: CallInit = {}) {
    return this.call(
      'twowayRpc',
      { params: { id }, body },
      { timeoutMs: (body.timeout ?? 6000) + 2000, ...init },
    );
  }
  onewayRpc(id: string, body: CallInput<'onewayRpc'>['body']) {
    return this.call('onewayRpc', { params: { id }, body });
  }
  /** Write Key/Value pairs; resolves only when the device answers `{result: "OK"}`. */
  async write(id: string, pairs: KeyValue[], init: CallInit = {}): Promise<void> {
    const res = await this.twowayRpc(id, { method: 'write', params: pairs }, init);
    if (res.result !== 'OK') throw new ApiError('Disturbance in communication with the device.', 502, res);
  }
  /** One Modbus-style command (spec section 3); resolves only when the device answers OK. */
  async modbus(id: string, command: ModbusRpc, init: CallInit = {}): Promise<void> {
    const { method, params, timeout } = command;
    const res = await this.twowayRpc(id, { method, params: { ...params }, timeout }, init);
    if (res.result !== 'OK') throw new ApiError('Disturbance in communication with the device.', 502, res);
  }
}

/** What the catalogue's Modbus builders make (`modbusWrite` ...), as the client sends it. */
export interface ModbusRpc {
  method: 'modbus';
  params: { function: number; len: number; address: number; data: number[]; data_mask: number };
  timeout: number;
}
