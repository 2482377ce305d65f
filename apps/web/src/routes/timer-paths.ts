import { TAB_NAVIGATOR } from '../routes.ts';

const q = (params: Record<string, string | undefined>) => {
  const entries = Object.entries(params).filter((e): e is [string, string] => !!e[1]);
  return entries.length ? `?${new URLSearchParams(entries).toString()}` : '';
};

/**
 * Issue 8: a device's timers, schedules, data exchange and automations (spec section 2), stacked on the
 * tab navigator. The route patterns are the paths with `:id` and `:scheduleId` in place.
 */
export const timerPaths = {
  setDeviceTimer: (id: string) => `${TAB_NAVIGATOR}/set-device-timer/${id}`,
  setDeviceSchedule: (id: string) => `${TAB_NAVIGATOR}/set-device-schedule/${id}`,
  newSchedule: (id: string) => `${TAB_NAVIGATOR}/set-device-schedule/${id}/new`,
  editSchedule: (id: string, scheduleId: string) =>
    `${TAB_NAVIGATOR}/set-device-schedule/${id}/${scheduleId}`,
  dataExchangeList: (id: string, deviceProfileId?: string) =>
    `${TAB_NAVIGATOR}/data-exchange-list/${id}${q({ deviceProfileId })}`,
  connectionDevice: (id: string) => `${TAB_NAVIGATOR}/connection-device/${id}`,
  deviceAutomationList: (id: string, deviceProfileId?: string) =>
    `${TAB_NAVIGATOR}/device-automation-list/${id}${q({ deviceProfileId })}`,
} as const;
