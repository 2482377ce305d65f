import type { Stacked } from './stacked.tsx';
import { stackedRoutes } from './stacked.tsx';

/** Issue 8: a device's timers, schedules, data exchange and automations. Screens are lazy (spec section 2). */
const STACKED: readonly Stacked[] = [];

export function timerRoutes() {
  return stackedRoutes(STACKED);
}
