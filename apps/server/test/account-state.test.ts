import { HestiaClient } from '@hestia/client';
import { SESSION_ONLINE_WINDOW_MS } from '@hestia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser, type Stack, startStack } from './stack.ts';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack?.stop());

async function signedIn(email: string) {
  let token = '';
  const c = new HestiaClient({
    baseUrl: stack.server.url,
    getToken: () => token,
    clientId: () => 'test-client-1',
  });
  token = (await c.login(email, 'Secret123')).token;
  return { client: c, token };
}

describe('session online and offline', () => {
  it('shows a session offline once it says so, online again when it says so, and offline when silent too long', async () => {
    await addUser(stack.server, 'presence@example.com', 'Secret123');
    const a = await signedIn('presence@example.com');
    const b = await signedIn('presence@example.com');
    const idOfB = (await b.client.call('sessions', {})).find((s) => s.isCurrent)?.id as string;
    const seenByA = async () => (await a.client.call('sessions', {})).find((s) => s.id === idOfB);

    expect((await seenByA())?.online).toBe(true);
    await b.client.call('sessionOffline', {});
    expect((await seenByA())?.online).toBe(false);
    await b.client.call('sessionOnline', {});
    expect((await seenByA())?.online).toBe(true);

    // A closed browser never says goodbye: past the window without activity it is offline.
    stack.advance(SESSION_ONLINE_WINDOW_MS + 1000);
    const b2 = await seenByA();
    expect(b2?.online).toBe(false);
    expect(b2?.isCurrent).toBe(false);
    // The caller's own session is in use, so online.
    expect((await a.client.call('sessions', {})).find((s) => s.isCurrent)?.online).toBe(true);
    // Activity brings it back.
    await b.client.call('sessionOnline', {});
    expect((await seenByA())?.online).toBe(true);
  });
});

describe('profile image of a user without a photo', () => {
  it('answers an empty state (204, no body), not 404', async () => {
    await addUser(stack.server, 'nophoto@example.com', 'Secret123');
    const { client, token } = await signedIn('nophoto@example.com');
    const res = await fetch(`${stack.server.url}/api/v1/users/profile-image`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(204);
    expect(await res.text()).toBe('');
    expect(await client.profileImage()).toBeNull();
    const anonymous = await fetch(`${stack.server.url}/api/v1/users/profile-image`);
    expect(anonymous.status).toBeGreaterThanOrEqual(400);
  });
});
