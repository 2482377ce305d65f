import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attemptStore, guessLimits, reserveAll } from '../src/core/rate-limiter.ts';
import { type Database, openPostgres, queryRows } from '../src/db/database.ts';
import { UserRepository } from '../src/modules/account/user.repository.ts';
import { freshDatabase, TEST_DATABASE_URL } from './scaled-kit.ts';

/**
 * Decision 017 on real PostgreSQL: two server instances (two connection pools on one database) and
 * parallel requests on each still count every attempt once. Runs when TEST_DATABASE_URL is set.
 */

describe.runIf(Boolean(TEST_DATABASE_URL))('guess limits on PostgreSQL, two instances', () => {
  const fresh = freshDatabase('limits');
  let one: Database;
  let two: Database;
  const clock = { now: () => Date.now() };

  beforeAll(async () => {
    const url = fresh.url();
    [one, two] = await Promise.all([openPostgres(url), openPostgres(url)]);
  });
  afterAll(async () => {
    await one?.close();
    await two?.close();
  });

  it('200 parallel attempts over both instances take exactly the limit', async () => {
    const limits = [guessLimits(attemptStore(one.db, clock)), guessLimits(attemptStore(two.db, clock))];
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        limits[i % 2]?.loginAccount.reserve('someone@example.com|198.51.100.7'),
      ),
    );
    expect(answers.filter((a) => a?.ok)).toHaveLength(10);
    expect(answers.filter((a) => a && !a.ok && a.retryAfterMs > 0)).toHaveLength(190);
  });

  it("one requester's 200 parallel code checks leave only its 10 on the address's shared counter", async () => {
    const limits = [guessLimits(attemptStore(one.db, clock)), guessLimits(attemptStore(two.db, clock))];
    const answers = await Promise.allSettled(
      Array.from({ length: 200 }, (_, i) => {
        const l = limits[i % 2] as ReturnType<typeof guessLimits>;
        return reserveAll([
          [l.codeTargetRequester, 'login:owner@example.com|198.51.100.9'],
          [l.codeRequester, '198.51.100.9'],
          [l.codeTarget, 'login:owner@example.com'],
        ]);
      }),
    );
    expect(answers.filter((a) => a.status === 'fulfilled')).toHaveLength(10);
    // The other 90 of the address's 100 are left for everyone else, the owner among them.
    const others = await Promise.allSettled(
      Array.from({ length: 95 }, (_, i) =>
        (limits[i % 2] as ReturnType<typeof guessLimits>).codeTarget.reserve('login:owner@example.com'),
      ),
    );
    expect(others.filter((a) => a.status === 'fulfilled' && a.value.ok)).toHaveLength(90);
  });

  it('parallel sign-up codes for one address over both instances keep the first pending password', async () => {
    const repos = [new UserRepository(one.db), new UserRepository(two.db)];
    const target = 'fresh@example.com';
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        repos[i % 2]?.putCode({
          purpose: 'register',
          target,
          codeHash: 'y'.repeat(64),
          expiresAt: new Date(Date.now() + 600_000),
          payloadFrom: {
            now: new Date(),
            make: (live) => (live as { passwordHash?: string } | undefined) ?? { passwordHash: `hash-${i}` },
          },
        }),
      ),
    );
    const rows = await queryRows<{ payload: { passwordHash: string } }>(
      one.db,
      sql`select payload from verification_codes where purpose = 'register' and target = ${target}`,
    );
    expect(rows).toHaveLength(20);
    expect(new Set(rows.map((r) => r.payload.passwordHash)).size).toBe(1);
  });

  it('200 parallel guesses on one code take exactly its five attempts', async () => {
    const repos = [new UserRepository(one.db), new UserRepository(two.db)];
    await repos[0]?.putCode({
      purpose: 'reset',
      target: 'someone@example.com',
      codeHash: 'x'.repeat(64),
      expiresAt: new Date(Date.now() + 600_000),
    });
    const rows = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        repos[i % 2]?.takeCodeAttempt('reset', 'someone@example.com', new Date(), 5),
      ),
    );
    const taken = rows.filter((r) => r !== undefined);
    expect(taken).toHaveLength(5);
    expect(taken.map((r) => r?.attempts).sort()).toEqual([1, 2, 3, 4, 5]);
  });
});
