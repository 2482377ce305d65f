import { LiveClient, type LiveDevice } from '@hestia/client';
import type { Access, Device, TelemetryValue } from '@hestia/contract';
import { WS_ERROR } from '@hestia/contract/light';
import { onlineManager } from '@tanstack/react-query';
import { create } from 'zustand';
import { useAuthStore } from '../state/auth-store.ts';
import { api, wsBaseUrl } from './api.ts';
import { forgetLastKnown, lastKnownValues, markLive, rememberValues, resetLive } from './offline-state.ts';

export type TelemetryPoint = [number, TelemetryValue];
export type DeviceValues = Record<string, TelemetryPoint>;

interface LiveState {
  /** Latest known telemetry per device: `{[deviceId]: {[key]: [ts, value]}}`. */
  values: Record<string, DeviceValues>;
  /** null before the first socket opens. */
  socketConnected: boolean | null;
  /**
   * Access announced live, newer than the device list: a share's new scope (`shareScope`), or 'none'
   * once the socket refused the device (errorCode 3, access withdrawn). Cleared when the list reloads.
   */
  access: Record<string, LiveAccess>;
}

export type LiveAccess = Access | 'none';

// Offline first (issue 6): start from the state saved by the last visit; it is stale until the socket confirms it.
export const useLiveStore = create<LiveState>()(() => ({
  values: lastKnownValues(),
  socketConnected: null,
  access: {},
}));
useLiveStore.subscribe((s, prev) => {
  if (s.values !== prev.values) rememberValues(s.values);
});

function setAccess(deviceId: string, access: LiveAccess): void {
  const current = useLiveStore.getState().access;
  if (current[deviceId] === access) return;
  useLiveStore.setState({ access: { ...current, [deviceId]: access } });
}

/** `shareScope` is not telemetry: it says the caller's access changed (decision 007). */
function accessOfScope(value: TelemetryValue | undefined): Access | undefined {
  return value === 'owner' || value === 'control' || value === 'view' ? value : undefined;
}

/** Merge points into one device's values, keeping the newer of two points; same object when nothing changed. */
function merge(current: DeviceValues | undefined, incoming: DeviceValues): DeviceValues | undefined {
  let next: DeviceValues | undefined;
  for (const [key, point] of Object.entries(incoming)) {
    const old = current?.[key];
    if (old && (old[0] > point[0] || (old[0] === point[0] && old[1] === point[1]))) continue;
    next ??= { ...current };
    next[key] = point;
  }
  return next;
}

function apply(updates: Array<[string, DeviceValues]>): void {
  const { values } = useLiveStore.getState();
  let changed: Record<string, DeviceValues> | undefined;
  for (const [id, incoming] of updates) {
    const merged = merge(changed?.[id] ?? values[id], incoming);
    if (!merged) continue;
    changed ??= { ...values };
    changed[id] = merged;
  }
  if (changed) useLiveStore.setState({ values: changed });
}

/** Show the last state the server knew at once, before the socket's first snapshot. */
export function seedDevices(devices: readonly Device[]): void {
  apply(devices.map((d) => [d.id, d.deviceRawData]));
  // The list is the server's current word on access; earlier live announcements are now in it.
  const { access } = useLiveStore.getState();
  if (devices.some((d) => d.id in access)) {
    const next = { ...access };
    for (const d of devices) delete next[d.id];
    useLiveStore.setState({ access: next });
  }
}

let client: LiveClient | null = null;
/** The token the sockets last sent. */
let sentToken: string | undefined;
/** When a refused socket token last led to a refresh. */
let refusedAt = Number.NEGATIVE_INFINITY;
/** A second refusal this soon after a refresh means the session itself is refused. */
const REFUSED_AGAIN_MS = 30_000;

/**
 * The server refused the sockets' token (it expired while the app slept, or was revoked): the client
 * refreshes it once, as it does for a REST call, and the sockets reopen with the new one. The user is
 * logged out only when the refresh is refused, or the new token is refused again at once.
 */
function tokenRefused(): void {
  const token = sentToken;
  const now = Date.now();
  if (!token || now - refusedAt < REFUSED_AGAIN_MS) {
    useAuthStore.getState().logout();
    return;
  }
  refusedAt = now;
  // A refused refresh logs out in the client itself; one the network failed leaves the session, and
  // the sockets' next refusal tries again.
  void api.refreshRejected(token).then((refreshed) => {
    if (refreshed) client?.reopen();
    else refusedAt = Number.NEGATIVE_INFINITY;
  });
}

function liveClient(): LiveClient {
  client ??= new LiveClient({
    wsBaseUrl: wsBaseUrl(),
    getToken: () => {
      sentToken = useAuthStore.getState().token ?? undefined;
      return sentToken;
    },
    connect: (url) => new WebSocket(url),
    onUpdate: (deviceId, values) => {
      markLive(deviceId);
      const { shareScope, ...telemetry } = values;
      const scope = accessOfScope(shareScope?.[1]);
      if (scope) setAccess(deviceId, scope);
      if (Object.keys(telemetry).length > 0) apply([[deviceId, telemetry]]);
    },
    onSocketState: (connected) => {
      if (!connected) resetLive();
      useLiveStore.setState({ socketConnected: connected });
    },
    onSessionEnded: () => useAuthStore.getState().logout(),
    onError: (deviceId, code) => {
      // A refused token (not a single refused device): refresh it as REST calls do, then reopen.
      if (deviceId === undefined && code === WS_ERROR.UNAUTHORIZED) tokenRefused();
      // A refused device: its share was revoked, expired or left, or the device was deleted.
      else if (deviceId !== undefined && code === WS_ERROR.UNAUTHORIZED) setAccess(deviceId, 'none');
    },
  });
  return client;
}

/** Close the sockets and forget every value (logout). */
export function stopLive(): void {
  client?.close();
  client = null;
  useLiveStore.setState({ values: {}, socketConnected: null, access: {} });
  forgetLastKnown();
}

/**
 * Without network the socket cannot be trusted even before it notices: every value is shown as last
 * known (stale) at once, and the sockets are reopened (they keep retrying until the network returns;
 * the tab bar reopens them at once when it does, after a token refresh if due) (issue 17, item 3).
 */
onlineManager.subscribe((online) => {
  if (online) return;
  resetLive();
  if (useLiveStore.getState().socketConnected) useLiveStore.setState({ socketConnected: false });
  client?.reopen();
});

/** Close and reopen the sockets (the app came back to the foreground, or the token changed). */
export function reopenLive(): void {
  client?.reopen();
}

/** Subscribe to exactly these devices, opening the sockets on first use (live-subscription.ts). */
export function setLiveDevices(devices: readonly LiveDevice[]): void {
  liveClient().setDevices(devices);
}

export function useDeviceValues(deviceId: string): DeviceValues | undefined {
  return useLiveStore((s) => s.values[deviceId]);
}

/** The caller's live access to a device: what the socket last announced, else what the list said. */
export function useDeviceAccess(device: Pick<Device, 'id' | 'access'>): LiveAccess {
  return useLiveStore((s) => s.access[device.id]) ?? device.access;
}
