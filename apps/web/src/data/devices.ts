import type { KeyValue } from '@hestia/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from './api.ts';
import { seedDevices } from './live.ts';
import { withFreshToken } from './token-refresh.ts';

export const deviceKeys = {
  all: ['devices'] as const,
  list: () => [...deviceKeys.all, 'list'] as const,
};

/** The user's devices; cached for the session (spec section 7), live values come from the socket. */
export function useDevicesQuery() {
  return useQuery({
    queryKey: deviceKeys.list(),
    queryFn: async () => {
      const devices = await withFreshToken(() => api.listDevices());
      seedDevices(devices);
      return devices;
    },
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
}

/** A Key/Value write that succeeds only when the device answers OK. */
export function useWriteMutation(deviceId: string) {
  return useMutation({
    mutationKey: ['devices', deviceId, 'write'],
    mutationFn: (pairs: KeyValue[]) => withFreshToken(() => api.write(deviceId, pairs)),
  });
}
