import type { Share } from '@hestia/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from './api.ts';
import { deviceKeys } from './devices.ts';
import { queryClient } from './session.ts';

export const shareKeys = {
  all: ['shares'] as const,
  forDevice: (deviceId: string) => [...shareKeys.all, deviceId] as const,
};

/** Users and requests of one device, with their dates and statuses (owner only). */
export function useSharesQuery(deviceId: string, enabled = true) {
  return useQuery({
    queryKey: shareKeys.forDevice(deviceId),
    queryFn: () => api.call('listShares', { query: { deviceId } }),
    enabled,
  });
}

/** A new invitation: its one-time link and QR code carry the token. */
export function useCreateShare(deviceId: string) {
  return useMutation({
    mutationFn: (body: { scope: 'control' | 'view' }) =>
      api.call('createShare', { params: { id: deviceId }, body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: shareKeys.forDevice(deviceId) }),
  });
}

export function useUpdateShare(deviceId: string) {
  return useMutation({
    mutationFn: (input: { shareId: string; scope: 'control' | 'view' }) =>
      api.call('updateShare', {
        params: { id: deviceId, shareId: input.shareId },
        body: { scope: input.scope },
      }),
    // The choice shows at once; a refusal puts the list back when it reloads.
    onMutate: (input) =>
      queryClient.setQueryData<Share[]>(shareKeys.forDevice(deviceId), (list) =>
        list?.map((s) => (s.id === input.shareId ? { ...s, scope: input.scope } : s)),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: shareKeys.forDevice(deviceId) }),
  });
}

export function useDeleteShare(deviceId: string) {
  return useMutation({
    mutationFn: (shareId: string) => api.call('deleteShare', { params: { id: deviceId, shareId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: shareKeys.forDevice(deviceId) }),
  });
}

/** Accept a share link; the new device joins the lists (and the live subscription) at once. */
export function useFinalizeShare() {
  return useMutation({
    mutationFn: (shareToken: string) => api.call('finalizeShare', { params: { shareToken } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deviceKeys.all }),
  });
}
