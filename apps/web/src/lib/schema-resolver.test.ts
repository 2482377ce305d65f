import { conditionBodySchema } from '@hestia/contract';
import type { ResolverOptions } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { schemaResolver } from './schema-resolver.ts';

const options = { fields: {}, shouldUseNativeValidation: false } as unknown as ResolverOptions<never>;

describe('schemaResolver (rules, then contract schemas, each problem on its field)', () => {
  const resolver = schemaResolver<{ name: string; kind: number }>({
    rules: (v) => (v.name.trim() === '' ? [['name', 'nameRequired']] : []),
    checks: (v) => [
      {
        schema: conditionBodySchema,
        value: { conditionType: v.kind },
        problemAt: (path) => [path[0] === 'conditionType' ? 'kind' : 'name', 'rejected'],
      },
    ],
  });

  it('reports a rule and a schema issue on their fields together, a rule before a schema', async () => {
    const both = await resolver({ name: ' ', kind: 99 }, undefined, options as never);
    expect(both.values).toEqual({});
    expect(both.errors.name?.message).toBe('nameRequired');
    expect(both.errors.kind?.message).toBe('rejected');
  });

  it('passes the values when rules and schemas hold', async () => {
    const good = await resolver({ name: 'x', kind: 3 }, undefined, options as never);
    expect(good.errors).toEqual({});
    expect(good.values).toEqual({ name: 'x', kind: 3 });
  });
});
