import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { type CodeSent, messages } from '@hestia/contract';
import type { Clock } from '../../core/clock.ts';
import { AppError } from '../../core/errors.ts';
import { type GuessLimits, requesterOf, reserveAll } from '../../core/rate-limiter.ts';
import type { CodeSender } from './notifier.ts';
import type { CodePurpose, CodeRow, UserRepository } from './user.repository.ts';

export const CODE_TTL_MS = 10 * 60_000;
const MAX_ATTEMPTS_PER_CODE = 5;
const RESEND_AFTER_S = 60;

export type Target = { kind: 'email' | 'mobile'; value: string };

/** d***@example.com, +98*******12 */
export function mask(t: Target): string {
  if (t.kind === 'email') {
    const [name = '', domain = ''] = t.value.split('@');
    return `${name.slice(0, 1)}***@${domain}`;
  }
  return `${t.value.slice(0, 3)}${'*'.repeat(Math.max(0, t.value.length - 5))}${t.value.slice(-2)}`;
}

/** The one answer to a refused send, for known and unknown addresses alike (no account probing). */
export const TOO_MANY_CODES = 'Too many codes were sent to this address. Try again in an hour.';

export interface CodesDeps {
  users: UserRepository;
  sender: CodeSender | undefined;
  secret: Uint8Array;
  clock: Clock;
  limits: GuessLimits;
}

/**
 * One-time codes: six digits from the CSPRNG, kept only as an HMAC, single use, 10 minutes, five
 * attempts each. Sends and guesses are limited before any work (decision 017): sends per address and
 * requester, per address, per requester; wrong codes per address and requester, per address, per
 * requester.
 */
export class CodesService {
  constructor(private readonly deps: CodesDeps) {}

  private readonly digest = (purpose: CodePurpose, target: string, code: string) =>
    createHmac('sha256', this.deps.secret).update(`${purpose}:${target}:${code}`).digest();

  /**
   * Make and send a code. With `deliver` false (an unknown account asking for a login or recovery
   * code) nothing is stored or sent, but the answer, limits included, is the same, so accounts
   * cannot be probed. `deliver` may be a function: it is asked only once the send is allowed.
   */
  async issue(input: {
    purpose: CodePurpose;
    target: Target;
    payload?: unknown;
    /** Or the payload made from the live code's, read and replaced atomically (a pending sign-up). */
    payloadFrom?: (livePayload: unknown) => unknown;
    language: string;
    deliver: boolean | (() => Promise<boolean>);
    ip: string;
  }): Promise<CodeSent> {
    const { clock, limits, sender, users } = this.deps;
    const who = requesterOf(input.ip);
    const address = input.target.value;
    await reserveAll([
      [
        limits.sendMinute,
        `${input.purpose}:${address}|${who}`,
        (ms) => `Please wait ${Math.max(1, Math.ceil(ms / 1000))} seconds before asking for another code.`,
      ],
      [limits.sendTargetRequester, `${address}|${who}`, TOO_MANY_CODES],
      [limits.sendRequester, who],
      // Shared by every requester, so taken last: only sends the requester's own limits allowed count.
      [limits.sendTarget, address, TOO_MANY_CODES],
    ]);
    // Said for known and unknown addresses alike.
    if (!sender) throw new AppError('INTERNAL', 'Sending codes is not set up on this server.');
    const deliver = typeof input.deliver === 'function' ? await input.deliver() : input.deliver;
    const expiresAt = clock.now() + CODE_TTL_MS;
    if (deliver) {
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      await users.putCode({
        purpose: input.purpose,
        target: address,
        codeHash: this.digest(input.purpose, address, code).toString('hex'),
        payload: input.payload ?? null,
        expiresAt: new Date(expiresAt),
        ...(input.payloadFrom
          ? { payloadFrom: { now: new Date(clock.now()), make: input.payloadFrom } }
          : {}),
      });
      try {
        await sender.send({ to: input.target, purpose: input.purpose, code, language: input.language });
      } catch {
        throw new AppError('INTERNAL', 'The code could not be sent. Try again later.');
      }
    }
    return { sentTo: mask(input.target), expiresAt, resendAfter: RESEND_AFTER_S };
  }

  /**
   * The live code row when `code` is right. The attempt is taken first, atomically, under the
   * address-and-requester, address and requester limits and on the code itself (five per code), so
   * parallel guesses each count; a requester refused its share gives the address's attempt back, so
   * one requester cannot use up the address's budget. A right code gives the attempts back. Does not
   * consume it.
   */
  async check(purpose: CodePurpose, target: string, code: string, ip: string): Promise<CodeRow> {
    const { clock, limits, users } = this.deps;
    const who = requesterOf(ip);
    const taken = await reserveAll([
      [limits.codeTargetRequester, `${purpose}:${target}|${who}`],
      [limits.codeRequester, who],
      [limits.codeTarget, `${purpose}:${target}`],
    ]);
    const row = await users.takeCodeAttempt(purpose, target, new Date(clock.now()), MAX_ATTEMPTS_PER_CODE);
    const given = this.digest(purpose, target, code);
    const ok = row !== undefined && timingSafeEqual(Buffer.from(row.codeHash, 'hex'), given);
    if (!ok) throw new AppError('VALIDATION', messages.badCode);
    await taken.refund();
    return row;
  }
}
