import type { DeviceNotificationKind, NotificationDetails } from '@hestia/contract';
import { type InfiniteData, useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import { api } from './api.ts';
import { queryClient } from './session.ts';

export const PAGE_SIZE = 20;
export type InboxStatus = 'all' | 'read' | 'unread';

export const notificationKeys = {
  all: ['notifications'] as const,
  list: (status: InboxStatus) => [...notificationKeys.all, 'list', status] as const,
  detail: (id: string) => [...notificationKeys.all, 'detail', id] as const,
  unread: () => [...notificationKeys.all, 'unread'] as const,
  settings: (deviceId: string) => ['notification-settings', deviceId] as const,
};

/** Everything the inbox shows is fetched again (the spec caches neither notifications nor the count). */
export const refreshNotifications = () => queryClient.invalidateQueries({ queryKey: notificationKeys.all });

/** The inbox, newest first, a page at a time (`page_index`, `page_size`); a short page is the last. */
export function useInboxQuery(status: InboxStatus) {
  return useInfiniteQuery({
    queryKey: notificationKeys.list(status),
    initialPageParam: 0,
    queryFn: ({ pageParam }) =>
      api.call('notifications', {
        query: { page_index: pageParam, page_size: PAGE_SIZE, ...(status === 'all' ? {} : { status }) },
      }),
    getNextPageParam: (last, pages) => (last.length < PAGE_SIZE ? undefined : pages.length),
    staleTime: 0,
    gcTime: 0,
  });
}

export function useNotificationQuery(id: string) {
  return useQuery({
    queryKey: notificationKeys.detail(id),
    queryFn: () => api.call('notificationDetails', { params: { id } }),
    staleTime: 0,
  });
}

/** The bell's badge: polled while the app is open, and fetched again on every push. */
export function useUnreadCountQuery(enabled = true) {
  return useQuery({
    queryKey: notificationKeys.unread(),
    queryFn: async () => (await api.call('unreadNotifications', {})).count,
    enabled,
    staleTime: 0,
    refetchInterval: 30_000,
  });
}

const markSeenLocally = (id: string | undefined) => {
  const now = new Date().toISOString();
  queryClient.setQueriesData<InfiniteData<NotificationDetails[]>>(
    { queryKey: [...notificationKeys.all, 'list'] },
    (data) =>
      data
        ? {
            ...data,
            pages: data.pages.map((p) =>
              p.map((n) => ((!id || n.id === id) && !n.seenTime ? { ...n, seenTime: now } : n)),
            ),
          }
        : data,
  );
};

export function useMarkSeen() {
  return useMutation({
    mutationFn: (id: string) => api.call('seeNotification', { params: { id } }),
    onMutate: (id) => markSeenLocally(id),
    onSettled: refreshNotifications,
  });
}

export function useReadAll() {
  return useMutation({
    mutationFn: () => api.call('readAllNotifications', {}),
    onMutate: () => markSeenLocally(undefined),
    onSettled: refreshNotifications,
  });
}

export function useDeleteNotification() {
  return useMutation({
    mutationFn: (id: string) => api.call('deleteNotification', { params: { id } }),
    onSettled: refreshNotifications,
  });
}

/** Which events of a device notify its owner (owner only: others get 403 or 404). */
export function useNotificationSettingsQuery(deviceId: string) {
  return useQuery({
    queryKey: notificationKeys.settings(deviceId),
    queryFn: () => api.call('notificationSettings', { params: { id: deviceId } }),
    retry: false,
  });
}

export function useSaveNotificationSettings(deviceId: string) {
  return useMutation({
    mutationFn: (kinds: Array<{ kind: DeviceNotificationKind; enabled: boolean }>) =>
      api.call('saveNotificationSettings', { params: { id: deviceId }, body: { kinds } }),
    onSuccess: (data) => queryClient.setQueryData(notificationKeys.settings(deviceId), data),
  });
}
