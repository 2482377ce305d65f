import type { CallInput } from '@hestia/client';
import type { Profile } from '@hestia/contract';
import { createElement, useEffect } from 'react';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { useAuthStore } from '../state/auth-store.ts';
import { profileKey } from './account.ts';
import { api } from './api.ts';
import { useAutomationsQuery } from './automation.ts';
import { type GeoPoint, sendDecision } from './location-rules.ts';
import { queryClient } from './session.ts';

export {
  distanceMeters,
  type GeoPoint,
  LOCATION_MIN_INTERVAL_MS,
  LOCATION_MIN_MOVE_M,
  sendDecision,
} from './location-rules.ts';

/**
 * Issue 8: the phone's position for Location conditions (decision 012), watched and sent while an
 * active automation needs it; when a position is sent: ./location-rules.ts.
 */

/** A failed send is tried again after this long (with the newest position). */
const RETRY_MS = 15_000;

/** Spec section 3: condition type 5. */
const LOCATION_CONDITION = 5;

export type GeoPermission = 'unknown' | 'granted' | 'prompt' | 'denied' | 'unavailable';

interface LocationState {
  /** The user turned reporting on, here or by "use my location"; it never turns on by itself. */
  enabled: boolean;
  permission: GeoPermission;
  /** The user closed the "location is blocked" notice (until the permission changes again). */
  noticeDismissed: boolean;
  setEnabled(enabled: boolean): void;
  setPermission(permission: GeoPermission): void;
  dismissNotice(): void;
}

export const useLocationStore = create<LocationState>()(
  persist(
    (set, get) => ({
      enabled: false,
      permission: 'unknown',
      noticeDismissed: false,
      setEnabled: (enabled) => set({ enabled }),
      setPermission: (permission) => {
        if (permission !== get().permission) set({ permission, noticeDismissed: false });
      },
      dismissNotice: () => set({ noticeDismissed: true }),
    }),
    { name: 'location-store', version: 1, partialize: (s) => ({ enabled: s.enabled }) },
  ),
);

const geolocation = (): Geolocation | null =>
  typeof navigator !== 'undefined' && 'geolocation' in navigator ? navigator.geolocation : null;

/** The permission as the browser knows it, without asking (the Permissions API never prompts). */
export async function readPermission(): Promise<GeoPermission> {
  const { setPermission } = useLocationStore.getState();
  if (!geolocation()) {
    setPermission('unavailable');
    return 'unavailable';
  }
  try {
    const status = await navigator.permissions.query({ name: 'geolocation' });
    const state = status.state as GeoPermission;
    setPermission(state);
    status.onchange = () => setPermission(status.state as GeoPermission);
    return state;
  } catch {
    return useLocationStore.getState().permission;
  }
}

export type PositionResult = { point: GeoPoint } | { error: 'denied' | 'unavailable' | 'timeout' };

/**
 * One position, asked for because the user pressed a button: this is where the browser's prompt
 * comes up. A fix turns reporting on (the user asked for their location to be used).
 */
export function requestPosition(): Promise<PositionResult> {
  const geo = geolocation();
  const store = useLocationStore.getState();
  if (!geo) {
    store.setPermission('unavailable');
    return Promise.resolve({ error: 'unavailable' });
  }
  return new Promise((resolve) => {
    geo.getCurrentPosition(
      (pos) => {
        store.setPermission('granted');
        store.setEnabled(true);
        resolve({ point: { latitude: pos.coords.latitude, longitude: pos.coords.longitude } });
      },
      (err) => {
        if (err.code === err.PERMISSION_DENIED) {
          store.setPermission('denied');
          resolve({ error: 'denied' });
        } else resolve({ error: err.code === err.TIMEOUT ? 'timeout' : 'unavailable' });
      },
      { enableHighAccuracy: true, timeout: 20_000, maximumAge: 60_000 },
    );
  });
}

function sendPosition(point: GeoPoint): Promise<Profile> {
  return api.call('updateProfile', {
    params: { type: 'Location' },
    body: point,
  } as CallInput<'updateProfile'>);
}

/** Watches the position and sends it by the rules above, until stopped. */
function watchAndReport(): () => void {
  const geo = geolocation();
  if (!geo) return () => undefined;
  let stopped = false;
  let last: { point: GeoPoint; at: number } | null = null;
  let latest: GeoPoint | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let sending = false;

  const later = (ms: number) => {
    timer = setTimeout(() => {
      timer = undefined;
      void flush();
    }, ms);
  };
  const flush = async (): Promise<void> => {
    if (stopped || sending || timer !== undefined || !latest) return;
    const point = latest;
    const decision = sendDecision(last, point, Date.now());
    if (decision === 'skip') return;
    if (decision !== 'now') return later(decision);
    sending = true;
    try {
      const profile = await sendPosition(point);
      last = { point, at: Date.now() };
      queryClient.setQueryData(profileKey, profile);
    } catch {
      if (!stopped) later(RETRY_MS);
    } finally {
      sending = false;
    }
    // A position that came in while this one was on its way.
    if (latest !== point) void flush();
  };

  const id = geo.watchPosition(
    (pos) => {
      useLocationStore.getState().setPermission('granted');
      latest = { latitude: pos.coords.latitude, longitude: pos.coords.longitude };
      void flush();
    },
    (err) => {
      if (err.code === err.PERMISSION_DENIED) useLocationStore.getState().setPermission('denied');
    },
    { enableHighAccuracy: true, maximumAge: 10_000 },
  );
  return () => {
    stopped = true;
    geo.clearWatch(id);
    if (timer !== undefined) clearTimeout(timer);
  };
}

/** Watches while an active automation of the user has a Location condition. */
function ActiveWatcher() {
  const { data } = useAutomationsQuery('automation');
  const needed = (data ?? []).some(
    (a) => a.isActive && a.conditions.some((c) => c.conditionType === LOCATION_CONDITION),
  );
  useEffect(() => (needed ? watchAndReport() : undefined), [needed]);
  return null;
}

/**
 * Mounted once in the app. Reports only while logged in and after the user turned reporting on; a
 * logout turns it off, so the next person to log in here is not followed without asking.
 */
export function LocationReporter() {
  const isLoggedIn = useAuthStore((s) => s.isLoggedIn);
  const enabled = useLocationStore((s) => s.enabled);
  useEffect(() => {
    if (!isLoggedIn && useLocationStore.getState().enabled) useLocationStore.getState().setEnabled(false);
  }, [isLoggedIn]);
  return isLoggedIn && enabled ? createElement(ActiveWatcher) : null;
}
