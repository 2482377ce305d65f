import { createHash, randomBytes } from 'node:crypto';
import {
  type LoginBody,
  type LoginResult,
  messages,
  normaliseUsername,
  SESSION_ONLINE_WINDOW_MS,
  type Session,
} from '@hestia/contract';
import { type Algorithm, hash, verify } from '@node-rs/argon2';
import { jwtVerify, SignJWT } from 'jose';
import type { Clock } from '../../core/clock.ts';
import { AppError } from '../../core/errors.ts';
import type { LiveBus } from '../../core/live-bus.ts';
import { type GuessLimits, requesterOf, reserveAll } from '../../core/rate-limiter.ts';
import { TtlCache } from '../../core/ttl-cache.ts';
import type { CodesService } from './codes.service.ts';
import type { SessionRow, UserRepository, UserRow } from './user.repository.ts';

/** OWASP's argon2id minimum: 19 MiB, two passes, one lane. 2 is Argon2id in @node-rs/argon2's const enum. */
const ARGON2 = { algorithm: 2 as Algorithm, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
export const ACCESS_TOKEN_TTL_S = 9000;
/** A refresh token presented again within this window is a race between tabs, not theft. */
const REUSE_GRACE_MS = 10_000;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2);
}
export function verifyPassword(hashed: string, password: string): Promise<boolean> {
  return verify(hashed, password).catch(() => false);
}

export const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

export interface Principal {
  userId: string;
  sessionId: string;
  user: UserRow;
}

export interface RequestMeta {
  userAgent: string;
  ip: string;
  /** The app's hashed client id, when it sent one. */
  clientId?: string;
}

/** "Chrome on Android" style labels for the sessions list. */
export function describeAgent(ua: string): { device: string; os: string } {
  const os = /Android/i.test(ua)
    ? 'Android'
    : /iPhone|iPad|iOS/i.test(ua)
      ? 'iOS'
      : /Windows/i.test(ua)
        ? 'Windows'
        : /Mac OS X|Macintosh/i.test(ua)
          ? 'macOS'
          : /Linux/i.test(ua)
            ? 'Linux'
            : 'Unknown';
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /Chrome\//.test(ua)
      ? 'Chrome'
      : /Firefox\//.test(ua)
        ? 'Firefox'
        : /Safari\//.test(ua)
          ? 'Safari'
          : ua.split(/[\s/]/)[0] || 'Unknown';
  return { device: browser, os };
}

export interface AuthDeps {
  users: UserRepository;
  codes: CodesService;
  secret: Uint8Array;
  clock: Clock;
  bus: LiveBus;
  limits: GuessLimits;
}

export class AuthService {
  // A hash to verify against when the user does not exist, so timing does not tell.
  private readonly dummyHash = hashPassword(randomBytes(16).toString('hex'));

  // Live sessions, so a request does not cost a database read. Ended sessions leave it at once (bus).
  private readonly sessionCache: TtlCache<string, { session: SessionRow; user: UserRow }>;

  constructor(private readonly deps: AuthDeps) {
    const { bus, clock } = deps;
    this.sessionCache = new TtlCache<string, { session: SessionRow; user: UserRow }>(5000, 50_000, clock);
    bus.onSessionEnded((id) => this.sessionCache.delete(id));
    // Sessions ended while the bus was down were never announced here: forget every cached one.
    bus.onResumed(() => this.sessionCache.clear());
  }

  private async accessToken(
    userId: string,
    sessionId: string,
  ): Promise<{ token: string; expiresIn: number }> {
    const { clock, secret } = this.deps;
    const nowS = Math.floor(clock.now() / 1000);
    const token = await new SignJWT({ sid: sessionId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(userId)
      .setIssuedAt(nowS)
      .setExpirationTime(nowS + ACCESS_TOKEN_TTL_S)
      .sign(secret);
    return { token, expiresIn: (nowS + ACCESS_TOKEN_TTL_S) * 1000 };
  }

  async issue(user: UserRow, meta: RequestMeta): Promise<LoginResult> {
    const { users } = this.deps;
    if (user.status !== 'active') throw new AppError('ACCOUNT_DISABLED');
    const refreshToken = randomBytes(32).toString('base64url');
    const session = await users.createSession({
      userId: user.id,
      refreshHash: sha256(refreshToken),
      ...meta,
    });
    return { ...(await this.accessToken(user.id, session.id)), refreshToken };
  }

  private ended(ids: string[]): void {
    const { bus } = this.deps;
    for (const id of ids) {
      this.sessionCache.delete(id);
      bus.publishSessionEnded(id);
    }
  }

  async login(body: LoginBody, meta: RequestMeta & { language: string }): Promise<LoginResult> {
    const { codes, limits, users } = this.deps;
    const target = normaliseUsername(body.username);
    if (!target) throw new AppError('BAD_CREDENTIALS');
    if (body.code !== undefined) {
      const row = await codes.check('login', target.value, body.code, meta.ip);
      const user = await users.findByUsername(target.value);
      if (!user || !(await users.consumeCode(row.id))) throw new AppError('VALIDATION', messages.badCode);
      return this.issue(user, meta);
    }
    // The attempt is taken before the user is read or the hash verified, so parallel guesses each
    // count: per account and requester (one stranger cannot lock the owner out), per requester
    // (spraying many accounts), then per account from everyone (guesses spread over many addresses),
    // which only attempts the requester's own limits allowed reach (rate-limiter.ts).
    const who = requesterOf(meta.ip);
    const accountKey = `${target.value}|${who}`;
    const taken = await reserveAll([
      [limits.loginAccount, accountKey],
      [limits.loginRequester, who],
      [limits.loginAccountAll, target.value],
    ]);
    const user = await users.findByUsername(target.value);
    const valid = await verifyPassword(user?.passwordHash ?? (await this.dummyHash), body.password ?? '');
    if (!user || !valid) throw new AppError('BAD_CREDENTIALS');
    // A right password costs nothing and clears the account's failures from this requester.
    await taken.refund();
    await limits.loginAccount.reset(accountKey);
    return this.issue(user, meta);
  }

  /** Exchange a refresh token for new tokens; a refresh token used twice ends its session. */
  async refresh(refreshToken: string, clientId?: string): Promise<LoginResult> {
    const { clock, users } = this.deps;
    const hashed = sha256(refreshToken);
    const session = await users.sessionByRefreshHash(hashed);
    if (!session || session.revokedAt) {
      const spent = await users.spentToken(hashed);
      if (spent && clock.now() - spent.spentAt.getTime() > REUSE_GRACE_MS) {
        const owner = await users.activeSession(spent.sessionId);
        if (owner)
          this.ended(await users.revokeSessions({ userId: owner.user.id, sessionId: spent.sessionId }));
      }
      throw new AppError('TOKEN_INVALID');
    }
    // A session bound to a client refreshes only from that client.
    if (session.clientId && session.clientId !== clientId) throw new AppError('TOKEN_INVALID');
    const user = await users.get(session.userId);
    if (!user) throw new AppError('TOKEN_INVALID');
    if (user.status !== 'active') throw new AppError('ACCOUNT_DISABLED');
    const next = randomBytes(32).toString('base64url');
    if (!(await users.rotateRefresh(session.id, hashed, sha256(next)))) throw new AppError('TOKEN_INVALID');
    return { ...(await this.accessToken(user.id, session.id)), refreshToken: next };
  }

  /** The principal behind a bearer token; the session must still be live. */
  async authenticate(token: string): Promise<Principal> {
    const { clock, secret, users } = this.deps;
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
    const found = await this.sessionCache.getOrLoad(sid, () => users.activeSession(sid));
    if (!found || found.user.id !== sub) throw new AppError('TOKEN_INVALID');
    if (found.user.status !== 'active') throw new AppError('ACCOUNT_DISABLED');
    return { userId: sub, sessionId: sid, user: found.user };
  }

  /**
   * Logout: the caller's session (by token or by refresh token) ends. Always succeeds. With the
   * browser's hashed client id, those told by `onLogout` forget that browser for the user (its pushes).
   */
  async logout(
    principal: Principal | undefined,
    refreshToken: string | undefined,
    clientId?: string,
  ): Promise<void> {
    const { users } = this.deps;
    let userId: string | undefined;
    if (principal) {
      this.ended(await users.revokeSessions({ userId: principal.userId, sessionId: principal.sessionId }));
      userId = principal.userId;
    } else if (refreshToken) {
      const session = await users.sessionByRefreshHash(sha256(refreshToken));
      if (session) this.ended(await users.revokeSessions({ userId: session.userId, sessionId: session.id }));
      userId = session?.userId;
    }
    if (userId && clientId)
      for (const listener of this.logoutListeners) await listener(userId, clientId).catch(() => undefined);
  }

  private readonly logoutListeners: Array<(userId: string, clientId: string) => Promise<void>> = [];

  /** Told of each logout that names its browser: the user and the browser's hashed client id. */
  onLogout(listener: (userId: string, clientId: string) => Promise<void>): void {
    this.logoutListeners.push(listener);
  }

  async sessions(principal: Principal): Promise<Session[]> {
    const { clock, users } = this.deps;
    const rows = await users.listSessions(principal.userId);
    return rows.map((s) => ({
      id: s.id,
      ...describeAgent(s.userAgent),
      ip: s.ip,
      createdAt: s.createdAt.toISOString(),
      lastSeenAt: s.lastSeenAt.toISOString(),
      // The caller is plainly in use; any other session is online only while it said so and was
      // active within the window (a closed browser rarely says goodbye).
      online:
        s.id === principal.sessionId ||
        (s.online && clock.now() - s.lastSeenAt.getTime() < SESSION_ONLINE_WINDOW_MS),
      isCurrent: s.id === principal.sessionId,
    }));
  }

  /** End one of the user's own sessions: its tokens stop working and its sockets close at once. */
  async terminate(principal: Principal, sessionId: string): Promise<void> {
    const { users } = this.deps;
    const ids = await users.revokeSessions({ userId: principal.userId, sessionId });
    if (ids.length === 0) throw new AppError('NOT_FOUND', 'Session not found');
    this.ended(ids);
  }

  /** End every session of the user but `exceptId` (after a password change or reset). */
  async endOtherSessions(userId: string, exceptId?: string): Promise<void> {
    const { users } = this.deps;
    this.ended(await users.revokeSessions({ userId, ...(exceptId ? { exceptId } : {}) }));
  }

  async setOnline(principal: Principal, online: boolean): Promise<void> {
    const { clock, users } = this.deps;
    await users.setOnline(principal.sessionId, online, new Date(clock.now()));
  }
}
