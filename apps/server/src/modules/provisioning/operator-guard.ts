import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../core/errors.ts';
import { type AttemptLimiter, RateLimitedError, requesterOf } from '../../core/rate-limiter.ts';
import { bearerToken } from '../../plugins/api.ts';

/**
 * The operator routes' `onRequest` check (`npm run devices`, `npm run firmware`): the bearer token
 * must be the operator key, compared as SHA-256 digests in constant time; wrong keys are limited per
 * requester by `guesses`.
 */
export function operatorGuard(
  operatorKey: string,
  guesses: AttemptLimiter,
): (req: FastifyRequest) => Promise<void> {
  const expected = createHash('sha256').update(operatorKey).digest();
  return async (req) => {
    const given = bearerToken(req);
    const requester = requesterOf(req.ip);
    const reservation = await guesses.reserve(requester);
    if (!reservation.ok)
      throw new RateLimitedError(
        reservation.retryAfterMs,
        `Too many wrong operator keys. Try again in ${Math.max(1, Math.ceil(reservation.retryAfterMs / 60_000))} min.`,
      );
    if (!given || !timingSafeEqual(createHash('sha256').update(given).digest(), expected))
      throw new AppError(
        'TOKEN_INVALID',
        given
          ? 'The operator key is not valid.'
          : 'The operator key is missing (Authorization: Bearer <key>).',
      );
    await guesses.refund(requester);
  };
}

/** The limit on wrong operator keys, shared by every operator route (one count per requester). */
export const OPERATOR_GUESSES = { name: 'operator-key', limit: 10, windowMs: 15 * 60_000 } as const;
