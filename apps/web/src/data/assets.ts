import type { RouteResponse } from '@hestia/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from './api.ts';
import { deviceKeys } from './devices.ts';
import { lastKnownList, rememberList } from './offline-state.ts';
import { queryClient } from './session.ts';

export const assetKeys = {
  all: ['assets'] as const,
  tree: () => [...assetKeys.all, 'tree'] as const,
};

const isPlaceList = (v: unknown): v is RouteResponse<'assetTree'> =>
  Array.isArray(v) && v.every((p) => typeof p === 'object' && p !== null && Array.isArray(p.children));

// Offline first, as the device list: the places the last visit received, fetched again when needed.
const savedPlaces = lastKnownList('places', isPlaceList);
if (savedPlaces) {
  queryClient.setQueryData(assetKeys.tree(), savedPlaces, { updatedAt: 1 });
  void queryClient.invalidateQueries({ queryKey: assetKeys.tree(), refetchType: 'none' });
}

/** Places with their rooms (`customer/assets/tree-view`); the server makes the default place on first use. */
export function useAssetTreeQuery() {
  return useQuery({
    queryKey: assetKeys.tree(),
    queryFn: async () => {
      const places = await api.call('assetTree', {});
      rememberList('places', places);
      return places;
    },
    staleTime: 60_000,
  });
}

const refreshAssets = () => queryClient.invalidateQueries({ queryKey: assetKeys.all });

/** Add a place (no parent) or a room (parent is its place). */
export function useAddAsset() {
  return useMutation({
    mutationFn: (body: { name: string; parentId?: string | null }) => api.call('addAsset', { body }),
    onSettled: refreshAssets,
  });
}

export function useEditAsset() {
  return useMutation({
    mutationFn: (body: { id: string; name: string }) => api.call('editAsset', { body }),
    onSettled: () => {
      void refreshAssets();
      // Cards show their room's name.
      void queryClient.invalidateQueries({ queryKey: deviceKeys.all });
    },
  });
}

/** Delete a place (with its rooms) or a room; the server moves its devices to the default place. */
export function useDeleteAsset() {
  return useMutation({
    mutationFn: (assetId: string) => api.call('deleteAsset', { params: { assetId } }),
    onSettled: () => {
      void refreshAssets();
      void queryClient.invalidateQueries({ queryKey: deviceKeys.all });
    },
  });
}

export function useSetDefaultAsset() {
  return useMutation({
    mutationFn: (id: string) => api.call('setDefaultAsset', { params: { id } }),
    onSettled: refreshAssets,
  });
}
