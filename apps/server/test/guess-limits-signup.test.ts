import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/database.ts';
import { CONFIRM_WITH_PASSWORD, SIGNUPS_LIMITED } from '../src/modules/account/account.service.ts';
import { UserRepository } from '../src/modules/account/user.repository.ts';
import { type Answer, guessKit } from './guess-kit.ts';

/**
 * Issue 26, items 2 and 5: a second sign-up cannot choose a pending account's password, and sign-ups
 * are limited per requester and overall (decision 017).
 */
const kit = guessKit();
const { call, hour, minute, codeFor, tally } = kit;

/** A sign-up's first step as `from` asks for it. */
const register = (username: string, from: string, password: string) =>
  call('/users/register', { username, password }, { from });

describe('a pending sign-up keeps its password (item 2)', () => {
  it('a later sign-up for the address gets the same answer and cannot set the password', async () => {
    hour();
    const first = await call('/users/register', {
      username: 'owner-first@example.com',
      password: 'Owner7Pass',
    });
    expect(first.status).toBe(200);
    minute();
    // An attacker signs the same address up again, from elsewhere: the answer looks like any sign-up.
    const again = await call(
      '/users/register',
      { username: 'owner-first@example.com', password: 'Attacker9Pass', firstName: 'Mallory' },
      { from: '127.0.0.7' },
    );
    const fresh = await register('never-seen@example.com', '127.0.0.7', 'Fresh7Pass');
    expect(again.status).toBe(200);
    expect(Object.keys(again.body.data as object).sort()).toEqual(
      Object.keys(fresh.body.data as object).sort(),
    );
    expect(again.body).toMatchObject({
      isSuccess: true,
      statusCode: 200,
      data: { sentTo: 'o***@example.com' },
    });
    // The owner confirms with the newest code, without sending the password again (an older app):
    // refused, since a later sign-up typed another password; nothing is created.
    const code = codeFor('owner-first@example.com');
    const bare = await call('/users/register-finalize', { username: 'owner-first@example.com', code });
    expect(bare).toMatchObject({ status: 400, body: { message: CONFIRM_WITH_PASSWORD } });
    expect(
      await new UserRepository(kit.stack.server.database.db).findByUsername('owner-first@example.com'),
    ).toBeUndefined();
    // With the password typed on the owner's device, the account is theirs.
    const done = await call('/users/register-finalize', {
      username: 'owner-first@example.com',
      code,
      password: 'Owner7Pass',
    });
    expect(done.status).toBe(200);
    expect(
      (await call('/users/login', { username: 'owner-first@example.com', password: 'Attacker9Pass' })).status,
    ).toBe(401);
    expect(
      (await call('/users/login', { username: 'owner-first@example.com', password: 'Owner7Pass' })).status,
    ).toBe(200);
  });

  it('the owner who signs up after a stranger sets their own password and names by confirming', async () => {
    hour();
    await call(
      '/users/register',
      { username: 'owner-second@example.com', password: 'Attacker9Pass', firstName: 'Mallory' },
      { from: '127.0.0.7' },
    );
    const mine = await call('/users/register', {
      username: 'owner-second@example.com',
      password: 'Owner7Pass',
      firstName: 'Ada',
    });
    expect(mine.status).toBe(200);
    const code = codeFor('owner-second@example.com');
    const done = await call('/users/register-finalize', {
      username: 'owner-second@example.com',
      code,
      password: 'Owner7Pass',
      firstName: 'Ada',
    });
    expect(done.status).toBe(200);
    const user = await new UserRepository(kit.stack.server.database.db).findByUsername(
      'owner-second@example.com',
    );
    expect(user?.firstName).toBe('Ada');
    expect(
      (await call('/users/login', { username: 'owner-second@example.com', password: 'Attacker9Pass' }))
        .status,
    ).toBe(401);
    expect(
      (await call('/users/login', { username: 'owner-second@example.com', password: 'Owner7Pass' })).status,
    ).toBe(200);
  });

  it('sign-ups for a fresh address at the same moment keep the first one’s password', async () => {
    hour();
    // Ten sign-ups at once, from ten requesters, each with its own password: each found no pending
    // sign-up when it looked, and each hashes its password meanwhile.
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        call(
          '/users/register',
          { username: 'race@example.com', password: `Racer${i}Pass`, firstName: `Racer ${i}` },
          { from: `127.0.3.${i + 1}` },
        ),
      ),
    );
    expect(tally(answers)).toEqual({ 200: 10 });
    const rows = await queryRows<{ payload: { passwordHash: string; contested?: boolean } }>(
      kit.stack.server.database.db,
      sql`select payload from verification_codes where purpose = 'register' and target = 'race@example.com'
          order by created_at`,
    );
    expect(rows).toHaveLength(10);
    // One password throughout: the first stored; every later code knows it was contested.
    expect(new Set(rows.map((r) => r.payload.passwordHash)).size).toBe(1);
    expect(rows.slice(1).every((r) => r.payload.contested === true)).toBe(true);
    // So the newest code alone does not confirm: the confirming device's password is needed.
    const code = codeFor('race@example.com');
    const bare = await call('/users/register-finalize', { username: 'race@example.com', code });
    expect(bare).toMatchObject({ status: 400, body: { message: CONFIRM_WITH_PASSWORD } });
  });

  it('an uncontested sign-up confirms with its own password, as before', async () => {
    hour();
    await call('/users/register', {
      username: 'plain@example.com',
      password: 'Plain7Pass',
      firstName: 'Pat',
    });
    minute();
    // The same person asks again (a lost mail) with the same password: still uncontested.
    await call('/users/register', {
      username: 'plain@example.com',
      password: 'Plain7Pass',
      firstName: 'Pat',
    });
    const code = codeFor('plain@example.com');
    expect((await call('/users/register-finalize', { username: 'plain@example.com', code })).status).toBe(
      200,
    );
    expect(
      (await call('/users/login', { username: 'plain@example.com', password: 'Plain7Pass' })).status,
    ).toBe(200);
  });
});

describe('sign-up limits (item 5)', () => {
  it('takes 20 sign-ups an hour from one requester, then answers 429 with when to come back', async () => {
    hour();
    const answers = await Promise.all(
      Array.from({ length: 25 }, (_, i) => register(`flood${i}@example.com`, '127.0.0.3', 'Flood7Pass')),
    );
    const t = tally(answers);
    expect(t[200]).toBe(20);
    expect(t[429]).toBe(5);
    const refused = answers.find((a) => a.status === 429) as Answer;
    expect(refused.body).toEqual({ data: null, isSuccess: false, message: SIGNUPS_LIMITED, statusCode: 429 });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3000);
    // Another requester is not held back.
    expect((await register('elsewhere@example.com', '127.0.0.4', 'Flood7Pass')).status).toBe(200);
    // Nor is the same one after the hour.
    hour();
    expect((await register('flood-late@example.com', '127.0.0.3', 'Flood7Pass')).status).toBe(200);
  });

  it('takes 1000 sign-ups an hour from everyone, then answers 429 to every requester', async () => {
    hour();
    // 990 sign-ups already this hour (counted as the limit counts them); 20 more from four requesters,
    // five each (well under each one's own 20), all at once.
    const resetAt = new Date(kit.stack.now() + 3600_000).toISOString();
    await kit.stack.server.database.db.execute(
      sql`insert into attempt_counters (key, count, reset_at) values ('signup-all:all', 990, ${resetAt}::timestamptz)
          on conflict (key) do update set count = 990, reset_at = excluded.reset_at`,
    );
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call(
          '/users/register',
          { username: `crowd${i}@example.com`, password: 'Crowd7Pass' },
          { from: `127.0.4.${(i % 4) + 1}` },
        ),
      ),
    );
    expect(tally(answers)).toEqual({ 200: 10, 429: 10 });
    const refused = answers.find((a) => a.status === 429) as Answer;
    expect(refused.body).toMatchObject({ data: null, isSuccess: false, statusCode: 429 });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3000);
    // A requester that has signed nobody up this hour waits too …
    expect((await register('newcomer@example.com', '127.0.4.9', 'Crowd7Pass')).status).toBe(429);
    // … until the hour is over.
    hour();
    expect((await register('newcomer@example.com', '127.0.4.9', 'Crowd7Pass')).status).toBe(200);
  });
});
