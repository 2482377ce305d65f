import { onlineManager } from '@tanstack/react-query';
import { Suspense, useEffect } from 'react';
import { Outlet } from 'react-router';
import { BottomTabBar } from '../components/BottomTabBar.tsx';
import { api } from '../data/api.ts';
import { useDevicesQuery } from '../data/devices.ts';
import { reopenLive } from '../data/live.ts';
import { useLiveSubscription } from '../data/live-subscription.ts';
import { syncClock, TAB_BAR_REFRESH_LEAD_MS } from '../data/token-refresh.ts';
import { afterNextPaint } from '../first-load/after-paint.ts';
import { useKeyboardOpen } from '../hooks/useKeyboardOpen.ts';
import { VoiceButtonMount } from './voice/VoiceButtonMount.tsx';

/** The bottom tab navigator: the live subscription runs here so every tab sees the same values. */
export default function TabLayout() {
  const keyboardOpen = useKeyboardOpen();
  const devices = useDevicesQuery();
  // The live sockets start once this session's first device list call has answered (or failed): that
  // call refreshes a stale or refused token first, so the sockets never start with one (a socket that
  // is refused logs the session out), and they keep out of the way of the first screen.
  useLiveSubscription(devices.isFetchedAfterMount ? devices.data : undefined);

  // The tab bar refreshes the token an hour ahead, at start and whenever the app comes back; coming
  // back, or the network coming back, also reopens the live sockets, after that refresh (spec section 4).
  useEffect(() => {
    const check = () => api.refreshIfDue(TAB_BAR_REFRESH_LEAD_MS);
    // After the first paint: the screen needs neither the server's time nor a token refreshed an hour
    // ahead to show itself (an expired token is refreshed by the client before any call).
    const cancelStart = afterNextPaint(() =>
      syncClock().then(check, (err: unknown) => {
        console.warn('Could not read the server time; using the local clock.', err);
        return check();
      }),
    );
    const onVisible = () => {
      if (document.visibilityState === 'visible') void check().then(reopenLive);
    };
    document.addEventListener('visibilitychange', onVisible);
    // Back online: the sockets reopen now rather than at their next retry (issue 17, item 3).
    const offNetwork = onlineManager.subscribe((online) => {
      if (online) void check().then(reopenLive);
    });
    return () => {
      cancelStart();
      document.removeEventListener('visibilitychange', onVisible);
      offNetwork();
    };
  }, []);

  return (
    <>
      <main className={keyboardOpen ? 'pb-6' : 'pb-tabbar'}>
        <Suspense fallback={null}>
          <Outlet />
        </Suspense>
      </main>
      <BottomTabBar hidden={keyboardOpen} />
      {keyboardOpen ? null : <VoiceButtonMount />}
    </>
  );
}
