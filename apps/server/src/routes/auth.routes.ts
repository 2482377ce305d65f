import { CLIENT_ID_HEADER, CLIENT_ID_RE, profileUpdateBodies, routes } from '@hestia/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';
import { route } from '../plugins/api.ts';
import type { AccountService } from '../services/account.service.ts';
import type { AuthService } from '../services/auth.service.ts';
import type { Clock } from '../services/clock.ts';

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

export function authRoutes(
  app: FastifyInstance,
  deps: { auth: AuthService; accounts: AccountService; clock: Clock },
): void {
  const { auth, accounts, clock } = deps;
  route(app, auth, routes.time, async () => ({ time: clock.now() }));
  route(app, auth, routes.login, ({ body, req }) => auth.login(body, meta(req)));
  route(app, auth, routes.authenticate, ({ body, req }) =>
    accounts.sendCode('login', body.username, meta(req)),
  );
  route(app, auth, routes.register, ({ body, req }) => accounts.register(body, meta(req)));
  route(app, auth, routes.registerFinalize, ({ body, req }) => accounts.registerFinalize(body, meta(req)));
  route(app, auth, routes.refreshToken, ({ body, req }) => auth.refresh(body.refreshToken, clientIdOf(req)));
  route(app, auth, routes.logout, async ({ principal, body }) => {
    await auth.logout(principal, body?.refreshToken);
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
  route(app, auth, routes.terminateSession, async ({ principal, params }) => {
    await auth.terminate(principal, params.id);
    return {};
  });
  route(app, auth, routes.deleteSession, async ({ principal, params }) => {
    await auth.terminate(principal, params.id);
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
