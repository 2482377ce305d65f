import { lazy } from 'react';
import type { Stacked } from './stacked.tsx';
import { stackedRoutes } from './stacked.tsx';

const SetDeviceTimerScreen = lazy(() =>
  import('../screens/timers/SetDeviceTimerScreen.tsx').then((m) => ({ default: m.SetDeviceTimerScreen })),
);
const SetDeviceScheduleScreen = lazy(() =>
  import('../screens/timers/SetDeviceScheduleScreen.tsx').then((m) => ({
    default: m.SetDeviceScheduleScreen,
  })),
);
const ScheduleEditScreen = lazy(() =>
  import('../screens/timers/ScheduleEditScreen.tsx').then((m) => ({ default: m.ScheduleEditScreen })),
);
const DataExchangeListScreen = lazy(() =>
  import('../screens/timers/DataExchangeScreens.tsx').then((m) => ({ default: m.DataExchangeListScreen })),
);
const ConnectionDeviceScreen = lazy(() =>
  import('../screens/timers/DataExchangeScreens.tsx').then((m) => ({ default: m.ConnectionDeviceScreen })),
);
const DeviceAutomationListScreen = lazy(() =>
  import('../screens/timers/DeviceAutomationListScreen.tsx').then((m) => ({
    default: m.DeviceAutomationListScreen,
  })),
);

/** Issue 8: a device's timers, schedules, data exchange and automations. Screens are lazy (spec section 2). */
const STACKED: readonly Stacked[] = [
  ['set-device-timer/:id', <SetDeviceTimerScreen key="s" />],
  ['set-device-schedule/:id', <SetDeviceScheduleScreen key="s" />],
  ['set-device-schedule/:id/new', <ScheduleEditScreen key="s" />],
  ['set-device-schedule/:id/:scheduleId', <ScheduleEditScreen key="s" />],
  ['data-exchange-list/:id', <DataExchangeListScreen key="s" />],
  ['connection-device/:id', <ConnectionDeviceScreen key="s" />],
  ['device-automation-list/:id', <DeviceAutomationListScreen key="s" />],
];

export function timerRoutes() {
  return stackedRoutes(STACKED);
}
