import { ApiError, HestiaClient } from '@hestia/client';
import { messages } from '@hestia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserRepository } from '../src/modules/account/user.repository.ts';
import { startMailbox } from './mailbox.ts';
import { openSocket, type Stack, startStack } from './stack.ts';

let stack: Stack;
let mailbox: Awaited<ReturnType<typeof startMailbox>>;
let anon: HestiaClient;
beforeAll(async () => {
  mailbox = await startMailbox();
  stack = await startStack({ SMTP_URL: mailbox.url });
  anon = new HestiaClient({ baseUrl: stack.server.url });
});
afterAll(async () => {
  await stack?.stop();
  await mailbox?.close();
});

const withToken = (token: string) => new HestiaClient({ baseUrl: stack.server.url, getToken: () => token });
const outboxCode = (to: string) =>
  [...stack.outbox]
    .reverse()
    .find((l) => l.includes(to))
    ?.match(/\b(\d{6})\b/)?.[1];
const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
/** Codes may be asked for once a minute per address; tests move the clock instead of waiting. */
const nextMinute = () => stack.advance(61_000);

async function signUp(email: string, password = 'Secret123') {
  nextMinute();
  await anon.call('register', { body: { username: email, password, firstName: 'Ada' } });
  const code = mailbox.codeFor(email);
  if (!code) throw new Error('no code mailed');
  return anon.call('registerFinalize', { body: { username: email, code } });
}

describe('sign-up by email', () => {
  it('mails a code, creates nothing until it is confirmed, then logs in', async () => {
    const sent = await anon.call('register', {
      body: { username: 'New.User@Example.com', password: 'Secret123', firstName: 'New' },
    });
    expect(sent).toMatchObject({ sentTo: 'n***@example.com', resendAfter: 60 });
    expect(mailbox.mails.at(-1)?.to).toEqual(['new.user@example.com']);
    expect(
      await new UserRepository(stack.server.database.db).findByUsername('new.user@example.com'),
    ).toBeUndefined();

    const code = mailbox.codeFor('new.user@example.com') as string;
    await expect(
      anon.call('registerFinalize', { body: { username: 'new.user@example.com', code: wrongCode(code) } }),
    ).rejects.toMatchObject({
      message: messages.badCode,
      statusCode: 400,
    });
    const tokens = await anon.call('registerFinalize', { body: { username: 'new.user@example.com', code } });
    expect(tokens.token).toBeTruthy();
    expect((await withToken(tokens.token).call('profile', {})).firstName).toBe('New');
    // The code is single use.
    await expect(
      anon.call('registerFinalize', { body: { username: 'new.user@example.com', code } }),
    ).rejects.toMatchObject({ statusCode: 400 });
    await expect(anon.login('new.user@example.com', 'Secret123')).resolves.toHaveProperty('token');
  });

  it('refuses weak passwords, bad addresses and taken usernames with the spec messages', async () => {
    const register = (username: string, password: string) =>
      anon.call('register', { body: { username, password } });
    await expect(register('weak@example.com', 'short1A')).rejects.toMatchObject({
      message: `password: ${messages.weakPassword}`,
    });
    await expect(register('weak@example.com', 'nouppercase1')).rejects.toMatchObject({ statusCode: 400 });
    await expect(register('weak@example.com', '')).rejects.toMatchObject({
      message: `password: ${messages.emptyPassword}`,
    });
    await expect(register('not-an-email@', 'Secret123')).rejects.toMatchObject({
      message: messages.badEmail,
    });
    await expect(register('12345', 'Secret123')).rejects.toMatchObject({ message: messages.badMobile });
    await expect(register('demo@hestia.local', 'Secret123')).rejects.toMatchObject({
      statusCode: 409,
      message: messages.taken,
    });
  });

  it('expires codes after 10 minutes', async () => {
    nextMinute();
    await anon.call('register', { body: { username: 'late@example.com', password: 'Secret123' } });
    const code = mailbox.codeFor('late@example.com') as string;
    stack.advance(10 * 60_000 + 1000);
    await expect(
      anon.call('registerFinalize', { body: { username: 'late@example.com', code } }),
    ).rejects.toMatchObject({ message: messages.badCode });
  });

  it('kills a code after five wrong attempts', async () => {
    nextMinute();
    await anon.call('register', { body: { username: 'guess@example.com', password: 'Secret123' } });
    const code = mailbox.codeFor('guess@example.com') as string;
    for (let i = 0; i < 5; i++) {
      await expect(
        anon.call('registerFinalize', { body: { username: 'guess@example.com', code: wrongCode(code) } }),
      ).rejects.toBeInstanceOf(ApiError);
    }
    await expect(
      anon.call('registerFinalize', { body: { username: 'guess@example.com', code } }),
    ).rejects.toMatchObject({ message: messages.badCode });
  });

  it('limits how often codes are sent', async () => {
    nextMinute();
    await anon.call('register', { body: { username: 'spam@example.com', password: 'Secret123' } });
    await expect(
      anon.call('register', { body: { username: 'spam@example.com', password: 'Secret123' } }),
    ).rejects.toMatchObject({ statusCode: 429 });
  });
});

describe('sign-up by mobile and login by code', () => {
  it('accepts a mobile number in Persian digits, sends the code to the outbox, and logs in by code', async () => {
    nextMinute();
    const sent = await anon.call('register', {
      body: { username: '+۹۸ ۹۱۲ ۳۴۵ ۶۷۸۹', password: 'Secret123' },
    });
    expect(sent.sentTo).toBe('+98********89');
    const code = outboxCode('+989123456789') as string;
    await anon.call('registerFinalize', { body: { username: '+989123456789', code } });

    nextMinute();
    await anon.call('authenticate', { body: { username: '+989123456789' } });
    const loginCode = outboxCode('+989123456789') as string;
    expect(loginCode).not.toBe(code);
    const tokens = await anon.call('login', { body: { username: '+989123456789', code: loginCode } });
    expect((await withToken(tokens.token).call('profile', {})).phone).toBe('+989123456789');
  });

  it('answers a code request for an unknown account like any other, and sends nothing', async () => {
    nextMinute();
    const before = stack.outbox.length + mailbox.mails.length;
    const sent = await anon.call('authenticate', { body: { username: 'nobody@example.com' } });
    expect(sent.sentTo).toBe('n***@example.com');
    expect(stack.outbox.length + mailbox.mails.length).toBe(before);
  });
});

describe('tokens and sessions', () => {
  it('rotates refresh tokens and ends the session when an old one is used again', async () => {
    const first = await signUp('rotate@example.com');
    const second = await anon.call('refreshToken', {
      body: { token: first.token, refreshToken: first.refreshToken },
    });
    expect(second.refreshToken).not.toBe(first.refreshToken);
    await expect(withToken(second.token).call('profile', {})).resolves.toBeTruthy();
    stack.advance(11_000);
    await expect(
      anon.call('refreshToken', { body: { refreshToken: first.refreshToken } }),
    ).rejects.toMatchObject({ statusCode: 401 });
    // Reuse ended the whole session: the newest tokens die too.
    await expect(withToken(second.token).call('profile', {})).rejects.toMatchObject({ statusCode: 401 });
    await expect(
      anon.call('refreshToken', { body: { refreshToken: second.refreshToken } }),
    ).rejects.toMatchObject({ statusCode: 401 });
  });

  it('logs out', async () => {
    const t = await anon.login('rotate@example.com', 'Secret123');
    await withToken(t.token).call('logout', { body: {} });
    await expect(withToken(t.token).call('profile', {})).rejects.toMatchObject({ statusCode: 401 });
    await expect(anon.call('refreshToken', { body: { refreshToken: t.refreshToken } })).rejects.toMatchObject(
      { statusCode: 401 },
    );
  });

  it('lists sessions and terminates another one: its calls are refused and its socket closes', async () => {
    await signUp('sessions@example.com');
    const a = await anon.login('sessions@example.com', 'Secret123');
    const b = await anon.login('sessions@example.com', 'Secret123');
    const list = await withToken(a.token).call('sessions', {});
    expect(list.length).toBeGreaterThanOrEqual(2);
    const other = list.find((s) => !s.isCurrent && s.id) as { id: string };
    expect(list.filter((s) => s.isCurrent)).toHaveLength(1);

    const sessionOfB = (await withToken(b.token).call('sessions', {})).find((s) => s.isCurrent)?.id as string;
    const socket = await openSocket(stack.server.url, b.token);
    const closed = new Promise<number>((resolve) => socket.ws.on('close', (code) => resolve(code)));
    await withToken(a.token).call('terminateSession', { params: { id: sessionOfB } });
    expect(await closed).toBe(4001);
    await expect(withToken(b.token).call('profile', {})).rejects.toMatchObject({ statusCode: 401 });
    // Someone else's session id is not found, and not ended.
    await expect(stack.client.call('terminateSession', { params: { id: other.id } })).rejects.toMatchObject({
      statusCode: 404,
    });
  });
});

describe('passwords', () => {
  it('changes the password: the current must match, the new must differ, other sessions end', async () => {
    await signUp('change@example.com');
    const mine = await anon.login('change@example.com', 'Secret123');
    const other = await anon.login('change@example.com', 'Secret123');
    const me = withToken(mine.token);
    await expect(
      me.call('changePassword', { body: { currentPassword: 'Wrong1234', newPassword: 'Better123' } }),
    ).rejects.toMatchObject({ statusCode: 400 });
    await expect(
      me.call('changePassword', { body: { currentPassword: 'Secret123', newPassword: 'Secret123' } }),
    ).rejects.toMatchObject({
      message: messages.samePassword,
    });
    await me.call('changePassword', { body: { currentPassword: 'Secret123', newPassword: 'Better123' } });
    await expect(me.call('profile', {})).resolves.toBeTruthy();
    await expect(withToken(other.token).call('profile', {})).rejects.toMatchObject({ statusCode: 401 });
    await expect(anon.login('change@example.com', 'Better123')).resolves.toHaveProperty('token');
  });

  it('resets the password by recovery code and ends every session', async () => {
    const old = await signUp('forgot@example.com');
    nextMinute();
    await anon.call('resetPasswordRequest', { body: { username: 'forgot@example.com' } });
    const code = mailbox.codeFor('forgot@example.com') as string;
    await expect(
      anon.call('checkRecoveryCode', { body: { username: 'forgot@example.com', code: wrongCode(code) } }),
    ).rejects.toMatchObject({
      message: messages.badCode,
    });
    await anon.call('checkRecoveryCode', { body: { username: 'forgot@example.com', code } });
    await expect(
      anon.call('resetPassword', { body: { username: 'forgot@example.com', code, password: 'weak' } }),
    ).rejects.toMatchObject({ statusCode: 400 });
    await anon.call('resetPassword', {
      body: { username: 'forgot@example.com', code, password: 'Recovered1' },
    });
    await expect(withToken(old.token).call('profile', {})).rejects.toMatchObject({ statusCode: 401 });
    await expect(anon.login('forgot@example.com', 'Secret123')).rejects.toMatchObject({
      message: messages.badCredentials,
    });
    await expect(anon.login('forgot@example.com', 'Recovered1')).resolves.toHaveProperty('token');
    await expect(
      anon.call('resetPassword', { body: { username: 'forgot@example.com', code, password: 'Another12' } }),
    ).rejects.toMatchObject({
      message: messages.badCode,
    });
  });
});

describe('profile and account state', () => {
  it('updates name, time zone, location and notifications, refusing bad values', async () => {
    const t = await signUp('profile@example.com');
    const me = withToken(t.token);
    const patch = (type: string, body: unknown) =>
      fetch(`${stack.server.url}/api/v1/users/profile/${type}/update`, {
        method: 'PATCH',
        headers: { authorization: `Bearer ${t.token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }).then(async (r) => ({ status: r.status, body: await r.json() }));
    expect((await patch('Name', { firstName: 'Grace', lastName: 'Hopper' })).body.data).toMatchObject({
      firstName: 'Grace',
      lastName: 'Hopper',
    });
    expect((await patch('TimeZone', { timeZone: 'Asia/Tehran' })).body.data.timeZone).toBe('Asia/Tehran');
    expect((await patch('TimeZone', { timeZone: 'Mars/Olympus' })).status).toBe(400);
    expect((await patch('Location', { latitude: 35.7, longitude: 51.4 })).body.data.location).toEqual({
      latitude: 35.7,
      longitude: 51.4,
    });
    expect((await patch('Location', { latitude: 135, longitude: 0 })).status).toBe(400);
    expect((await patch('Name', { firstName: '  ' })).body.message).toMatch(/name cannot be empty/);
    expect((await patch('Colour', {})).status).toBe(400);
    expect((await me.call('profile', {})).email).toBe('profile@example.com');
  });

  it('answers 1015 for a disabled account, on login and on its live tokens', async () => {
    const t = await signUp('disabled@example.com');
    const user = await new UserRepository(stack.server.database.db).findByUsername('disabled@example.com');
    await new UserRepository(stack.server.database.db).update(user?.id as string, { status: 'disabled' });
    await expect(anon.login('disabled@example.com', 'Secret123')).rejects.toMatchObject({ statusCode: 1015 });
    stack.advance(6000);
    await expect(withToken(t.token).call('profile', {})).rejects.toMatchObject({ statusCode: 1015 });
  });
});
