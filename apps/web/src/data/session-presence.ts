import { SESSION_HEARTBEAT_MS } from '@hestia/contract/light';
import { useAuthStore } from '../state/auth-store.ts';
import { api } from './api.ts';

/**
 * Tells the server whether this session is in use (spec: `users/sessions/online` and `/offline`), so
 * Security lists other devices honestly: online while the app is open and visible (a heartbeat every
 * SESSION_HEARTBEAT_MS keeps its last activity fresh), offline when it is hidden or closed. A closed
 * browser that could not say so drops to offline on the server after its online window.
 */
export function startSessionPresence(): () => void {
  let timer: ReturnType<typeof setInterval> | undefined;
  const send = (online: boolean) => {
    if (!useAuthStore.getState().isLoggedIn) return;
    // Going offline happens as the page is hidden or closed: keepalive lets the call outlive the page
    // instead of being cancelled by the browser with it (and sends it without waiting on a refresh).
    // Best effort: a lost presence call is corrected by the next one or by the server's window.
    (online ? api.call('sessionOnline', {}) : api.call('sessionOffline', {}, { keepalive: true })).catch(
      () => undefined,
    );
  };
  const stopBeat = () => {
    if (timer !== undefined) clearInterval(timer);
    timer = undefined;
  };
  const update = () => {
    const visible = document.visibilityState === 'visible';
    stopBeat();
    send(visible);
    if (visible) timer = setInterval(() => send(true), SESSION_HEARTBEAT_MS);
  };
  const onHide = () => {
    stopBeat();
    send(false);
  };
  document.addEventListener('visibilitychange', update);
  window.addEventListener('pagehide', onHide);
  // Logging in (in this tab or another) starts the heartbeat; logging out stops it.
  const unsubscribe = useAuthStore.subscribe((state, prev) => {
    if (state.isLoggedIn && !prev.isLoggedIn) update();
    if (!state.isLoggedIn) stopBeat();
  });
  if (useAuthStore.getState().isLoggedIn) update();
  return () => {
    stopBeat();
    unsubscribe();
    document.removeEventListener('visibilitychange', update);
    window.removeEventListener('pagehide', onHide);
  };
}
