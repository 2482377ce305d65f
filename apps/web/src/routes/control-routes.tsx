import { lazy } from 'react';
import { controlScreenNames } from './control-screens.ts';
import { FRIDGE_ERRORS, FRIDGE_IO } from './fridge-paths.ts';
import type { Stacked } from './stacked.tsx';
import { stackedRoutes } from './stacked.tsx';

const ControlScreen = lazy(() =>
  import('../screens/control/ControlScreen.tsx').then((m) => ({ default: m.ControlScreen })),
);
const fridge = () => import('../screens/control/RefrigeratorScreens.tsx');
const FridgeIoScreen = lazy(() => fridge().then((m) => ({ default: m.FridgeIoScreen })));
const FridgeErrorScreen = lazy(() => fridge().then((m) => ({ default: m.FridgeErrorScreen })));

/**
 * Issue 7: device control screens. Each screen name of the catalogue (spec section 2) is a path
 * `{name}/{id}` to the one lazy control shell, which picks the family's panel.
 */
const STACKED: readonly Stacked[] = [
  ...controlScreenNames.map((name): Stacked => [`${name}/:id`, <ControlScreen key="s" />]),
  // Issue 19: a refrigerator's input/output and error screens, opened from its panel.
  [`${FRIDGE_IO}/:id`, <FridgeIoScreen key="s" />],
  [`${FRIDGE_ERRORS}/:id`, <FridgeErrorScreen key="s" />],
];

export function controlRoutes() {
  return stackedRoutes(STACKED);
}
