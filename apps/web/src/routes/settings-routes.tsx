import type { Stacked } from './stacked.tsx';
import { stackedRoutes } from './stacked.tsx';

/** Issue 7: device settings screens (advanced settings, light intensity, key titles, setting types) and key actions. Screens are lazy (spec section 2). */
const STACKED: readonly Stacked[] = [];

export function settingsRoutes() {
  return stackedRoutes(STACKED);
}
