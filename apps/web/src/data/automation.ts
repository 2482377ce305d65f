import type { Automation, Run } from '@hestia/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from './api.ts';
import { queryClient } from './session.ts';

export type AutomationKind = Automation['type'];
export type AutomationBody = Omit<
  Automation,
  'id' | 'type' | 'creationTime' | 'actionCount' | 'conditionCount' | 'order' | 'warnings' | 'pausedReason'
> & { id?: string };

export const automationKeys = {
  all: ['automation'] as const,
  list: (kind: AutomationKind) => [...automationKeys.all, kind, 'list'] as const,
  detail: (kind: AutomationKind, id: string) => [...automationKeys.all, kind, 'detail', id] as const,
  runs: (id: string) => [...automationKeys.all, 'runs', id] as const,
  run: (runId: string) => [...automationKeys.all, 'run', runId] as const,
};

/** The user's automations (`GET automations`) or scenarios (`GET scenarios`, in their order). */
export function useAutomationsQuery(kind: AutomationKind) {
  return useQuery({
    queryKey: automationKeys.list(kind),
    queryFn: async () => {
      if (kind === 'automation') return api.call('listAutomations', { query: {} });
      const list = await api.call('listScenarios', {});
      return [...list].sort((a, b) => a.order - b.order);
    },
  });
}

export function useAutomationQuery(kind: AutomationKind, id: string | undefined) {
  return useQuery({
    queryKey: automationKeys.detail(kind, id ?? ''),
    enabled: Boolean(id),
    queryFn: () =>
      kind === 'automation'
        ? api.call('getAutomation', { params: { id: id as string } })
        : api.call('getScenario', { params: { id: id as string } }),
  });
}

/** Runs with their traces, newest first: automation runs or scenario histories. */
export function useRunsQuery(kind: AutomationKind, id: string, opts: { refetchMs?: number } = {}) {
  return useQuery({
    queryKey: automationKeys.runs(id),
    queryFn: () =>
      kind === 'automation'
        ? api.call('automationRuns', { params: { id } })
        : api.call('scenarioHistories', { params: { id } }),
    refetchInterval: opts.refetchMs ?? false,
  });
}

/** One scenario execution with each command's device, parameter, value and result. */
export function useScenarioRunQuery(runId: string | null) {
  return useQuery({
    queryKey: automationKeys.run(runId ?? ''),
    enabled: Boolean(runId),
    queryFn: () => api.call('scenarioHistoryDetails', { params: { historyId: runId as string } }),
  });
}

/** Reload every list, detail and run history (the tab's refresh button). */
export const refreshAutomations = () => queryClient.invalidateQueries({ queryKey: automationKeys.all });

const refresh = (kind?: AutomationKind) =>
  queryClient.invalidateQueries({ queryKey: kind ? [...automationKeys.all, kind] : automationKeys.all });

/** Add or edit an automation or scenario; the server validates, refuses loops and warns on conflicts. */
export function useSaveAutomation(kind: AutomationKind) {
  return useMutation({
    mutationFn: (body: AutomationBody): Promise<Automation> => {
      if (kind === 'automation') return api.call('saveAutomation', { body });
      if (body.id) return api.call('editScenario', { params: { id: body.id }, body });
      return api.call('saveScenario', { body });
    },
    onSuccess: (saved) => {
      queryClient.setQueryData(automationKeys.detail(kind, saved.id), saved);
      void refresh(kind);
    },
  });
}

export function useDeleteAutomation(kind: AutomationKind) {
  return useMutation({
    mutationFn: (id: string) =>
      kind === 'automation'
        ? api.call('deleteAutomation', { params: { id } })
        : api.call('deleteScenario', { params: { id } }),
    onSettled: () => refresh(kind),
  });
}

/** Run now: a scenario's tap to run, or an automation's execute (conditions are not checked). */
export function useExecute(kind: AutomationKind) {
  return useMutation({
    mutationFn: (id: string): Promise<Run> =>
      kind === 'automation'
        ? api.call('executeAutomation', { params: { id } })
        : api.call('executeScenario', { params: { id } }),
    onSuccess: (run) => void queryClient.invalidateQueries({ queryKey: automationKeys.runs(run.sourceId) }),
  });
}

function patchList(id: string, patch: Partial<Automation>) {
  queryClient.setQueryData<Automation[]>(automationKeys.list('automation'), (list) =>
    list?.map((a) => (a.id === id ? { ...a, ...patch } : a)),
  );
}

export function useSetActive() {
  return useMutation({
    mutationFn: (input: { id: string; isActive: boolean }) =>
      api.call('activateAutomation', { params: { id: input.id }, body: { isActive: input.isActive } }),
    onMutate: (input) => patchList(input.id, { isActive: input.isActive }),
    onSettled: () => refresh('automation'),
  });
}

export function useSetNotify() {
  return useMutation({
    mutationFn: (input: { id: string; isNotify: boolean }) =>
      api.call('notifyAutomation', { params: { id: input.id }, body: { isNotify: input.isNotify } }),
    onMutate: (input) => patchList(input.id, { isNotify: input.isNotify }),
    onSettled: () => refresh('automation'),
  });
}

/** Scenarios in a new order (positions from 0). */
export function useReorderScenarios() {
  return useMutation({
    mutationFn: (ids: string[]) =>
      api.call('reorderScenarios', { params: { id: ids[0] as string }, body: { ids } }),
    onMutate: (ids) =>
      queryClient.setQueryData<Automation[]>(automationKeys.list('scenario'), (list) =>
        list
          ? ids.flatMap((id, order) => {
              const found = list.find((a) => a.id === id);
              return found ? [{ ...found, order }] : [];
            })
          : list,
      ),
    onSettled: () => refresh('scenario'),
  });
}

const scheduleKey = (scenarioId: string) =>
  [...automationKeys.all, 'scenario-schedules', scenarioId] as const;

/** A scenario's own schedules (`scenarios/{id}/schedules`). */
export function useScenarioSchedules(scenarioId: string | undefined) {
  return useQuery({
    queryKey: scheduleKey(scenarioId ?? ''),
    enabled: Boolean(scenarioId),
    queryFn: () => api.call('listScenarioSchedules', { params: { id: scenarioId as string } }),
  });
}

export type ScenarioScheduleBody = {
  name: string;
  repeatType: number;
  startDateTime: number;
  time: string | null;
  dayOfWeeks: number[];
  timerInterval: number | null;
};

export function useAddScenarioSchedule(scenarioId: string) {
  return useMutation({
    mutationFn: (body: ScenarioScheduleBody) =>
      api.call('addScenarioSchedule', {
        params: { id: scenarioId },
        body: { ...body, deviceScheduleActions: [] },
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: scheduleKey(scenarioId) }),
  });
}

export function useDeleteScenarioSchedule(scenarioId: string) {
  return useMutation({
    mutationFn: (scheduleId: string) =>
      api.call('deleteScenarioSchedule', { params: { id: scenarioId, scheduleId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: scheduleKey(scenarioId) }),
  });
}
