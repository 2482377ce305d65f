import { onlineManager } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { DEVICE_WIFI_CONFIG_SCREENS } from '../routes.ts';

/** Online as the browser's online/offline events say (spec section 4: web uses those events). */
export function useOnline(): boolean {
  return useSyncExternalStore(
    (listener) => onlineManager.subscribe(listener),
    () => onlineManager.isOnline(),
  );
}

/**
 * Whether a path is one of the device-configuration screens that keep the no-internet modal away
 * (DEVICE_WIFI_CONFIG_SCREENS), under whichever stack they are mounted and with any parameters.
 */
export function suppressesNoInternet(pathname: string): boolean {
  const segments = pathname.split('/');
  return DEVICE_WIFI_CONFIG_SCREENS.some((screen) => segments.includes(screen));
}

/** The server's `alive` answers within 2 s (spec section 7: the alive check's timeout, status 200). */
const ALIVE_TIMEOUT_MS = 2000;

/**
 * Try Again: ask the server whether it can be reached. Reached, the app is online again (queries waiting
 * for the network resume; no device command was kept to be sent); not reached, it stays offline.
 */
export async function checkConnection(): Promise<boolean> {
  try {
    // Loaded here: the screen list above is read where there is no browser (unit tests).
    const { api } = await import('./api.ts');
    await api.call('alive', {}, { timeoutMs: ALIVE_TIMEOUT_MS });
  } catch {
    return false;
  }
  onlineManager.setOnline(true);
  return true;
}
