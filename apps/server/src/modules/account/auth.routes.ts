import {
  API_PREFIX,
  CLIENT_ID_HEADER,
  CLIENT_ID_RE,
  type LoginResult,
  profileUpdateBodies,
  REFRESH_COOKIE,
  REFRESH_IN_COOKIE_HEADER,
  routes,
} from '@hestia/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Clock } from '../../core/clock.ts';
import { AppError } from '../../core/errors.ts';
import { route } from '../../plugins/api.ts';
import type { AccountService } from './account.service.ts';
import type { AuthService } from './auth.service.ts';

const LANGUAGES = ['en', 'fa', 'ar', 'tr'] as const;

/** The app's language from Accept-Language (en when none of ours). */
export function languageOf(req: FastifyRequest): string {
  const header = String(req.headers['accept-language'] ?? '');
  for (const part of header.split(',')) {
    const code = part.trim().slice(0, 2).toLowerCase();
    if ((LANGUAGES as readonly string[]).includes(code)) return code;
  }
  return 'en';
}

/** The hashed client id header, when present; a malformed one is refused rather than ignored. */
function clientIdOf(req: FastifyRequest): string | undefined {
  const raw = req.headers[CLIENT_ID_HEADER];
  if (raw === undefined) return undefined;
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (!value || !CLIENT_ID_RE.test(value))
    throw new AppError('VALIDATION', `${CLIENT_ID_HEADER} is not valid`);
  return value;
}

const meta = (req: FastifyRequest) => {
  const clientId = clientIdOf(req);
  return {
    userAgent: String(req.headers['user-agent'] ?? '').slice(0, 256),
    ip: req.ip,
    language: languageOf(req),
    ...(clientId ? { clientId } : {}),
  };
};

/** The only path the refresh cookie is sent to. */
export const REFRESH_COOKIE_PATH = API_PREFIX + routes.refreshToken.path;
/** 400 days, the longest a browser keeps a cookie; every refresh sets it again. */
const REFRESH_COOKIE_MAX_AGE_S = 400 * 24 * 3600;

/** The refresh cookie's value, when the request carries one. */
function refreshCookieOf(req: FastifyRequest): string | undefined {
  for (const part of String(req.headers.cookie ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === REFRESH_COOKIE) return part.slice(eq + 1).trim() || undefined;
  }
  return undefined;
}

/** Served over https, directly or behind a proxy that says so: the cookie is then Secure. */
function isHttps(req: FastifyRequest): boolean {
  const forwarded = String(req.headers['x-forwarded-proto'] ?? '')
    .split(',')[0]
    ?.trim();
  return req.protocol === 'https' || forwarded === 'https';
}

/**
 * The refresh cookie (docs/decisions/022): HttpOnly, so no script reads it; SameSite=Strict, so no
 * other site's page sends it; Path, so only the refresh route receives it. An empty value clears it.
 */
function refreshCookie(req: FastifyRequest, value: string): string {
  return [
    `${REFRESH_COOKIE}=${value}`,
    `Path=${REFRESH_COOKIE_PATH}`,
    `Max-Age=${value ? REFRESH_COOKIE_MAX_AGE_S : 0}`,
    'HttpOnly',
    'SameSite=Strict',
    ...(isHttps(req) ? ['Secure'] : []),
  ].join('; ');
}

export function authRoutes(
  app: FastifyInstance,
  deps: { auth: AuthService; accounts: AccountService; clock: Clock },
): void {
  const { auth, accounts, clock } = deps;
  // Set-Cookie headers decided by a handler (which sees the request, not the reply), added as the
  // answer leaves; errors included, so a refused logout still clears the cookie.
  const cookies = new WeakMap<FastifyRequest, string>();
  const logoutPath = API_PREFIX + routes.logout.path;
  app.addHook('onSend', async (req, reply, payload) => {
    // A logout clears the cookie whatever its outcome (an expired access token is a 401).
    const cookie =
      cookies.get(req) ?? (req.routeOptions.url === logoutPath ? refreshCookie(req, '') : undefined);
    if (cookie) reply.header('set-cookie', cookie);
    return payload;
  });
  /** Hand a new refresh token over as the cookie, and keep it out of the body. */
  const inCookie = (req: FastifyRequest, result: LoginResult): LoginResult => {
    cookies.set(req, refreshCookie(req, result.refreshToken));
    return { ...result, refreshToken: '' };
  };
  const clearCookie = (req: FastifyRequest) => cookies.set(req, refreshCookie(req, ''));
  /** Login and sign-up answer with the cookie when the app asks for it (the web app does). */
  const deliver = async (req: FastifyRequest, result: Promise<LoginResult>): Promise<LoginResult> =>
    req.headers[REFRESH_IN_COOKIE_HEADER] === '1' ? inCookie(req, await result) : result;
  route(app, auth, routes.time, async () => ({ time: clock.now() }));
  route(app, auth, routes.login, ({ body, req }) => deliver(req, auth.login(body, meta(req))));
  route(app, auth, routes.authenticate, ({ body, req }) =>
    accounts.sendCode('login', body.username, meta(req)),
  );
  route(app, auth, routes.register, ({ body, req }) => accounts.register(body, meta(req)));
  route(app, auth, routes.registerFinalize, ({ body, req }) =>
    deliver(req, accounts.registerFinalize(body, meta(req))),
  );
  // A refresh token from the body is answered in the body (API clients, ThingsBoard's), or as the
  // cookie when asked (the web app moving a token it stored before the cookie); one from the cookie
  // only ever goes back as the cookie, so a script that calls this route learns none.
  route(app, auth, routes.refreshToken, async ({ body, req }) => {
    if (body.refreshToken) return deliver(req, auth.refresh(body.refreshToken, clientIdOf(req)));
    const fromCookie = refreshCookieOf(req);
    if (!fromCookie)
      throw new AppError('VALIDATION', 'refreshToken: send it in the body, or as the refresh cookie');
    return inCookie(req, await auth.refresh(fromCookie, clientIdOf(req)));
  });
  route(app, auth, routes.logout, async ({ principal, body, req }) => {
    await auth.logout(principal, body?.refreshToken, clientIdOf(req));
    return {};
  });
  route(app, auth, routes.resetPasswordRequest, ({ body, req }) =>
    accounts.sendCode('reset', body.username, meta(req)),
  );
  route(app, auth, routes.sendRecoveryCode, ({ body, req }) =>
    accounts.sendCode('reset', body.username, meta(req)),
  );
  route(app, auth, routes.checkRecoveryCode, async ({ body, req }) => {
    await accounts.checkRecoveryCode(body, meta(req));
    return {};
  });
  route(app, auth, routes.resetPassword, async ({ body, req }) => {
    await accounts.resetPassword(body, meta(req));
    return {};
  });
  route(app, auth, routes.changePassword, async ({ principal, body }) => {
    await accounts.changePassword(principal, body);
    return {};
  });
  route(app, auth, routes.profile, ({ principal }) => accounts.profile(principal));
  route(app, auth, routes.updateProfile, async ({ principal, params, req }) => {
    const parsed = profileUpdateBodies[params.type].safeParse(req.body ?? {});
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new AppError(
        'VALIDATION',
        issue ? `${issue.path.join('.') || params.type}: ${issue.message}` : undefined,
      );
    }
    return accounts.updateProfile(principal, params.type, parsed.data);
  });
  route(app, auth, routes.customer, ({ principal }) => accounts.profile(principal));
  route(app, auth, routes.updateCustomer, ({ principal, body }) => accounts.updateCustomer(principal, body));
  route(app, auth, routes.changeEmailRequest, ({ principal, body, req }) =>
    accounts.requestChange(principal, 'email', body.email, meta(req)),
  );
  route(app, auth, routes.changeEmail, ({ principal, body, req }) =>
    accounts.confirmChange(principal, 'email', body.email, body.code, meta(req)),
  );
  route(app, auth, routes.changePhoneRequest, ({ principal, body, req }) =>
    accounts.requestChange(principal, 'mobile', body.phone, meta(req)),
  );
  route(app, auth, routes.changePhone, ({ principal, body, req }) =>
    accounts.confirmChange(principal, 'mobile', body.phone, body.code, meta(req)),
  );
  route(app, auth, routes.sessions, ({ principal }) => auth.sessions(principal));
  route(app, auth, routes.terminateSession, async ({ principal, params, req }) => {
    await auth.terminate(principal, params.id);
    if (params.id === principal.sessionId) clearCookie(req);
    return {};
  });
  route(app, auth, routes.deleteSession, async ({ principal, params, req }) => {
    await auth.terminate(principal, params.id);
    if (params.id === principal.sessionId) clearCookie(req);
    return {};
  });
  route(app, auth, routes.sessionOnline, async ({ principal }) => {
    await auth.setOnline(principal, true);
    return {};
  });
  route(app, auth, routes.sessionOffline, async ({ principal }) => {
    await auth.setOnline(principal, false);
    return {};
  });
}
