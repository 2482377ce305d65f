import {
  type CustomerUpdate,
  messages,
  normaliseUsername,
  type Profile,
  type profileUpdateBodies,
} from '@hestia/contract';
import type { z } from 'zod';
import type { Clock } from '../../core/clock.ts';
import { AppError } from '../../core/errors.ts';
import { type GuessLimits, requesterOf, reserveAll } from '../../core/rate-limiter.ts';
import {
  type AuthService,
  hashPassword,
  type Principal,
  type RequestMeta,
  verifyPassword,
} from './auth.service.ts';
import type { CodesService } from './codes.service.ts';
import type { UserRepository, UserRow } from './user.repository.ts';

type Lang = { language: string };

function target(username: string) {
  const t = normaliseUsername(username);
  if (!t) throw new AppError('VALIDATION', username.includes('@') ? messages.badEmail : messages.badMobile);
  return t;
}

export function toProfile(u: UserRow): Profile {
  return {
    id: u.id,
    firstName: u.firstName,
    lastName: u.lastName,
    email: u.email,
    phone: u.mobile,
    location:
      u.latitude !== null && u.longitude !== null ? { latitude: u.latitude, longitude: u.longitude } : null,
    timeZone: u.timeZone,
    notification: u.notification,
    tariff: u.tariff ?? null,
  };
}

/**
 * A sign-up waiting for its code. It keeps its first password and names until it expires or the
 * address's owner confirms: a later sign-up for the same address cannot replace them (pre-hijack).
 * `contested` says a later sign-up typed another password; confirming it then needs the password
 * typed on the confirming device (decision 017).
 */
interface PendingAccount {
  passwordHash: string;
  firstName: string;
  lastName: string;
  contested?: boolean;
}

function pendingOf(payload: unknown): PendingAccount | undefined {
  const p = payload as Partial<PendingAccount> | null;
  return p && typeof p.passwordHash === 'string' ? (p as PendingAccount) : undefined;
}

export const SIGNUPS_LIMITED = 'Too many sign-ups from your network. Try again in an hour.';
export const CONFIRM_WITH_PASSWORD = 'Enter the password you chose to finish signing up.';

/** Sign-up, one-time codes, password recovery and change, and the profile. */
/** Told when a user's phone reports a new position (Location conditions, decision 012). */
export type LocationListener = (
  userId: string,
  previous: { latitude: number; longitude: number } | null,
  next: { latitude: number; longitude: number },
) => Promise<void>;

export interface AccountDeps {
  users: UserRepository;
  codes: CodesService;
  auth: AuthService;
  clock: Clock;
  limits: GuessLimits;
  log?: { error(obj: unknown, msg: string): void };
}

export class AccountService {
  private readonly locationListeners: LocationListener[] = [];

  constructor(private readonly deps: AccountDeps) {}

  onLocation(listener: LocationListener): void {
    this.locationListeners.push(listener);
  }

  /**
   * Nothing is created until the code is confirmed: the account waits with the code. A sign-up for
   * an address already pending keeps the first one's password and names and sends a new code; the
   * answer is the same as to a first sign-up.
   */
  async register(
    body: { username: string; password: string; firstName?: string; lastName?: string },
    meta: RequestMeta & Lang,
  ) {
    const { clock, codes, limits, users } = this.deps;
    const t = target(body.username);
    const who = requesterOf(meta.ip);
    await reserveAll([
      [limits.signupRequester, who, SIGNUPS_LIMITED],
      [limits.signupAll, 'all'],
    ]);
    if (await users.findByUsername(t.value)) throw new AppError('CONFLICT', messages.taken);
    const live = await users.liveCode('register', t.value, new Date(clock.now()));
    const first = pendingOf(live?.payload);
    // One argon2 computation either way, contested or not, so the time taken does not tell a
    // pending address: this password against the pending one's, or this password hashed.
    const same = first ? await verifyPassword(first.passwordHash, body.password) : false;
    const mine: PendingAccount | undefined = first
      ? undefined
      : {
          passwordHash: await hashPassword(body.password),
          firstName: body.firstName ?? '',
          lastName: body.lastName ?? '',
        };
    return codes.issue({
      purpose: 'register',
      target: t,
      // Decided again on the pending sign-up of the moment the new code is stored (atomically), so
      // a sign-up that started at the same time cannot replace the first one's password.
      payloadFrom: (livePayload): PendingAccount => {
        const pending = pendingOf(livePayload);
        if (!pending) return mine ?? { ...(first as PendingAccount), contested: true };
        // The one compared with: contested unless this password is its password.
        if (first && pending.passwordHash === first.passwordHash)
          return { ...pending, contested: pending.contested === true || !same };
        // Another sign-up took the address meanwhile: its password stays, and confirming needs one.
        return { ...pending, contested: true };
      },
      language: meta.language,
      deliver: true,
      ip: meta.ip,
    });
  }

  /**
   * The code proves control of the address. The account takes the password (and names) typed on the
   * confirming device when the app sends them, else the pending sign-up's first ones; when a later
   * sign-up typed another password, the password must be sent.
   */
  async registerFinalize(
    body: { username: string; code: string; password?: string; firstName?: string; lastName?: string },
    meta: RequestMeta,
  ) {
    const { auth, codes, users } = this.deps;
    const t = target(body.username);
    const row = await codes.check('register', t.value, body.code, meta.ip);
    if (await users.findByUsername(t.value)) throw new AppError('CONFLICT', messages.taken);
    const p = pendingOf(row.payload);
    if (!p) throw new AppError('VALIDATION', messages.badCode);
    if (p.contested && body.password === undefined) throw new AppError('VALIDATION', CONFIRM_WITH_PASSWORD);
    const passwordHash =
      body.password === undefined || (await verifyPassword(p.passwordHash, body.password))
        ? p.passwordHash
        : await hashPassword(body.password);
    if (!(await users.consumeCode(row.id))) throw new AppError('VALIDATION', messages.badCode);
    const user = await users.create({
      email: t.kind === 'email' ? t.value : null,
      mobile: t.kind === 'mobile' ? t.value : null,
      passwordHash,
      // Names typed on the confirming device win; a contested sign-up's first names may be a stranger's.
      firstName: body.firstName ?? (p.contested ? '' : p.firstName),
      lastName: body.lastName ?? (p.contested ? '' : p.lastName),
    });
    return auth.issue(user, meta);
  }

  /**
   * A login or recovery code. The send is limited before the account is looked up, and an unknown
   * account gets the same answer and no code, so neither the answer nor a limit tells them apart.
   */
  async sendCode(purpose: 'login' | 'reset', username: string, meta: RequestMeta & Lang) {
    const { codes, users } = this.deps;
    const t = target(username);
    return codes.issue({
      purpose,
      target: t,
      language: meta.language,
      ip: meta.ip,
      deliver: async () => (await users.findByUsername(t.value))?.status === 'active',
    });
  }

  async checkRecoveryCode(body: { username: string; code: string }, meta: RequestMeta): Promise<void> {
    const { codes } = this.deps;
    await codes.check('reset', target(body.username).value, body.code, meta.ip);
  }

  /** New password by recovery code; every session ends, since whoever held the old password may hold one. */
  async resetPassword(
    body: { username: string; code: string; password: string },
    meta: RequestMeta,
  ): Promise<void> {
    const { auth, codes, users } = this.deps;
    const t = target(body.username);
    const row = await codes.check('reset', t.value, body.code, meta.ip);
    const user = await users.findByUsername(t.value);
    if (!user || !(await users.consumeCode(row.id))) throw new AppError('VALIDATION', messages.badCode);
    await users.update(user.id, { passwordHash: await hashPassword(body.password) });
    await auth.endOtherSessions(user.id);
  }

  /** Change password: the current one must match and the new one differ; other sessions end. */
  async changePassword(
    principal: Principal,
    body: { currentPassword: string; newPassword: string },
  ): Promise<void> {
    const { auth, limits, users } = this.deps;
    // Wrong current passwords are limited per user, taken before the hash is verified.
    await reserveAll([[limits.changePassword, principal.userId]]);
    const user = await users.get(principal.userId);
    if (!user || !(await verifyPassword(user.passwordHash, body.currentPassword))) {
      throw new AppError('VALIDATION', 'The current password is incorrect.');
    }
    await limits.changePassword.reset(principal.userId);
    if (body.currentPassword === body.newPassword) throw new AppError('VALIDATION', messages.samePassword);
    await users.update(user.id, { passwordHash: await hashPassword(body.newPassword) });
    await auth.endOtherSessions(user.id, principal.sessionId);
  }

  /** Step one of an email or phone change: a code goes to the new address. */
  async requestChange(
    principal: Principal,
    kind: 'email' | 'mobile',
    value: string,
    meta: RequestMeta & Lang,
  ) {
    const { codes, users } = this.deps;
    const t = target(value);
    if (t.kind !== kind)
      throw new AppError('VALIDATION', kind === 'email' ? messages.badEmail : messages.badMobile);
    const owner = await users.findByUsername(t.value);
    if (owner && owner.id !== principal.userId) throw new AppError('CONFLICT', messages.taken);
    const purpose = kind === 'email' ? 'change_email' : 'change_phone';
    return codes.issue({
      purpose,
      target: t,
      payload: { userId: principal.userId },
      language: meta.language,
      deliver: true,
      ip: meta.ip,
    });
  }

  /** Step two: the code proves the new address; it replaces the old one. */
  async confirmChange(
    principal: Principal,
    kind: 'email' | 'mobile',
    value: string,
    code: string,
    meta: RequestMeta,
  ): Promise<Profile> {
    const { codes, users } = this.deps;
    const t = target(value);
    if (t.kind !== kind)
      throw new AppError('VALIDATION', kind === 'email' ? messages.badEmail : messages.badMobile);
    const row = await codes.check(kind === 'email' ? 'change_email' : 'change_phone', t.value, code, meta.ip);
    if (
      (row.payload as { userId?: string } | null)?.userId !== principal.userId ||
      !(await users.consumeCode(row.id))
    ) {
      throw new AppError('VALIDATION', messages.badCode);
    }
    const owner = await users.findByUsername(t.value);
    if (owner && owner.id !== principal.userId) throw new AppError('CONFLICT', messages.taken);
    return toProfile(
      await users.update(principal.userId, kind === 'email' ? { email: t.value } : { mobile: t.value }),
    );
  }

  async profile(principal: Principal): Promise<Profile> {
    const { users } = this.deps;
    const user = await users.get(principal.userId);
    if (!user) throw new AppError('NOT_FOUND');
    return toProfile(user);
  }

  /** `PUT customer`: name and, when given, time zone, in one update of the same user row. */
  async updateCustomer(principal: Principal, body: CustomerUpdate): Promise<Profile> {
    const { firstName, lastName, timeZone } = body;
    return toProfile(
      await this.deps.users.update(principal.userId, {
        firstName,
        lastName,
        ...(timeZone !== undefined ? { timeZone } : {}),
      }),
    );
  }

  async updateProfile<T extends keyof typeof profileUpdateBodies>(
    principal: Principal,
    type: T,
    body: z.infer<(typeof profileUpdateBodies)[T]>,
  ): Promise<Profile> {
    const { users } = this.deps;
    const b = body as Record<string, unknown>;
    const patch =
      type === 'Location'
        ? { latitude: b.latitude as number, longitude: b.longitude as number }
        : type === 'Name'
          ? { firstName: b.firstName as string, lastName: b.lastName as string }
          : type === 'Notification'
            ? {
                notification: { push: b.push as boolean, email: b.email as boolean, sms: b.sms as boolean },
              }
            : type === 'Tariff'
              ? { tariff: { pricePerKwh: b.pricePerKwh as number, currency: b.currency as string } }
              : { timeZone: b.timeZone as string };
    const before = type === 'Location' ? await users.get(principal.userId) : undefined;
    const profile = toProfile(await users.update(principal.userId, patch));
    if (type === 'Location' && profile.location) {
      const previous =
        before?.latitude != null && before.longitude != null
          ? { latitude: before.latitude, longitude: before.longitude }
          : null;
      for (const listener of this.locationListeners) {
        await listener(principal.userId, previous, profile.location).catch((err: unknown) =>
          this.deps.log?.error({ err }, 'location listener failed'),
        );
      }
    }
    return profile;
  }
}
