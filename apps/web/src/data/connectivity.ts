import { onlineManager } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { TAB_NAVIGATOR } from '../routes.ts';

/** Online as the browser's online/offline events say (spec section 4: web uses those events). */
export function useOnline(): boolean {
  return useSyncExternalStore(
    (listener) => onlineManager.subscribe(listener),
    () => onlineManager.isOnline(),
  );
}

/**
 * The device-configuration screens that keep the no-internet modal away: the phone is on the device's
 * own Wi-Fi there, which has no internet (spec section 4: manualConfigSelectDeviceWifi and
 * manualConfigChangeOwner).
 */
export const MODAL_FREE_SCREENS: readonly string[] = [
  `${TAB_NAVIGATOR}/manualConfigSelectDeviceWifi`,
  `${TAB_NAVIGATOR}/manual-config-change-owner`,
];

export function suppressesNoInternet(pathname: string): boolean {
  return MODAL_FREE_SCREENS.some((p) => pathname === p || pathname.startsWith(`${p}/`));
}

/** The server answers within 2 s (spec section 7: the alive check's timeout). */
const ALIVE_TIMEOUT_MS = 2000;

/**
 * Try Again: ask the server whether it can be reached. Reached, the app is online again (queries waiting
 * for the network resume; no device command was kept to be sent); not reached, it stays offline.
 */
export async function checkConnection(): Promise<boolean> {
  try {
    // Loaded here: the screen list above is read where there is no browser (unit tests).
    const { api } = await import('./api.ts');
    await api.call('time', {}, { timeoutMs: ALIVE_TIMEOUT_MS });
  } catch {
    return false;
  }
  onlineManager.setOnline(true);
  return true;
}
