import { getProfile } from '@hestia/catalog';
import { useMemo, useSyncExternalStore } from 'react';
import { outdatedKeysOf, reportingPlanOf } from '../lib/freshness.ts';
import { useAppSettingStore } from '../state/app-setting-store.ts';
import { useDeviceValues, useLiveStore } from './live.ts';
import { useFreshnessStore } from './offline-state.ts';

/** How often outdated readings are re-checked. */
const TICK_MS = 5000;

let now = Date.now();
const listeners = new Set<() => void>();
let ticker: ReturnType<typeof setInterval> | undefined;

/** One shared clock for every card, running only while something watches it. */
function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  ticker ??= setInterval(() => {
    now = Date.now();
    for (const l of listeners) l();
  }, TICK_MS);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && ticker) {
      clearInterval(ticker);
      ticker = undefined;
    }
  };
}

function useTick(): number {
  return useSyncExternalStore(subscribe, () => now);
}

export interface DeviceFreshness {
  /**
   * Shown from the last known state (saved by an earlier visit, or the device list) and not yet
   * confirmed by live data since the socket (re)opened. Show the 'stale' badge while true.
   */
  stale: boolean;
  /** Newest timestamp (server time, epoch ms) of any value the app holds for the device. */
  lastSeen: number | undefined;
  /** The device's reporting interval in ms; undefined for a device that reports only changes. */
  reportingIntervalMs: number | undefined;
  /** Keys reported on that interval whose latest value is older than it allows. */
  outdatedKeys: readonly string[];
}

/**
 * How current a device's values are (issue 6, offline first): `stale` until live data arrives, and the
 * periodic readings older than the device's reporting interval.
 */
export function useDeviceFreshness(deviceId: string, deviceProfileId?: string): DeviceFreshness {
  const values = useDeviceValues(deviceId);
  const connected = useLiveStore((s) => s.socketConnected === true);
  const live = useFreshnessStore((s) => deviceId in s.liveAt);
  const offset = useAppSettingStore((s) => s.timeOffset);
  const tick = useTick();
  const plan = useMemo(
    () => reportingPlanOf(deviceProfileId ? getProfile(deviceProfileId) : undefined),
    [deviceProfileId],
  );
  return useMemo(() => {
    const times = values ? Object.values(values).map((p) => p[0]) : [];
    const outdated = outdatedKeysOf(plan, values, tick + offset);
    return {
      stale: !(connected && live),
      lastSeen: times.length > 0 ? Math.max(...times) : undefined,
      reportingIntervalMs: plan?.intervalMs,
      outdatedKeys: outdated,
    };
  }, [values, connected, live, plan, tick, offset]);
}
