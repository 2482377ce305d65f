/** Issue 18: the pairing flow, from selectAutoOrManualConfig to post-config (routes.ts `configPaths`). */
export function configRoutes() {
  return null;
}
