import type { FirmwareStatus } from '@hestia/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { firmwareView } from '../lib/firmware-view.ts';
import { api } from './api.ts';
import { queryClient } from './session.ts';

const firmwareKey = (id: string) => ['firmware', id] as const;

/** A device's firmware status, read every second while an update runs (every 10 s otherwise). */
export function useFirmwareStatus(id: string) {
  return useQuery({
    queryKey: firmwareKey(id),
    queryFn: () => api.call('firmwareStatus', { params: { id } }),
    refetchInterval: (q) => {
      const s = q.state.data as FirmwareStatus | undefined;
      return s && firmwareView(s, Date.now()).running ? 1000 : 10_000;
    },
  });
}

/** The owner's update to the newest firmware of the device's model. */
export function useUpdateFirmware(id: string) {
  return useMutation({
    mutationFn: () => api.call('updateFirmware', { params: { id } }),
    onSuccess: (status) => queryClient.setQueryData(firmwareKey(id), status),
  });
}
