import { describe, expect, it } from 'vitest';
import { TOO_MANY_CODES } from '../src/modules/account/codes.service.ts';
import { guessKit } from './guess-kit.ts';
import { addUser } from './stack.ts';

/**
 * Issue 26, item 4: code requests answer alike for known and unknown addresses, and a stranger's
 * requests do not lock the owner out; the counters live in the database, shared by instances.
 */
const kit = guessKit();
const { call, hour, minute, codeFor, tally } = kit;

describe('code requests (item 4)', () => {
  it('answers known and unknown addresses alike, limits included', async () => {
    hour();
    await addUser(kit.stack.server, 'known@example.com', 'Known7Pass');
    const run = async (username: string) => {
      const seen: Array<[number, string]> = [];
      for (let i = 0; i < 7; i++) {
        minute();
        const a = await call('/users/authenticate', { username });
        seen.push([a.status, a.body.message]);
      }
      return seen;
    };
    const known = await run('known@example.com');
    const unknown = await run('unknown@example.com');
    expect(known).toEqual(unknown);
    expect(known.map(([s]) => s)).toEqual([200, 200, 200, 200, 200, 429, 429]);
    expect(known[5]?.[1]).toBe(TOO_MANY_CODES);
  });

  it("a stranger's code requests do not stop the owner getting a code and logging in with it", async () => {
    hour();
    await addUser(kit.stack.server, 'locked@example.com', 'Locked7Pass');
    for (let i = 0; i < 8; i++) {
      minute();
      await call('/users/authenticate', { username: 'locked@example.com' }, { from: '127.0.0.5' });
      await call(
        '/users/reset-password/send-recovery-code',
        { username: 'locked@example.com' },
        { from: '127.0.0.5' },
      );
    }
    expect(
      (await call('/users/authenticate', { username: 'locked@example.com' }, { from: '127.0.0.5' })).status,
    ).toBe(429);
    // The owner, from their own address, at once.
    expect((await call('/users/authenticate', { username: 'locked@example.com' })).status).toBe(200);
    const code = codeFor('locked@example.com');
    expect((await call('/users/login', { username: 'locked@example.com', code })).status).toBe(200);
    minute();
    expect(
      (await call('/users/reset-password/send-recovery-code', { username: 'locked@example.com' })).status,
    ).toBe(200);
  });
});

describe('one requester cannot lock an owner out of codes (item 4)', () => {
  it("a stranger's 200 parallel wrong login codes and code requests leave the owner's code login and recovery working", async () => {
    hour();
    await addUser(kit.stack.server, 'guarded@example.com', 'Guarded7Pass');
    const stranger = { from: '127.0.0.6' };
    // The stranger asks for codes, 200 at once (one a minute goes out), then guesses, 200 at once.
    const sends = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        call(
          i % 2 ? '/users/authenticate' : '/users/reset-password/send-recovery-code',
          { username: 'guarded@example.com' },
          stranger,
        ),
      ),
    );
    expect(tally(sends)).toEqual({ 200: 2, 429: 198 });
    const guesses = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        call('/users/login', { username: 'guarded@example.com', code: String(i).padStart(6, '0') }, stranger),
      ),
    );
    // A tenth of the address's 100 an hour is this requester's: the rest are refused before any check.
    expect(tally(guesses)).toEqual({ 400: 10, 429: 190 });
    const resets = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        call(
          '/user/reset-password',
          {
            username: 'guarded@example.com',
            code: String(i).padStart(6, '0'),
            password: 'Attacker9Pass',
          },
          stranger,
        ),
      ),
    );
    expect(tally(resets)).toEqual({ 400: 10, 429: 190 });
    // The owner, from their own address, at once: a login code, and a recovery code.
    expect((await call('/users/authenticate', { username: 'guarded@example.com' })).status).toBe(200);
    const code = codeFor('guarded@example.com');
    expect((await call('/users/login', { username: 'guarded@example.com', code })).status).toBe(200);
    expect(
      (await call('/users/reset-password/send-recovery-code', { username: 'guarded@example.com' })).status,
    ).toBe(200);
    const recovery = codeFor('guarded@example.com');
    expect(
      (
        await call('/user/reset-password', {
          username: 'guarded@example.com',
          code: recovery,
          password: 'Owner8Fresh',
        })
      ).status,
    ).toBe(200);
  });
});

describe('limits shared by server instances', () => {
  it('counts in the database: two limiters on one database share a window', async () => {
    // The counter table is what makes scaled mode hold: a second set of limits over the same
    // database (as a second instance would build) sees the first one's attempts.
    const { attemptStore, guessLimits } = await import('../src/core/rate-limiter.ts');
    const clock = { now: () => Date.now() };
    const a = guessLimits(attemptStore(kit.stack.server.database.db, clock));
    const b = guessLimits(attemptStore(kit.stack.server.database.db, clock));
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) => (i % 2 ? a : b).changePassword.reserve('shared-user')),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(10);
    expect(results.filter((r) => !r.ok).every((r) => r.retryAfterMs > 0)).toBe(true);
  });
});
