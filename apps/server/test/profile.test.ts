import { HestiaClient } from '@hestia/client';
import { messages } from '@hestia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Stack, startStack } from './stack.ts';

let stack: Stack;
let anon: HestiaClient;
beforeAll(async () => {
  stack = await startStack();
  anon = new HestiaClient({ baseUrl: stack.server.url });
});
afterAll(() => stack?.stop());

const codeFor = (to: string) =>
  [...stack.outbox]
    .reverse()
    .find((l) => l.includes(to))
    ?.match(/\b(\d{6})\b/)?.[1] as string;
const client = (token: string, clientId?: string) =>
  new HestiaClient({
    baseUrl: stack.server.url,
    getToken: () => token,
    ...(clientId ? { clientId: () => clientId } : {}),
  });

async function account(email: string, clientId?: string) {
  stack.advance(61_000);
  await anon.call('register', { body: { username: email, password: 'Secret123' } });
  const c = clientId ? client('', clientId) : anon;
  return c.call('registerFinalize', { body: { username: email, code: codeFor(email) } });
}

describe('email and phone change in two steps', () => {
  it('sends a code to the new address and switches only when it is confirmed', async () => {
    const t = await account('old@example.com');
    const me = client(t.token);
    stack.advance(61_000);
    await me.call('changeEmailRequest', { body: { email: 'fresh@example.com' } });
    expect((await me.call('profile', {})).email).toBe('old@example.com');
    const code = codeFor('fresh@example.com');
    const profile = await me.call('changeEmail', { body: { email: 'fresh@example.com', code } });
    expect(profile.email).toBe('fresh@example.com');
    await expect(anon.login('fresh@example.com', 'Secret123')).resolves.toHaveProperty('token');
    await expect(anon.login('old@example.com', 'Secret123')).rejects.toMatchObject({
      message: messages.badCredentials,
    });
  });

  it("refuses another user's address and a wrong code", async () => {
    const t = await account('mine@example.com');
    const me = client(t.token);
    await expect(
      me.call('changeEmailRequest', { body: { email: 'demo@hestia.local' } }),
    ).rejects.toMatchObject({ statusCode: 409 });
    stack.advance(61_000);
    await me.call('changePhoneRequest', { body: { phone: '+905321234567' } });
    await expect(
      me.call('changePhone', {
        body: { phone: '+905321234567', code: '000000' === codeFor('+905321234567') ? '111111' : '000000' },
      }),
    ).rejects.toMatchObject({
      message: messages.badCode,
    });
    await expect(me.call('changePhoneRequest', { body: { phone: '12' } })).rejects.toMatchObject({
      message: messages.badMobile,
    });
    const profile = await me.call('changePhone', {
      body: { phone: '+90 532 123 45 67', code: codeFor('+905321234567') },
    });
    expect(profile.phone).toBe('+905321234567');
  });
});

describe('profile image', () => {
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    Buffer.alloc(64, 1),
  ]);

  it('stores a PNG and gives it back', async () => {
    const t = await account('picture@example.com');
    const me = client(t.token);
    expect(await me.profileImage()).toBeNull();
    await me.uploadProfileImage(png, 'image/png');
    const blob = await me.profileImage();
    expect(blob?.type).toBe('image/png');
    expect(Buffer.from(await (blob as Blob).arrayBuffer()).equals(png)).toBe(true);
  });

  it('refuses a file that lies about its type, a type not allowed, and a file over 1 MB', async () => {
    const t = await account('liar@example.com');
    const me = client(t.token);
    await expect(
      me.uploadProfileImage(Buffer.from('<svg onload=alert(1)>'), 'image/png'),
    ).rejects.toMatchObject({ statusCode: 400 });
    await expect(me.uploadProfileImage(png, 'image/jpeg')).rejects.toMatchObject({ statusCode: 400 });
    await expect(me.uploadProfileImage(png, 'text/html')).rejects.toMatchObject({ statusCode: 400 });
    const big = Buffer.concat([png, Buffer.alloc(1024 * 1024 + 10)]);
    await expect(me.uploadProfileImage(big, 'image/png')).rejects.toMatchObject({ statusCode: 413 });
    await expect(anon.uploadProfileImage(png, 'image/png')).rejects.toMatchObject({
      message: 'token must exists',
    });
  });
});

describe('hashed client id', () => {
  it('binds a session to the client that logged in: refresh from elsewhere is refused', async () => {
    const t = await account('bound@example.com', 'client-AAAA-1111');
    await expect(
      client('', 'client-BBBB-2222').call('refreshToken', { body: { refreshToken: t.refreshToken } }),
    ).rejects.toMatchObject({
      statusCode: 401,
    });
    const again = await client('', 'client-AAAA-1111').call('refreshToken', {
      body: { refreshToken: t.refreshToken },
    });
    expect(again.token).toBeTruthy();
  });

  it('refuses a malformed client id', async () => {
    await expect(
      client('', 'no spaces allowed!').login('demo@hestia.local', 'HestiaDemo1'),
    ).rejects.toMatchObject({ statusCode: 400 });
  });
});
