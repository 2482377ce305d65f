import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { type CodeSent, messages } from '@hestia/contract';
import { AppError } from '../errors.ts';
import type { CodePurpose, CodeRow, UserRepository } from '../repositories/user.repository.ts';
import type { Clock } from './clock.ts';
import type { CodeSender } from './notifier.ts';
import { FailureLimiter } from './rate-limiter.ts';

export const CODE_TTL_MS = 10 * 60_000;
const MAX_ATTEMPTS_PER_CODE = 5;
const RESEND_AFTER_S = 60;
const SENDS_PER_TARGET_PER_HOUR = 5;

export type Target = { kind: 'email' | 'mobile'; value: string };

/** d***@example.com, +98*******12 */
export function mask(t: Target): string {
  if (t.kind === 'email') {
    const [name = '', domain = ''] = t.value.split('@');
    return `${name.slice(0, 1)}***@${domain}`;
  }
  return `${t.value.slice(0, 3)}${'*'.repeat(Math.max(0, t.value.length - 5))}${t.value.slice(-2)}`;
}

/**
 * One-time codes: six digits from the CSPRNG, kept only as an HMAC, single use, 10 minutes,
 * five attempts each, five sends an hour per address, and at most 100 wrong codes an hour per account.
 */
export function codesService(deps: {
  users: UserRepository;
  sender: CodeSender | undefined;
  secret: Uint8Array;
  clock: Clock;
}) {
  const { users, sender, secret, clock } = deps;
  const perAccount = new FailureLimiter(100, 60 * 60_000, clock);
  const perAddress = new FailureLimiter(300, 60 * 60_000, clock);
  const lastSent = new Map<string, number>();

  const digest = (purpose: CodePurpose, target: string, code: string) =>
    createHmac('sha256', secret).update(`${purpose}:${target}:${code}`).digest();

  return {
    /**
     * Make and send a code. With `deliver` false (an unknown account asking for a login or recovery
     * code) nothing is stored or sent, but the answer looks the same, so accounts cannot be probed.
     */
    async issue(input: {
      purpose: CodePurpose;
      target: Target;
      payload?: unknown;
      language: string;
      deliver: boolean;
    }): Promise<CodeSent> {
      const key = `${input.purpose}:${input.target.value}`;
      const now = clock.now();
      const last = lastSent.get(key) ?? 0;
      if (now - last < RESEND_AFTER_S * 1000) {
        throw new AppError(
          'RATE_LIMITED',
          `Please wait ${Math.ceil((last + RESEND_AFTER_S * 1000 - now) / 1000)} seconds before asking for another code.`,
        );
      }
      if (
        (await users.codesSentSince(input.target.value, new Date(now - 3600_000))) >=
        SENDS_PER_TARGET_PER_HOUR
      ) {
        throw new AppError('RATE_LIMITED', 'Too many codes were sent to this address. Try again in an hour.');
      }
      lastSent.set(key, now);
      if (lastSent.size > 100_000) lastSent.clear();
      const expiresAt = now + CODE_TTL_MS;
      if (input.deliver) {
        if (!sender) throw new AppError('INTERNAL', 'Sending codes is not set up on this server.');
        const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
        await users.putCode({
          purpose: input.purpose,
          target: input.target.value,
          codeHash: digest(input.purpose, input.target.value, code).toString('hex'),
          payload: input.payload ?? null,
          expiresAt: new Date(expiresAt),
        });
        try {
          await sender.send({ to: input.target, purpose: input.purpose, code, language: input.language });
        } catch {
          throw new AppError('INTERNAL', 'The code could not be sent. Try again later.');
        }
      }
      return { sentTo: mask(input.target), expiresAt, resendAfter: RESEND_AFTER_S };
    },

    /** The live code row when `code` is right; counts wrong attempts. Does not consume it. */
    async check(purpose: CodePurpose, target: string, code: string, ip: string): Promise<CodeRow> {
      const accountKey = `${purpose}:${target}`;
      if (perAccount.retryAfter(accountKey) > 0 || perAddress.retryAfter(ip) > 0)
        throw new AppError('RATE_LIMITED');
      const row = await users.liveCode(purpose, target, new Date(clock.now()));
      const given = digest(purpose, target, code);
      const ok =
        row !== undefined &&
        row.attempts < MAX_ATTEMPTS_PER_CODE &&
        timingSafeEqual(Buffer.from(row.codeHash, 'hex'), given);
      if (!ok) {
        perAccount.fail(accountKey);
        perAddress.fail(ip);
        if (row) await users.countCodeAttempt(row.id);
        throw new AppError('VALIDATION', messages.badCode);
      }
      return row;
    },
  };
}

export type CodesService = ReturnType<typeof codesService>;
