import { describe, expect, it } from 'vitest';
import { type Answer, guessKit } from './guess-kit.ts';
import { addUser } from './stack.ts';

/** Issue 26, item 1: guesses fired in parallel each count, for passwords and codes (decision 017). */
const kit = guessKit();
const { call, hour, codeFor, otherThan, tally, attemptsOn } = kit;

describe('parallel guesses each count (item 1)', () => {
  it('checks at most 10 of 200 parallel passwords for one account; the right one, 150th, is refused', async () => {
    hour();
    await addUser(kit.stack.server, 'burst@example.com', 'Burst7Pass');
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
    await addUser(kit.stack.server, 'spread@example.com', 'Spread7Pass');
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
    await addUser(kit.stack.server, 'patient@example.com', 'Patient7Pass');
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
      kit.stack.advance(15 * 60_000 + 1000);
    }
    expect(
      (await call('/users/login', { username: 'patient@example.com', password: 'Patient7Pass' })).status,
    ).toBe(200);
  });

  it('compares at most five guesses with a reset code and refuses the rest, the right code at 150 too', async () => {
    hour();
    await addUser(kit.stack.server, 'reset-burst@example.com', 'Reset7Pass');
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
    await addUser(kit.stack.server, 'code-burst@example.com', 'Code7Pass');
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
    await addUser(kit.stack.server, 'change-burst@example.com', 'Change7Pass');
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
