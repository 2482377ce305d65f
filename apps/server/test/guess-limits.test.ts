import { request } from 'node:http';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/database.ts';
import { CONFIRM_WITH_PASSWORD, SIGNUPS_LIMITED } from '../src/modules/account/account.service.ts';
import { TOO_MANY_CODES } from '../src/modules/account/codes.service.ts';
import { userRepository } from '../src/modules/account/user.repository.ts';
import { addUser, type Stack, startStack } from './stack.ts';

/**
 * Issue 26, items 1, 2, 4 and 5: guesses fired in parallel each count, a second sign-up cannot choose
 * a pending account's password, code requests answer alike for known and unknown addresses and a
 * stranger's requests do not lock the owner out, sign-ups are limited per requester (decision 017).
 */
let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack?.stop());

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: { data: unknown; isSuccess: boolean; message: string; statusCode: number };
}

/**
 * A JSON call from a chosen loopback address (127.0.0.x all reach the server), so tests can play
 * several requesters. Each call opens its own connection, so parallel calls really are parallel.
 */
function call(
  path: string,
  body: unknown,
  opts: { from?: string; token?: string; method?: string } = {},
): Promise<Answer> {
  const url = new URL(`${stack.server.url}/api/v1${path}`);
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method: opts.method ?? 'POST',
        localAddress: opts.from ?? '127.0.0.1',
        agent: false,
        headers: {
          ...(payload !== undefined ? { 'content-type': 'application/json' } : {}),
          ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => {
          text += d;
        });
        res.on('end', () => {
          try {
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body: JSON.parse(text) });
          } catch (err) {
            reject(err);
          }
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

const hour = () => stack.advance(3600_000 + 1000);
const minute = () => stack.advance(61_000);
const codeFor = (to: string) =>
  [...stack.outbox]
    .reverse()
    .find((l) => l.includes(to))
    ?.match(/\b(\d{6})\b/)?.[1] as string;
const otherThan = (code: string, i: number) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0');
const tally = (answers: Answer[]) => {
  const t: Record<number, number> = {};
  for (const a of answers) t[a.status] = (t[a.status] ?? 0) + 1;
  return t;
};
const attemptsOn = async (purpose: string, target: string) =>
  (
    await queryRows<{ attempts: number }>(
      stack.server.database.db,
      sql`select attempts from verification_codes where purpose = ${purpose} and target = ${target}
          order by created_at desc limit 1`,
    )
  )[0]?.attempts;

describe('parallel guesses each count (item 1)', () => {
  it('checks at most 10 of 200 parallel passwords for one account; the right one, 150th, is refused', async () => {
    hour();
    await addUser(stack.server, 'burst@example.com', 'Burst7Pass');
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        call('/users/login', {
          username: 'burst@example.com',
          password: i === 150 ? 'Burst7Pass' : `Wrong${i}Pass`,
        }),
      ),
    );
    const t = tally(answers);
    // Exactly the limit were checked (401); none logged in; every other got a 429.
    expect(t[200] ?? 0).toBe(0);
    expect(t[401]).toBe(10);
    expect(t[429]).toBe(190);
    expect(answers[150]?.status).toBe(429);
    const refused = answers.find((a) => a.status === 429) as Answer;
    expect(refused.body).toMatchObject({ data: null, isSuccess: false, statusCode: 429 });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // The right password stays refused from this address for the window, and works from another.
    expect(
      (await call('/users/login', { username: 'burst@example.com', password: 'Burst7Pass' })).status,
    ).toBe(429);
    expect(
      (
        await call(
          '/users/login',
          { username: 'burst@example.com', password: 'Burst7Pass' },
          { from: '127.0.0.9' },
        )
      ).status,
    ).toBe(200);
  });

  it('bounds guesses at one account spread over many requesters: 50 an hour from everyone', async () => {
    hour();
    await addUser(stack.server, 'spread@example.com', 'Spread7Pass');
    // 25 requesters, 8 guesses each (under each one's own 10), all at once; the right password last.
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        call(
          '/users/login',
          { username: 'spread@example.com', password: i === 199 ? 'Spread7Pass' : `Wrong${i}Pass` },
          { from: `127.0.1.${(i % 25) + 1}` },
        ),
      ),
    );
    const t = tally(answers);
    expect(t[200] ?? 0).toBe(0);
    expect(t[401]).toBe(50);
    expect(t[429]).toBe(150);
    // The price: password login to this account waits for the hour, from anywhere …
    expect(
      (
        await call(
          '/users/login',
          { username: 'spread@example.com', password: 'Spread7Pass' },
          { from: '127.0.2.1' },
        )
      ).status,
    ).toBe(429);
    // … but the owner still gets in with a code.
    expect((await call('/users/authenticate', { username: 'spread@example.com' })).status).toBe(200);
    const code = codeFor('spread@example.com');
    expect((await call('/users/login', { username: 'spread@example.com', code })).status).toBe(200);
  });

  it('one requester alone cannot use up the account’s 50: a full hour of its guesses leaves the owner in', async () => {
    hour();
    await addUser(stack.server, 'patient@example.com', 'Patient7Pass');
    for (let window = 0; window < 4; window++) {
      const answers = await Promise.all(
        Array.from({ length: 15 }, (_, i) =>
          call(
            '/users/login',
            { username: 'patient@example.com', password: `Wrong${window}x${i}` },
            { from: '127.0.0.5' },
          ),
        ),
      );
      expect(tally(answers)).toEqual({ 401: 10, 429: 5 });
      // The next quarter hour: 40 guesses within the account's hour.
      stack.advance(15 * 60_000 + 1000);
    }
    expect(
      (await call('/users/login', { username: 'patient@example.com', password: 'Patient7Pass' })).status,
    ).toBe(200);
  });

  it('compares at most five guesses with a reset code and refuses the rest, the right code at 150 too', async () => {
    hour();
    await addUser(stack.server, 'reset-burst@example.com', 'Reset7Pass');
    expect((await call('/user/reset-password-request', { username: 'reset-burst@example.com' })).status).toBe(
      200,
    );
    const code = codeFor('reset-burst@example.com');
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        call('/user/reset-password', {
          username: 'reset-burst@example.com',
          code: i === 150 ? code : otherThan(code, i),
          password: 'Attacker9Pass',
        }),
      ),
    );
    const t = tally(answers);
    expect(t[200] ?? 0).toBe(0);
    // 10 wrong codes an hour per address from one requester get an answer (400); the code itself
    // allowed five.
    expect(t[400]).toBe(10);
    expect(t[429]).toBe(190);
    expect(answers[150]?.status).toBe(429);
    expect(await attemptsOn('reset', 'reset-burst@example.com')).toBe(5);
    // The password was not reset.
    expect(
      (await call('/users/login', { username: 'reset-burst@example.com', password: 'Reset7Pass' })).status,
    ).toBe(200);
  });

  it('compares at most five guesses with a login code', async () => {
    hour();
    await addUser(stack.server, 'code-burst@example.com', 'Code7Pass');
    expect((await call('/users/authenticate', { username: 'code-burst@example.com' })).status).toBe(200);
    const code = codeFor('code-burst@example.com');
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        call('/users/login', {
          username: 'code-burst@example.com',
          code: i === 150 ? code : otherThan(code, i),
        }),
      ),
    );
    const t = tally(answers);
    expect(t[200] ?? 0).toBe(0);
    expect(t[400]).toBe(10);
    expect(t[429]).toBe(190);
    expect(await attemptsOn('login', 'code-burst@example.com')).toBe(5);
  });

  it('checks at most 10 of 200 parallel current passwords on change-password; the right one, last, is refused', async () => {
    hour();
    await addUser(stack.server, 'change-burst@example.com', 'Change7Pass');
    const login = await call('/users/login', {
      username: 'change-burst@example.com',
      password: 'Change7Pass',
    });
    const token = (login.body.data as { token: string }).token;
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        call(
          '/users/change-password',
          { currentPassword: i === 199 ? 'Change7Pass' : `Guess${i}Word`, newPassword: 'Taken9Over' },
          { token },
        ),
      ),
    );
    const t = tally(answers);
    expect(t[200] ?? 0).toBe(0);
    expect(t[400]).toBe(10);
    expect(t[429]).toBe(190);
    expect(answers[199]?.status).toBe(429);
    // The password was not changed.
    expect(
      (await call('/users/login', { username: 'change-burst@example.com', password: 'Change7Pass' })).status,
    ).toBe(200);
  });
});

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
    const fresh = await call(
      '/users/register',
      { username: 'never-seen@example.com', password: 'Fresh7Pass' },
      { from: '127.0.0.7' },
    );
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
      await userRepository(stack.server.database.db).findByUsername('owner-first@example.com'),
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
    const user = await userRepository(stack.server.database.db).findByUsername('owner-second@example.com');
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
      stack.server.database.db,
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

describe('code requests (item 4)', () => {
  it('answers known and unknown addresses alike, limits included', async () => {
    hour();
    await addUser(stack.server, 'known@example.com', 'Known7Pass');
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
    await addUser(stack.server, 'locked@example.com', 'Locked7Pass');
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
    await addUser(stack.server, 'guarded@example.com', 'Guarded7Pass');
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

describe('sign-up limits (item 5)', () => {
  it('takes 20 sign-ups an hour from one requester, then answers 429 with when to come back', async () => {
    hour();
    const answers = await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        call(
          '/users/register',
          { username: `flood${i}@example.com`, password: 'Flood7Pass' },
          { from: '127.0.0.3' },
        ),
      ),
    );
    const t = tally(answers);
    expect(t[200]).toBe(20);
    expect(t[429]).toBe(5);
    const refused = answers.find((a) => a.status === 429) as Answer;
    expect(refused.body).toEqual({ data: null, isSuccess: false, message: SIGNUPS_LIMITED, statusCode: 429 });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3000);
    // Another requester is not held back.
    expect(
      (
        await call(
          '/users/register',
          { username: 'elsewhere@example.com', password: 'Flood7Pass' },
          { from: '127.0.0.4' },
        )
      ).status,
    ).toBe(200);
    // Nor is the same one after the hour.
    hour();
    expect(
      (
        await call(
          '/users/register',
          { username: 'flood-late@example.com', password: 'Flood7Pass' },
          { from: '127.0.0.3' },
        )
      ).status,
    ).toBe(200);
  });

  it('takes 1000 sign-ups an hour from everyone, then answers 429 to every requester', async () => {
    hour();
    // 990 sign-ups already this hour (counted as the limit counts them); 20 more from four requesters,
    // five each (well under each one's own 20), all at once.
    const resetAt = new Date(stack.now() + 3600_000).toISOString();
    await stack.server.database.db.execute(
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
    expect(
      (
        await call(
          '/users/register',
          { username: 'newcomer@example.com', password: 'Crowd7Pass' },
          { from: '127.0.4.9' },
        )
      ).status,
    ).toBe(429);
    // … until the hour is over.
    hour();
    expect(
      (
        await call(
          '/users/register',
          { username: 'newcomer@example.com', password: 'Crowd7Pass' },
          { from: '127.0.4.9' },
        )
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
    const a = guessLimits(attemptStore(stack.server.database.db, clock));
    const b = guessLimits(attemptStore(stack.server.database.db, clock));
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) => (i % 2 ? a : b).changePassword.reserve('shared-user')),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(10);
    expect(results.filter((r) => !r.ok).every((r) => r.retryAfterMs > 0)).toBe(true);
  });
});
