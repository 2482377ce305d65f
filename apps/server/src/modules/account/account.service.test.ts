import { beforeEach, describe, expect, it, vi } from 'vitest';

// Count the argon2 computations a sign-up costs (decision 017: one, whatever the address's state).
const argon2 = vi.hoisted(() => ({ hashes: 0, verifies: 0 }));
vi.mock('@node-rs/argon2', () => ({
  hash: async (password: string) => {
    argon2.hashes++;
    return `hashed:${password}`;
  },
  verify: async (hashed: string, password: string) => {
    argon2.verifies++;
    return hashed === `hashed:${password}`;
  },
}));

const { AccountService } = await import('./account.service.ts');
const { attemptStore, guessLimits } = await import('../../core/rate-limiter.ts');

/** An account service whose store holds one live sign-up code for the address, with `pending`. */
function withPending(pending: unknown) {
  const stored: unknown[] = [];
  const users = {
    findByUsername: async () => undefined,
    liveCode: async () => (pending ? { payload: pending } : undefined),
  };
  const codes = {
    issue: async (input: { payloadFrom?: (live: unknown) => unknown }) => {
      stored.push(input.payloadFrom?.(pending));
      return { sentTo: 'n***@example.com', expiresAt: 0, resendAfter: 60 };
    },
  };
  // No limit refuses here.
  const store = {
    now: () => 0,
    take: async (entries: Array<{ key: string }>) =>
      new Map(entries.map((e) => [e.key, { count: 1, resetAt: 3600_000 }])),
    give: async () => undefined,
    clear: async () => undefined,
  } as unknown as ReturnType<typeof attemptStore>;
  const service = new AccountService({
    users: users as never,
    codes: codes as never,
    auth: {} as never,
    clock: { now: () => 0 },
    limits: guessLimits(store),
  });
  const signUp = (password: string) =>
    service.register(
      { username: 'new@example.com', password },
      { userAgent: 'test', ip: '203.0.113.9', language: 'en' },
    );
  return { signUp, stored };
}

describe('sign-up costs one argon2 computation whatever the address’s state', () => {
  beforeEach(() => {
    argon2.hashes = 0;
    argon2.verifies = 0;
  });
  const cost = () => argon2.hashes + argon2.verifies;

  it('a fresh address: one hash', async () => {
    const { signUp, stored } = withPending(undefined);
    await signUp('First7Pass');
    expect([argon2.hashes, argon2.verifies]).toEqual([1, 0]);
    expect(stored).toEqual([{ passwordHash: 'hashed:First7Pass', firstName: '', lastName: '' }]);
  });

  it('a pending, uncontested address: one verify', async () => {
    const { signUp, stored } = withPending({
      passwordHash: 'hashed:First7Pass',
      firstName: '',
      lastName: '',
    });
    await signUp('Other7Pass');
    expect(cost()).toBe(1);
    expect(stored).toEqual([expect.objectContaining({ passwordHash: 'hashed:First7Pass', contested: true })]);
  });

  it('a pending address already contested (the third sign-up on): still one verify', async () => {
    const { signUp, stored } = withPending({
      passwordHash: 'hashed:First7Pass',
      firstName: '',
      lastName: '',
      contested: true,
    });
    await signUp('Third7Pass');
    expect(cost()).toBe(1);
    expect(stored).toEqual([expect.objectContaining({ passwordHash: 'hashed:First7Pass', contested: true })]);
  });
});
