import { MutationCache, onlineManager, QueryCache, QueryClient } from '@tanstack/react-query';
import { useAuthStore } from '../state/auth-store.ts';
import { resetAllStores } from '../state/reset.ts';
import { sessionEndOf, shouldRetry } from './errors.ts';
import { stopLive } from './live.ts';

function onCallError(err: unknown): void {
  const end = sessionEndOf(err);
  if (end === 'reset') resetAllStores();
  else if (end) useAuthStore.getState().logout();
}

export const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError: onCallError }),
  mutationCache: new MutationCache({ onError: onCallError }),
  defaultOptions: {
    queries: { retry: shouldRetry, refetchOnWindowFocus: false },
    // A change is sent when it is made or not at all: an 'online' mutation would be paused offline and
    // sent when the network returns, maybe hours later (issue 17, item 2).
    mutations: { retry: false, networkMode: 'always' },
  },
});

// TanStack Query assumes online until the first 'offline' event; a page opened offline starts offline.
if (typeof navigator !== 'undefined' && navigator.onLine === false) onlineManager.setOnline(false);

/**
 * Whatever ends the session (the Log out button, a 401, a refused socket, another tab), cached data and
 * live sockets of the old session go with it.
 */
useAuthStore.subscribe((state, prev) => {
  if (prev.isLoggedIn && !state.isLoggedIn) {
    stopLive();
    queryClient.clear();
  }
});
