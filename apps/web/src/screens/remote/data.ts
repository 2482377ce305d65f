import type { UserRemote } from '@hestia/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../data/api.ts';
import { COMMAND_MUTATION, deviceCommand } from '../../data/command.ts';

/** Query keys of the remote screens. The catalogue only changes with the server's version. */
export const remoteKeys = {
  categories: ['remote-categories'] as const,
  brands: (categoryId: number) => ['remote-category-brands', categoryId] as const,
  catalogue: (categoryId: number, brandId: number) => ['remotes', categoryId, brandId] as const,
  user: (deviceId: string) => ['customer-remotes', deviceId] as const,
};

const FOREVER = Number.POSITIVE_INFINITY;

/** `GET remote-categories`. */
export function useRemoteCategories() {
  return useQuery({
    queryKey: remoteKeys.categories,
    queryFn: () => api.call('remoteCategories', {}),
    staleTime: FOREVER,
  });
}

/** `GET remote-category-brands` of one category (page 0, size 1000 as the spec says). */
export function useCategoryBrands(categoryId: number) {
  return useQuery({
    queryKey: remoteKeys.brands(categoryId),
    queryFn: async () =>
      (
        await api.call('remoteCategoryBrands', {
          query: { category_id: categoryId, page_index: 0, page_size: 1000 },
        })
      ).dataList,
    staleTime: FOREVER,
    enabled: categoryId > 0,
  });
}

/** `GET remotes` of one brand in one category. */
export function useCatalogueRemotes(categoryId: number, brandId: number) {
  return useQuery({
    queryKey: remoteKeys.catalogue(categoryId, brandId),
    queryFn: async () =>
      (
        await api.call('remotes', {
          query: { category_id: categoryId, brand_id: brandId, page_index: 0, page_size: 1000 },
        })
      ).dataList,
    staleTime: FOREVER,
    enabled: categoryId > 0 && brandId > 0,
  });
}

/** `GET customer/remotes?device_id`: the remotes on one IR blaster. */
export function useUserRemotes(deviceId: string) {
  return useQuery(userRemotesQuery(deviceId));
}

/** The query of one blaster's remotes, also for lists of several blasters (`useQueries`). */
export function userRemotesQuery(deviceId: string) {
  return {
    queryKey: remoteKeys.user(deviceId),
    queryFn: async () =>
      (await api.call('customerRemotes', { query: { device_id: deviceId, page_index: 0, page_size: 1000 } }))
        .dataList,
    enabled: deviceId !== '',
  };
}

/** One of the blaster's remotes, from the list (undefined while loading or when it is gone). */
export function useUserRemote(deviceId: string, remoteId: string) {
  const query = useUserRemotes(deviceId);
  return { query, remote: query.data?.find((r) => r.id === remoteId) };
}

/** Keep the blaster's list in step with a remote the server just returned (or removed). */
function useListUpdate(deviceId: string) {
  const client = useQueryClient();
  return (change: { put?: UserRemote; removeId?: string }) => {
    client.setQueryData<UserRemote[]>(remoteKeys.user(deviceId), (list) => {
      let next = (list ?? []).filter((r) => r.id !== change.removeId);
      if (change.put) {
        const put = change.put;
        next = next.some((r) => r.id === put.id)
          ? next.map((r) => (r.id === put.id ? put : r))
          : [...next, put];
      }
      return next;
    });
    void client.invalidateQueries({ queryKey: remoteKeys.user(deviceId) });
  };
}

/** Add a catalogue remote to the blaster (`POST customer/remotes/{catalogue number}`). */
export function useAddCatalogueRemote(deviceId: string) {
  const update = useListUpdate(deviceId);
  return useMutation({
    mutationFn: (remoteId: number) =>
      api.call('addCustomerRemote', { params: { remoteId }, body: { deviceId } }),
    onSuccess: (put) => update({ put }),
  });
}

/** Add a custom remote (learned buttons), empty or with buttons. */
export function useAddCustomRemote(deviceId: string) {
  const update = useListUpdate(deviceId);
  return useMutation({
    mutationFn: (body: { name: string; categoryId?: number }) =>
      api.call('addCustomRemote', { body: { deviceId, buttons: [], ...body } }),
    onSuccess: (put) => update({ put }),
  });
}

/** A custom remote's button as the server keeps it: a protocol code or a learned raw frame. */
export type ButtonBody = UserRemote['data']['buttons'][number];

/** Rename a remote, or replace a custom remote's buttons (`POST customer/remotes/edit-custom`). */
export function useEditRemote(deviceId: string) {
  const update = useListUpdate(deviceId);
  return useMutation({
    mutationFn: (body: { id: string; name?: string; buttons?: ButtonBody[] }) =>
      api.call('editCustomRemote', { body }),
    onSuccess: (put) => update({ put }),
  });
}

/** Remove a remote from the blaster. */
export function useRemoveRemote(deviceId: string) {
  const update = useListUpdate(deviceId);
  return useMutation({
    mutationFn: (id: string) => api.call('deleteCustomerRemote', { params: { remoteId: id } }),
    onSuccess: (_, id) => update({ removeId: id }),
  });
}

export interface AcStateBody {
  power: boolean;
  mode: string;
  temperature: number;
  fan: string;
}

/**
 * Send a button (or an air conditioner's whole state) through the blaster: a device command, so it
 * goes now or fails now (no network: 'network error' at once), never queued.
 */
export function useSendRemote(remoteId: string) {
  return useMutation({
    ...COMMAND_MUTATION,
    mutationFn: (body: { button: string } | { state: AcStateBody }) =>
      deviceCommand((init) => api.call('sendRemoteButton', { params: { remoteId }, body }, init)),
  });
}

/**
 * Catalogue remotes tried on a blaster in this session that the device did not respond to, shown as
 * tried on the brand's list (the trial goes back in history to that list, so it is not in its address).
 */
const tried = new Set<string>();
export const markTried = (deviceId: string, catalogueId: number | null) => {
  if (catalogueId !== null) tried.add(`${deviceId}:${catalogueId}`);
};
export const wasTried = (deviceId: string, catalogueId: string) => tried.has(`${deviceId}:${catalogueId}`);
