import type { Stacked } from './stacked.tsx';
import { stackedRoutes } from './stacked.tsx';

/** Issue 7: device control screens (one per family, from the catalogue) and device settings. Screens are lazy (spec section 2). */
const STACKED: readonly Stacked[] = [];

export function controlRoutes() {
  return stackedRoutes(STACKED);
}
