import type { CallInput } from '@hestia/client';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from './api.ts';
import { queryClient } from './session.ts';

/**
 * A device's timers, schedules, data exchanges and the automations that involve it (issue 8).
 * Timers and schedules are not cached (spec section 7): every visit reads them afresh.
 */
export const timerKeys = {
  all: ['timers'] as const,
  timers: (deviceId: string) => ['timers', 'timers', deviceId] as const,
  schedules: (deviceId: string) => ['timers', 'schedules', deviceId] as const,
  schedule: (scheduleId: string) => ['timers', 'schedule', scheduleId] as const,
  automations: (deviceId: string) => ['timers', 'automations', deviceId] as const,
  exchanges: (deviceId: string) => ['timers', 'exchanges', deviceId] as const,
  exchangeParams: (deviceId: string) => ['timers', 'exchange-params', deviceId] as const,
};

const NOT_CACHED = { staleTime: 0, gcTime: 0 } as const;

export type TimerBody = CallInput<'saveTimer'>['body'];
export type ScheduleBody = CallInput<'saveSchedule'>['body'];
export type DataExchangeBody = CallInput<'addDataExchange'>['body'];

export function useTimersQuery(deviceId: string) {
  return useQuery({
    queryKey: timerKeys.timers(deviceId),
    queryFn: () => api.call('listTimers', { query: { deviceId } }),
    // While a timer runs, look again now and then, so one that has fired leaves the list.
    refetchInterval: (query) =>
      query.state.data?.some((x) => x.isActive && x.nextRunAt !== null) ? 3000 : false,
    ...NOT_CACHED,
  });
}

export function useSaveTimer(deviceId: string) {
  return useMutation({
    mutationFn: (body: TimerBody) => api.call('saveTimer', { params: { id: deviceId }, body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: timerKeys.timers(deviceId) }),
  });
}

export function useDeleteTimer(deviceId: string) {
  return useMutation({
    mutationFn: (timerId: string) => api.call('deleteTimer', { params: { timerId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: timerKeys.timers(deviceId) }),
  });
}

export function useSchedulesQuery(deviceId: string) {
  return useQuery({
    queryKey: timerKeys.schedules(deviceId),
    queryFn: () => api.call('listSchedules', { query: { deviceId } }),
    ...NOT_CACHED,
  });
}

export function useScheduleQuery(scheduleId: string | undefined) {
  return useQuery({
    queryKey: timerKeys.schedule(scheduleId ?? ''),
    queryFn: () => api.call('getSchedule', { params: { scheduleId: scheduleId as string } }),
    enabled: !!scheduleId,
    ...NOT_CACHED,
  });
}

export function useSaveSchedule(deviceId: string) {
  return useMutation({
    mutationFn: (body: ScheduleBody) => api.call('saveSchedule', { params: { id: deviceId }, body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: timerKeys.schedules(deviceId) }),
  });
}

export function useDeleteSchedule(deviceId: string) {
  return useMutation({
    mutationFn: (scheduleId: string) => api.call('deleteSchedule', { params: { scheduleId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: timerKeys.schedules(deviceId) }),
  });
}

/** Activate or deactivate; the switch shows the choice at once and the list reloads after. */
export function useSetScheduleActive(deviceId: string) {
  return useMutation({
    mutationFn: (input: { scheduleId: string; active: boolean }) =>
      api.call(input.active ? 'activateSchedule' : 'deactivateSchedule', {
        params: { id: deviceId, scheduleId: input.scheduleId },
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: timerKeys.schedules(deviceId) }),
  });
}

/** Automations whose conditions or commands involve the device (`automations?device_id=`). */
export function useDeviceAutomationsQuery(deviceId: string) {
  return useQuery({
    queryKey: timerKeys.automations(deviceId),
    queryFn: () => api.call('listAutomations', { query: { device_id: deviceId } }),
  });
}

/** The parameters a device reports (sources) and accepts (targets) for data exchange. */
export function useDataExchangeParams(deviceId: string | undefined) {
  return useQuery({
    queryKey: timerKeys.exchangeParams(deviceId ?? ''),
    queryFn: () => api.call('dataExchangeParams', { params: { id: deviceId as string } }),
    enabled: !!deviceId,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useDataExchangesQuery(deviceId: string) {
  return useQuery({
    queryKey: timerKeys.exchanges(deviceId),
    queryFn: () => api.call('listDataExchanges', { params: { id: deviceId } }),
  });
}

export function useAddDataExchange(deviceId: string) {
  return useMutation({
    mutationFn: (body: DataExchangeBody) => api.call('addDataExchange', { params: { id: deviceId }, body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: timerKeys.exchanges(deviceId) }),
  });
}

export function useDeleteDataExchange(deviceId: string) {
  return useMutation({
    mutationFn: (exchangeId: string) => api.call('deleteDataExchange', { params: { exchangeId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: timerKeys.exchanges(deviceId) }),
  });
}
