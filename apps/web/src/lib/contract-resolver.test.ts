import { addAssetBodySchema, loginBodySchema, usernameBodySchema } from '@hestia/contract';
import type { ResolverOptions } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { contractResolver } from './contract-resolver.ts';

const options = {
  fields: {},
  shouldUseNativeValidation: false,
} as unknown as ResolverOptions<never>;

describe('contractResolver (forms on the contract\u2019s zod schemas)', () => {
  const nameResolver = contractResolver<{ name: string }>(
    addAssetBodySchema.pick({ name: true }),
    ({ name }) => ({ name }),
    ({ name }) => ({ name: name.trim() === '' ? 'nameRequired' : undefined }),
    { name: 'nameTooLong' },
  );

  it('reports the app\u2019s own rule first, as its key', async () => {
    const result = await nameResolver({ name: '  ' }, undefined, options as never);
    expect(result.errors.name?.message).toBe('nameRequired');
  });

  it('reports what only the contract refuses with the field\u2019s fallback key, and passes a good body', async () => {
    const long = await nameResolver({ name: 'x'.repeat(65) }, undefined, options as never);
    expect(long.errors.name?.message).toBe('nameTooLong');
    const good = await nameResolver({ name: 'Kitchen' }, undefined, options as never);
    expect(good.errors).toEqual({});
    expect(good.values).toEqual({ name: 'Kitchen' });
  });

  it('checks the body of the step in the form\u2019s context, with a schema loaded at the submit', async () => {
    let loads = 0;
    const resolver = contractResolver<{ username: string; password: string }, { step: 'ask' | 'login' }>(
      async ({ step }) => {
        loads += 1;
        return step === 'ask' ? usernameBodySchema : loginBodySchema;
      },
      ({ username, password }, { step }) => (step === 'ask' ? { username } : { username, password }),
      () => ({}),
      { username: 'usernameRequired', password: 'passwordRequired' },
    );
    // The code request sends only the username: an empty password is not its business.
    const ask = await resolver({ username: 'a@b.co', password: '' }, { step: 'ask' }, options as never);
    expect(ask.errors).toEqual({});
    // The login refuses an empty password (loginBodySchema's own refinement).
    const login = await resolver({ username: 'a@b.co', password: '' }, { step: 'login' }, options as never);
    expect(login.errors.password?.message).toBe('passwordRequired');
    expect(loads).toBe(2);
  });

  it('takes the app\u2019s rules alone for a first-load form (no schema)', async () => {
    const resolver = contractResolver<{ code: string }>(
      null,
      () => null,
      ({ code }) => ({ code: /^\d{6}$/.test(code) ? undefined : 'codeInvalid' }),
      {},
    );
    expect((await resolver({ code: '12' }, undefined, options as never)).errors.code?.message).toBe(
      'codeInvalid',
    );
    expect((await resolver({ code: '123456' }, undefined, options as never)).errors).toEqual({});
  });
});
