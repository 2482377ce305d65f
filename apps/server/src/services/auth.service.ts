import { createHash, randomBytes } from 'node:crypto';
import type { LoginBody, LoginResult } from '@hestia/contract';
import { type Algorithm, hash, verify } from '@node-rs/argon2';
import { jwtVerify, SignJWT } from 'jose';
import { AppError } from '../errors.ts';
import type { UserRepository, UserRow } from '../repositories/user.repository.ts';
import type { Clock } from './clock.ts';
import { FailureLimiter } from './rate-limiter.ts';
import { TtlCache } from './ttl-cache.ts';

/** OWASP's argon2id minimum: 19 MiB, two passes, one lane. */
// 2 is Argon2id in @node-rs/argon2's (ambient const) Algorithm enum.
const ARGON2 = { algorithm: 2 as Algorithm, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
export const ACCESS_TOKEN_TTL_S = 9000;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2);
}

export const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

export interface Principal {
  userId: string;
  sessionId: string;
  user: UserRow;
}

export function authService(deps: { users: UserRepository; secret: Uint8Array; clock: Clock }) {
  const { users, secret, clock } = deps;
  // Per account and address, so a stranger cannot lock a user out from elsewhere; per address, for sprays.
  const perAccount = new FailureLimiter(10, 15 * 60_000, clock);
  const perAddress = new FailureLimiter(100, 60 * 60_000, clock);
  // A hash to verify against when the user does not exist, so timing does not tell.
  const dummyHash = hashPassword(randomBytes(16).toString('hex'));
  // Live sessions, so a request does not cost a database read; ending a session must delete its entry.
  const sessionCache = new TtlCache<
    string,
    NonNullable<Awaited<ReturnType<UserRepository['activeSession']>>>
  >(5000, 50_000, clock);

  async function issue(user: UserRow, meta: { userAgent: string; ip: string }): Promise<LoginResult> {
    const refreshToken = randomBytes(32).toString('base64url');
    const session = await users.createSession({
      userId: user.id,
      refreshHash: sha256(refreshToken),
      ...meta,
    });
    const nowS = Math.floor(clock.now() / 1000);
    const token = await new SignJWT({ sid: session.id })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(user.id)
      .setIssuedAt(nowS)
      .setExpirationTime(nowS + ACCESS_TOKEN_TTL_S)
      .sign(secret);
    return { token, refreshToken, expiresIn: (nowS + ACCESS_TOKEN_TTL_S) * 1000 };
  }

  return {
    async login(body: LoginBody, meta: { userAgent: string; ip: string }): Promise<LoginResult> {
      const username = body.username.trim().toLowerCase();
      const accountKey = `${username}|${meta.ip}`;
      if (perAccount.retryAfter(accountKey) > 0 || perAddress.retryAfter(meta.ip) > 0) {
        throw new AppError('RATE_LIMITED');
      }
      const user = await users.findByUsername(username);
      const valid = await verify(user?.passwordHash ?? (await dummyHash), body.password);
      if (!user || !valid) {
        perAccount.fail(accountKey);
        perAddress.fail(meta.ip);
        throw new AppError('BAD_CREDENTIALS');
      }
      if (user.status !== 'active') throw new AppError('ACCOUNT_DISABLED');
      perAccount.reset(accountKey);
      return issue(user, meta);
    },

    /** The principal behind a bearer token; the session must still be live. */
    async authenticate(token: string): Promise<Principal> {
      let sub: string | undefined;
      let sid: unknown;
      try {
        const { payload } = await jwtVerify(token, secret, {
          algorithms: ['HS256'],
          currentDate: new Date(clock.now()),
        });
        sub = payload.sub;
        sid = payload.sid;
      } catch {
        throw new AppError('TOKEN_INVALID');
      }
      if (!sub || typeof sid !== 'string') throw new AppError('TOKEN_INVALID');
      const found = await sessionCache.getOrLoad(sid, () => users.activeSession(sid));
      if (!found || found.user.id !== sub) throw new AppError('TOKEN_INVALID');
      if (found.user.status !== 'active') throw new AppError('ACCOUNT_DISABLED');
      return { userId: sub, sessionId: sid, user: found.user };
    },
  };
}

export type AuthService = ReturnType<typeof authService>;
