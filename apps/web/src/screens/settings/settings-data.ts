import type { CallInput } from '@hestia/client';
import type { DeviceSettingType, KeyAction, KeyActionBody, KeyValue } from '@hestia/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../data/api.ts';
import { COMMAND_MUTATION, deviceCommand } from '../../data/command.ts';

/** Query keys and hooks of a device's settings, key labels and key actions (issue 7). */
export const settingKeys = {
  all: (id: string) => ['device-settings', id] as const,
  setting: (id: string, type: DeviceSettingType) => [...settingKeys.all(id), 'setting', type] as const,
  labels: (id: string) => [...settingKeys.all(id), 'labels'] as const,
  actions: (id: string) => [...settingKeys.all(id), 'key-actions'] as const,
  scenarios: () => ['scenarios', 'list'] as const,
};

export function useDeviceSettingQuery(id: string, type: DeviceSettingType) {
  return useQuery({
    queryKey: settingKeys.setting(id, type),
    queryFn: () => api.call('getDeviceSetting', { params: { id, type } }),
  });
}

/**
 * Write some keys of a setting type; the answer comes once the device has taken them. Like every device
 * write, sent now or failed now (never queued while offline).
 */
export function usePatchDeviceSetting(id: string, type: DeviceSettingType) {
  const client = useQueryClient();
  return useMutation({
    ...COMMAND_MUTATION,
    mutationFn: (values: KeyValue[]) =>
      deviceCommand((init) =>
        api.call('updateDeviceSetting', { params: { id, type }, body: { values } }, init),
      ),
    onSuccess: (setting) => client.setQueryData(settingKeys.setting(id, type), setting),
  });
}

export function useKeyLabelsQuery(id: string) {
  return useQuery({
    queryKey: settingKeys.labels(id),
    queryFn: () => api.call('getKeyLabels', { params: { id } }),
  });
}

export function useSetKeyLabels(id: string) {
  const client = useQueryClient();
  return useMutation({
    ...COMMAND_MUTATION,
    mutationFn: (labels: CallInput<'setKeyLabels'>['body']['labels']) =>
      deviceCommand((init) => api.call('setKeyLabels', { params: { id }, body: { labels } }, init)),
    onSuccess: (result) => client.setQueryData(settingKeys.labels(id), result),
  });
}

export function useKeyActionsQuery(id: string) {
  return useQuery({
    queryKey: settingKeys.actions(id),
    queryFn: () => api.call('listKeyActions', { params: { id } }),
  });
}

/** Add, edit, delete and reorder a device's key actions; each refreshes the list. */
export function useKeyActionMutations(id: string) {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: settingKeys.actions(id) });
  const save = useMutation({
    ...COMMAND_MUTATION,
    mutationFn: ({ actionId, body }: { actionId?: string; body: KeyActionBody }) =>
      deviceCommand((init) =>
        actionId
          ? api.call('editKeyAction', { params: { id, actionId }, body }, init)
          : api.call('addKeyAction', { params: { id }, body }, init),
      ),
    onSettled: refresh,
  });
  const remove = useMutation({
    ...COMMAND_MUTATION,
    mutationFn: (actionId: string) =>
      deviceCommand((init) => api.call('deleteKeyAction', { params: { id, actionId } }, init)),
    onSettled: refresh,
  });
  const reorder = useMutation({
    ...COMMAND_MUTATION,
    mutationFn: (ids: string[]) =>
      deviceCommand((init) => api.call('reorderKeyActions', { params: { id }, body: { ids } }, init)),
    onMutate: (ids) => {
      const list = client.getQueryData<KeyAction[]>(settingKeys.actions(id));
      if (!list) return;
      const order = new Map(ids.map((x, i) => [x, i]));
      client.setQueryData<KeyAction[]>(
        settingKeys.actions(id),
        [...list].sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0)),
      );
    },
    onSettled: refresh,
  });
  return { save, remove, reorder };
}

export function useScenariosQuery() {
  return useQuery({
    queryKey: settingKeys.scenarios(),
    queryFn: () => api.call('listScenarios', {}),
  });
}
