import { describe, expect, it } from 'vitest';
import { routeExamples } from './openapi-examples.ts';
import { type RouteDef, type RouteName, routes } from './routes.ts';

describe('API description examples', () => {
  it('cover the main flows', () => {
    expect(Object.keys(routeExamples).sort()).toEqual(
      [
        'login',
        'listDevices',
        'getDevice',
        'twowayRpc',
        'timeseries',
        'createShare',
        'saveAutomation',
        'getPairKey',
      ].sort(),
    );
  });

  for (const [name, example] of Object.entries(routeExamples)) {
    it(`${name}: the request and the answer pass the route's own schemas`, () => {
      const def: RouteDef = routes[name as RouteName];
      if (!example) throw new Error(`no example for ${name}`);
      for (const [part, schema] of [
        ['params', def.params],
        ['query', def.query],
        ['body', def.body],
      ] as const) {
        // A part the route has needs an example, and a part it lacks has none.
        expect(example[part] !== undefined, `${name}.${part}`).toBe(schema !== undefined);
        if (schema) {
          const parsed = schema.safeParse(example[part]);
          expect(parsed.error?.issues ?? [], `${name}.${part}`).toEqual([]);
        }
      }
      const answer = def.response.safeParse(example.response);
      expect(answer.error?.issues ?? [], `${name}.response`).toEqual([]);
    });
  }

  it('an example that breaks its schema is caught', () => {
    const broken = { ...(routeExamples.getPairKey?.response as object), windowSeconds: 'three minutes' };
    expect(routes.getPairKey.response.safeParse(broken).success).toBe(false);
  });
});
