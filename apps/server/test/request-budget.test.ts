import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser, type Stack, startStack } from './stack.ts';

/** Issue 22: every authenticated route is rate limited per user, with a 429 in the wrapper. */
let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ USER_REQUESTS_PER_SECOND: '5', USER_REQUEST_BURST: '20' });
});
afterAll(() => stack?.stop());

async function tokenOf(email: string, password: string): Promise<string> {
  const res = await fetch(`${stack.server.url}/api/v1/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: email, password }),
  });
  return ((await res.json()) as { data: { token: string } }).data.token;
}

const list = (token: string) =>
  fetch(`${stack.server.url}/api/v1/customer/devices`, { headers: { authorization: `Bearer ${token}` } });

describe('per-user request budget', () => {
  it('answers 429 in the wrapper past the burst, for that user only, and lets them back in', async () => {
    // A user of its own: the stack's demo client may have spent some of the demo user's budget.
    await addUser(stack.server, 'budget-burst@example.com', 'Budget7Pass');
    const demo = await tokenOf('budget-burst@example.com', 'Budget7Pass');
    await addUser(stack.server, 'budget-other@example.com', 'Budget7Pass');
    const other = await tokenOf('budget-other@example.com', 'Budget7Pass');

    const answers = await Promise.all(Array.from({ length: 40 }, () => list(demo)));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(20);
    expect(statuses.filter((s) => s === 200).length).toBeLessThan(25);
    const refused = answers.find((r) => r.status === 429);
    expect(refused?.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await refused?.json()).toEqual({
      data: null,
      isSuccess: false,
      message: 'Too many attempts. Please wait and try again.',
      statusCode: 429,
    });
    expect(statuses.every((s) => s === 200 || s === 429)).toBe(true);

    expect((await list(other)).status).toBe(200);
    await new Promise((r) => setTimeout(r, 1100));
    expect((await list(demo)).status).toBe(200);
  });
});
