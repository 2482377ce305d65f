import type { FastifyInstance } from 'fastify';
import type { Infrastructure } from '../../core/infrastructure.ts';
import { attemptStore, guessLimits } from '../../core/rate-limiter.ts';
import { AccountService } from './account.service.ts';
import { authRoutes } from './auth.routes.ts';
import { AuthService } from './auth.service.ts';
import { CodesService } from './codes.service.ts';
import { consoleOutbox, httpSmsSender, routingSender, smtpSender } from './notifier.ts';
import { ProfileImageRepository } from './profile-image.repository.ts';
import { profileImageRoutes } from './profile-image.routes.ts';
import { UserRepository } from './user.repository.ts';

/** Accounts: sign-up, login and sessions, codes by email or SMS, profile and its image. */
export function register(
  app: FastifyInstance,
  deps: Pick<Infrastructure, 'config' | 'db' | 'bus' | 'clock' | 'log'> & {
    /** Signing secret of access tokens. */
    secret: Uint8Array;
    /** Where the operator's outbox writes codes (default: the console). */
    outboxWrite?: ((line: string) => void) | undefined;
  },
) {
  const { config, db, bus, clock, log, secret } = deps;
  const users = new UserRepository(db);
  const outbox =
    (config.OUTBOX ?? (config.mode === 'embedded' ? 'console' : 'off')) === 'console'
      ? consoleOutbox(deps.outboxWrite ?? ((line) => console.log(line)))
      : undefined;
  const sender = routingSender(
    config.SMTP_URL ? smtpSender(config.SMTP_URL, config.SMTP_FROM) : outbox,
    config.SMS_HTTP_URL ? httpSmsSender(config.SMS_HTTP_URL, config.SMS_HTTP_TOKEN) : outbox,
  );
  // Guess and send limits, counted in the database so every instance shares them (decision 017).
  const limits = guessLimits(attemptStore(db, clock));
  const codes = new CodesService({ users, sender, secret, clock, limits });
  const auth = new AuthService({ users, codes, secret, clock, bus, limits });
  const accounts = new AccountService({ users, codes, auth, clock, limits, log });
  authRoutes(app, { auth, accounts, clock });
  profileImageRoutes(app, { auth, images: new ProfileImageRepository(db) });
  return { users, auth, accounts, limits };
}
export type AccountModule = ReturnType<typeof register>;
