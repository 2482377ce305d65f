import type { ModbusRpc } from '@hestia/client';
import type { Device, KeyValue } from '@hestia/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { i18n } from '../i18n/index.ts';
import { toast } from '../ui/Toast.tsx';
import { api } from './api.ts';
import { COMMAND_MUTATION, deviceCommand } from './command.ts';
import { type LiveAccess, seedDevices, useLiveStore } from './live.ts';
import { useLiveSubscription } from './live-subscription.ts';
import { lastKnownList, rememberList } from './offline-state.ts';
import { queryClient } from './session.ts';

export const deviceKeys = {
  all: ['devices'] as const,
  list: () => [...deviceKeys.all, 'list'] as const,
  favourites: () => [...deviceKeys.all, 'favourites'] as const,
  detail: (id: string) => [...deviceKeys.all, 'detail', id] as const,
};

const isDeviceList = (v: unknown): v is Device[] =>
  Array.isArray(v) && v.every((d) => typeof d === 'object' && d !== null && typeof d.id === 'string');

// Offline first: start from the list the last visit received, marked out of date so the first screen
// that needs it fetches it again; offline, the fetch waits and the last known cards stay (issue 17).
const savedDevices = lastKnownList('devices', isDeviceList);
if (savedDevices) {
  queryClient.setQueryData(deviceKeys.list(), savedDevices, { updatedAt: 1 });
  void queryClient.invalidateQueries({ queryKey: deviceKeys.list(), refetchType: 'none' });
}

/** The user's devices; cached for the session (spec section 7), live values come from the socket. */
export function useDevicesQuery() {
  return useQuery({
    queryKey: deviceKeys.list(),
    queryFn: async () => {
      const devices = await api.call('listDevices', { query: {} });
      seedDevices(devices);
      rememberList('devices', devices);
      return devices;
    },
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
}

/** `customer/devices/favourite`: the favoriteDevices tab. */
export function useFavouritesQuery() {
  return useQuery({
    queryKey: deviceKeys.favourites(),
    queryFn: async () => {
      const devices = await api.call('favourites', {});
      seedDevices(devices);
      return devices;
    },
  });
}

/**
 * One device, shown at once from the list when it is there. With `poll` the card refetches a device
 * whose profile this app does not know yet (spec section 2: the card refetches and shows a spinner).
 */
export function useDeviceQuery(id: string, opts: { enabled?: boolean; pollMs?: number } = {}) {
  const client = useQueryClient();
  return useQuery({
    queryKey: deviceKeys.detail(id),
    queryFn: () => api.call('getDevice', { params: { id } }),
    enabled: opts.enabled ?? true,
    refetchInterval: opts.pollMs ?? false,
    initialData: () => client.getQueryData<Device[]>(deviceKeys.list())?.find((d) => d.id === id),
    initialDataUpdatedAt: () => client.getQueryState(deviceKeys.list())?.dataUpdatedAt,
  });
}

/**
 * A Key/Value write that succeeds only when the device answers OK. Sent now or failed now: never
 * paused offline and sent later (issue 17, item 2).
 */
/**
 * Send Key/Value pairs to a device. `asModbus` may turn them into the spec's Modbus commands (the
 * control screens send text keys as string writes of length 71); they go one after another.
 */
export function useWriteMutation(deviceId: string, asModbus?: (pairs: KeyValue[]) => ModbusRpc[] | null) {
  return useMutation({
    ...COMMAND_MUTATION,
    mutationKey: ['devices', deviceId, 'write'],
    mutationFn: async (pairs: KeyValue[]) => {
      const commands = asModbus?.(pairs);
      if (!commands) return deviceCommand((init) => api.write(deviceId, pairs, init));
      for (const command of commands) await deviceCommand((init) => api.modbus(deviceId, command, init));
    },
  });
}

function patchDevices(ids: ReadonlySet<string>, patch: (d: Device) => Device | null): void {
  const update = (list: Device[] | undefined) =>
    list?.flatMap((d) => {
      if (!ids.has(d.id)) return [d];
      const next = patch(d);
      return next ? [next] : [];
    });
  queryClient.setQueryData<Device[]>(deviceKeys.list(), update);
  queryClient.setQueryData<Device[]>(deviceKeys.favourites(), update);
}

const refreshDevices = () => queryClient.invalidateQueries({ queryKey: deviceKeys.all });

export function useRenameDevice(id: string) {
  return useMutation({
    mutationFn: (label: string) => api.call('renameDevice', { params: { id }, body: { label } }),
    onSuccess: (device) => {
      patchDevices(new Set([id]), (d) => ({ ...d, label: device.label }));
      queryClient.setQueryData(deviceKeys.detail(id), device);
    },
  });
}

/** The owner refuses (or allows again) adding the device anew (spec: reconfiguration disabled). */
export function useSetReconfiguration() {
  return useMutation({
    mutationFn: ({ id, disabled }: { id: string; disabled: boolean }) =>
      api.call('setReconfiguration', { params: { id }, body: { disabled } }),
    onSuccess: (device) => {
      patchDevices(new Set([device.id]), (d) => ({ ...d, configDisabled: device.configDisabled }));
      queryClient.setQueryData(deviceKeys.detail(device.id), device);
    },
  });
}

/** Put devices in a place or room (owner's devices only; the server refuses shared ones). */
export function useMoveDevices() {
  return useMutation({
    mutationFn: (input: { deviceIds: string[]; assetId: string }) =>
      api.call('addDevicesToAsset', {
        params: { assetId: input.assetId },
        body: { deviceIds: input.deviceIds },
      }),
    onSettled: () => {
      void refreshDevices();
      void queryClient.invalidateQueries({ queryKey: ['assets'] });
    },
  });
}

/** Mark or unmark favourites, one call per device (the route takes one id). */
export function useSetFavourite() {
  return useMutation({
    mutationFn: async (input: { deviceIds: string[]; favourite: boolean }) => {
      const route = input.favourite ? 'addFavourite' : 'deleteFavourite';
      await Promise.all(input.deviceIds.map((deviceId) => api.call(route, { body: { deviceId } })));
    },
    onMutate: (input) =>
      patchDevices(new Set(input.deviceIds), (d) => ({ ...d, isFavourite: input.favourite })),
    onSettled: () => refreshDevices(),
  });
}

/** Delete devices: the owner deletes the device, a shared user leaves the share (decision 007). */
export function useDeleteDevices() {
  return useMutation({
    mutationFn: async (deviceIds: string[]) => {
      const results = await Promise.allSettled(
        deviceIds.map((id) => api.call('deleteDevice', { params: { id } })),
      );
      const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
      if (failed) throw failed.reason;
    },
    onSettled: () => {
      void refreshDevices();
      void queryClient.invalidateQueries({ queryKey: ['assets'] });
    },
  });
}

/**
 * Withdrawn access arrives on the socket (errorCode 3): the device leaves every list at once, the
 * user is told, and the lists reload from the server. A new scope needs no reload; cards read it live.
 */
useLiveStore.subscribe((state, prev) => {
  if (state.access === prev.access) return;
  const gone = Object.entries(state.access)
    .filter(([id, a]) => a === 'none' && prev.access[id] !== 'none')
    .map(([id]) => id);
  if (gone.length === 0) return;
  const known = queryClient.getQueryData<Device[]>(deviceKeys.list()) ?? [];
  for (const id of gone) {
    const device = known.find((d) => d.id === id);
    if (device?.isSharedDevice)
      toast(i18n.t('home.live.revoked', { name: device.label }), { id: `revoked-${id}` });
  }
  patchDevices(new Set(gone), () => null);
  void refreshDevices();
});

/** True when a device may be controlled by the caller (owner or a control share). */
export function canControl(access: LiveAccess): boolean {
  return access === 'owner' || access === 'control';
}

/** Devices the socket has not withdrawn (errorCode 3 removes a card before the list reloads). */
export function useAccessibleDevices(devices: readonly Device[] | undefined): Device[] {
  const access = useLiveStore((s) => s.access);
  return useMemo(() => (devices ?? []).filter((d) => access[d.id] !== 'none'), [devices, access]);
}

/**
 * Keep the live socket on every device of the list plus this one, so a screen opened directly
 * (a reload, a deep link) follows the device as the dashboard does.
 */
export function useLiveFor(device: Device | undefined): void {
  const list = useDevicesQuery();
  const devices = useMemo(() => {
    const all = list.data ?? [];
    return device && !all.some((d) => d.id === device.id) ? [...all, device] : all;
  }, [list.data, device]);
  useLiveSubscription(devices.length ? devices : undefined);
}
