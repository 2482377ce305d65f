import type { Stacked } from './stacked.tsx';
import { stackedRoutes } from './stacked.tsx';

/** Issue 8: the automation tab, automations, scenarios and their run history. Screens are lazy (spec section 2). */
const STACKED: readonly Stacked[] = [];

export function automationRoutes() {
  return stackedRoutes(STACKED);
}
