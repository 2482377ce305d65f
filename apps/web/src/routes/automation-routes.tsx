import { lazy } from 'react';
import type { Stacked } from './stacked.tsx';
import { stackedRoutes } from './stacked.tsx';

const AutomationEditScreen = lazy(() => import('../screens/automation/AutomationEditScreen.tsx'));
const ConditionScreen = lazy(() => import('../screens/automation/ConditionScreen.tsx'));
const CommandScreen = lazy(() => import('../screens/automation/CommandScreen.tsx'));
const RunHistoryScreen = lazy(() => import('../screens/automation/RunHistoryScreen.tsx'));
const select = () => import('../screens/automation/SelectScreens.tsx');
const SelectAutomationScenarioScreen = lazy(() =>
  select().then((m) => ({ default: m.SelectAutomationScenarioScreen })),
);
const SelectDeviceScreen = lazy(() => select().then((m) => ({ default: m.SelectDeviceScreen })));

/** The automation tab itself, inside the tab navigator's layout. */
export const AutomationTabScreen = lazy(() => import('../screens/automation/AutomationTabScreen.tsx'));

/** Issue 8: the automation tab, automations, scenarios and their run history. Screens are lazy (spec section 2). */
const STACKED: readonly Stacked[] = [
  ['select-automation-scenario', <SelectAutomationScenarioScreen key="s" />],
  ['add-or-edit-automation', <AutomationEditScreen key="s" />],
  ['condition-screen/:id?', <ConditionScreen key="s" />],
  ['select-device-in-automation', <SelectDeviceScreen key="s" purpose="condition" />],
  ['another-devices', <SelectDeviceScreen key="s" purpose="automation" />],
  ['add-actions-for-scenario', <SelectDeviceScreen key="s" purpose="scenario" />],
  ['command-screen/:id', <CommandScreen key="s" />],
  ['automation-runs/:id', <RunHistoryScreen key="s" />],
];

export function automationRoutes() {
  return stackedRoutes(STACKED);
}
