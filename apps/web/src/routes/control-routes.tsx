import { lazy } from 'react';
import { controlScreenNames } from './control-screens.ts';
import type { Stacked } from './stacked.tsx';
import { stackedRoutes } from './stacked.tsx';

const ControlScreen = lazy(() =>
  import('../screens/control/ControlScreen.tsx').then((m) => ({ default: m.ControlScreen })),
);

/**
 * Issue 7: device control screens. Each screen name of the catalogue (spec section 2) is a path
 * `{name}/{id}` to the one lazy control shell, which picks the family's panel.
 */
const STACKED: readonly Stacked[] = controlScreenNames.map((name) => [
  `${name}/:id`,
  <ControlScreen key="s" />,
]);

export function controlRoutes() {
  return stackedRoutes(STACKED);
}
