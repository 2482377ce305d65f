// The text of route-index.ts, derived from routes.ts: `node --import tsx packages/contract/scripts/route-index.ts`
// writes it and route-index.test.ts holds the file to it, so routes.ts stays the one source.
import type { RouteMeta } from './http.ts';
import { type RouteDef, type RouteName, routes } from './routes.ts';

function metaOf({ method, path, anonymous, thingsboard, bodyKind, responseKind }: RouteDef): RouteMeta {
  return {
    method,
    path,
    anonymous,
    ...(thingsboard === undefined ? {} : { thingsboard }),
    ...(bodyKind === undefined ? {} : { bodyKind }),
    ...(responseKind === undefined ? {} : { responseKind }),
  };
}

/** Every route's method, path and access, in the order of routes.ts. */
export function routeIndexData(): Record<RouteName, RouteMeta> {
  const defs: Record<string, RouteDef> = routes;
  return Object.fromEntries(Object.entries(defs).map(([name, def]) => [name, metaOf(def)])) as Record<
    RouteName,
    RouteMeta
  >;
}

/** route-index.ts as the script writes it (Biome then formats it). */
export function routeIndexSource(): string {
  const entries = Object.entries(routeIndexData()).map(
    ([name, meta]) => `  ${name}: ${JSON.stringify(meta)},`,
  );
  return [
    '// Generated from routes.ts by `node --import tsx packages/contract/scripts/route-index.ts`: do not edit.',
    '// How to reach every /api/v1 route without its zod schemas, for callers that need nothing more (the',
    "// web app's first load, issue 16); route-index.test.ts fails when it falls behind routes.ts.",
    "import type { RouteMeta } from './http.ts';",
    "import type { RouteName } from './routes.ts';",
    '',
    'export const routeIndex = {',
    ...entries,
    '} as const satisfies Record<RouteName, RouteMeta>;',
    '',
  ].join('\n');
}
