import { describe, expect, it } from 'vitest';
import { routeIndex } from './route-index.ts';
import { routeIndexData } from './route-index-source.ts';
import { routes } from './routes.ts';

const regenerate = 'run `node --import tsx packages/contract/scripts/route-index.ts`';

describe('route index', () => {
  it(`holds every route's method, path and access as routes.ts says (else ${regenerate})`, () => {
    expect(routeIndex, regenerate).toEqual(routeIndexData());
    expect(Object.keys(routeIndex), regenerate).toEqual(Object.keys(routes));
  });
});
