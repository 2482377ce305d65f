import { ApiError } from '@hestia/client';
import { errorCatalog } from '@hestia/contract/light';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../data/api.ts';
import { assetKeys } from '../../data/assets.ts';
import { deviceKeys } from '../../data/devices.ts';
import { queryClient } from '../../data/session.ts';

/** The server's side of pairing (issue 18's onboarding routes), for the pairing screens. */

/** `GET devices/{AP_MAC}/pairkey`: the key for the 3-minute window, bound to this user and place. */
export function usePairKey() {
  return useMutation({
    mutationFn: ({ mac, assetId }: { mac: string; assetId: string | undefined }) =>
      api.call('getPairKey', {
        params: { mac },
        query: { format: 'alpha', ...(assetId ? { assetId } : {}) },
      }),
  });
}

/** `POST devices/{AP_MAC}/change-owner`: the owner key that lets the device move to this user. */
export function useChangeOwner() {
  return useMutation({
    mutationFn: ({ mac, pairkey }: { mac: string; pairkey: string }) =>
      api.call('changeOwner', { params: { mac }, body: { pairkey } }),
  });
}

/** The app polls every 500 ms during the window (spec section 9). */
export const TRANSFER_POLL_MS = 500;

/** The devices transferred to the caller by pairing, awaiting their first set-up. */
export function useTransferredDevices(enabled: boolean) {
  return useQuery({
    queryKey: [...deviceKeys.all, 'transferred'],
    queryFn: () => api.call('listDevices', { query: { isTransfer: 'true' } }),
    enabled,
    refetchInterval: enabled ? TRANSFER_POLL_MS : false,
    refetchIntervalInBackground: true,
    retry: false,
    gcTime: 0,
  });
}

/** `POST devices/{id}/post-config`: place or room and name, in one step; the lists refresh after. */
export function usePostConfig() {
  return useMutation({
    mutationFn: ({ id, label, assetId }: { id: string; label: string; assetId: string }) =>
      api.call('postConfig', { params: { id }, body: { label, assetId } }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: deviceKeys.all }),
        queryClient.invalidateQueries({ queryKey: assetKeys.all }),
      ]),
  });
}

/** The owner (or admin) disabled configuration of this device (spec section 9). */
export const isConfigDisabled = (err: unknown): boolean =>
  err instanceof ApiError && err.message === errorCatalog.CONFIG_DISABLED.message;

/** The server does not know this AP MAC (no factory record). */
export const isUnknownDevice = (err: unknown): boolean => err instanceof ApiError && err.statusCode === 404;
