import type { TelemetryValue } from '@hestia/contract';
import { create } from 'zustand';

type Values = Record<string, Record<string, [number, TelemetryValue]>>;

/** Where the last known state of every device is kept between visits. */
const STORAGE_KEY = 'hestia-last-known';
const VERSION = 1;
/** Writes are gathered: the live layer may change many devices a second. */
const SAVE_DELAY_MS = 2000;

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

function isValues(v: unknown): v is Values {
  if (typeof v !== 'object' || v === null) return false;
  return Object.values(v).every(
    (device) =>
      typeof device === 'object' &&
      device !== null &&
      Object.values(device).every((p) => Array.isArray(p) && p.length === 2 && typeof p[0] === 'number'),
  );
}

/** The values saved by the previous visit ({} when none, or when they cannot be read). */
export function lastKnownValues(): Values {
  const raw = storage()?.getItem(STORAGE_KEY);
  if (!raw) return {};
  try {
    const parsed = JSON.parse(raw) as { v?: unknown; values?: unknown };
    return parsed.v === VERSION && isValues(parsed.values) ? parsed.values : {};
  } catch (err) {
    console.warn('The saved device state could not be read; starting without it.', err);
    return {};
  }
}

let pending: Values | null = null;
let timer: ReturnType<typeof setTimeout> | undefined;

function write(): void {
  timer = undefined;
  const values = pending;
  pending = null;
  if (!values) return;
  try {
    if (Object.keys(values).length === 0) storage()?.removeItem(STORAGE_KEY);
    else storage()?.setItem(STORAGE_KEY, JSON.stringify({ v: VERSION, values }));
  } catch (err) {
    // A full or blocked storage only costs the next start its instant state.
    console.warn('The device state could not be saved.', err);
  }
}

/** Save the live values soon (at most one write every two seconds, and on leaving the page). */
export function rememberValues(values: Values): void {
  pending = values;
  timer ??= setTimeout(write, SAVE_DELAY_MS);
}

if (typeof window !== 'undefined') window.addEventListener('pagehide', write);

/** Where the last answers of the lists a start needs (devices, places) are kept between visits. */
const LISTS_KEY = 'hestia-last-known-lists';
export type ListName = 'devices' | 'places';

function readLists(): Partial<Record<ListName, unknown>> {
  const raw = storage()?.getItem(LISTS_KEY);
  if (!raw) return {};
  try {
    const parsed = JSON.parse(raw) as { v?: unknown; lists?: unknown };
    return parsed.v === VERSION && typeof parsed.lists === 'object' && parsed.lists !== null
      ? (parsed.lists as Partial<Record<ListName, unknown>>)
      : {};
  } catch {
    return {};
  }
}

/**
 * The list the previous visit last received (undefined when none): an offline start shows the last
 * known cards and places instead of skeletons (issue 17, item 3).
 */
export function lastKnownList<T>(name: ListName, isList: (v: unknown) => v is T): T | undefined {
  const value = readLists()[name];
  return isList(value) ? value : undefined;
}

/** Keep the server's latest answer of a list for the next start. */
export function rememberList(name: ListName, value: unknown): void {
  try {
    storage()?.setItem(LISTS_KEY, JSON.stringify({ v: VERSION, lists: { ...readLists(), [name]: value } }));
  } catch (err) {
    console.warn('The last known list could not be saved.', err);
  }
}

interface FreshnessState {
  /** When each device last had live data on the current socket (local epoch ms). */
  liveAt: Record<string, number>;
}

/** Which devices the socket has confirmed since it (re)opened; everything else is shown as stale. */
export const useFreshnessStore = create<FreshnessState>()(() => ({ liveAt: {} }));

/** The socket delivered data for this device. */
export function markLive(deviceId: string): void {
  const { liveAt } = useFreshnessStore.getState();
  if (deviceId in liveAt) return;
  useFreshnessStore.setState({ liveAt: { ...liveAt, [deviceId]: Date.now() } });
}

/** The socket closed: every value is stale until the next snapshot. */
export function resetLive(): void {
  if (Object.keys(useFreshnessStore.getState().liveAt).length > 0) useFreshnessStore.setState({ liveAt: {} });
}

/** Forget the saved state (logout): the next user must not see this user's devices. */
export function forgetLastKnown(): void {
  if (timer) clearTimeout(timer);
  timer = undefined;
  pending = null;
  resetLive();
  try {
    storage()?.removeItem(STORAGE_KEY);
    storage()?.removeItem(LISTS_KEY);
  } catch {
    // Nothing saved can be read back either.
  }
}
