import { ApiError, type CallInit } from '@hestia/client';
import { errorCatalog } from '@hestia/contract/light';
import { onlineManager } from '@tanstack/react-query';
import { i18n } from '../i18n/index.ts';
import { toast } from '../ui/Toast.tsx';
import { isNetworkFailure, sessionEndOf } from './errors.ts';

/** True when the browser says it has no network (or TanStack Query was told so). */
export function isOffline(): boolean {
  return !onlineManager.isOnline() || (typeof navigator !== 'undefined' && navigator.onLine === false);
}

/**
 * Mutation options of every device write (RPCs, settings, key labels and key actions). A command is
 * never paused while offline and sent when the network returns, nor retried behind the user's back:
 * it runs now or fails now (issue 17, item 2).
 */
export const COMMAND_MUTATION = { networkMode: 'always', retry: false } as const;

function refuseOffline(): void {
  if (isOffline()) throw new ApiError('network error', 400, 'offline');
}

/**
 * Send a device write now, or fail at once with the spec's 'network error' when there is no network:
 * checked first, and again just before the request leaves (after a token refresh, which may have
 * waited), through the call options `call` is to pass on.
 */
export async function deviceCommand<T>(call: (init: CallInit) => Promise<T>): Promise<T> {
  refuseOffline();
  return call({ beforeSend: refuseOffline });
}

/**
 * The toast of a failed device command: 'network error' when the network failed, 'disturbance in
 * communication with the device' when the device did not answer (spec section 8). None when the call
 * ended the session (the app logs out).
 */
export function commandFailureToast(err: unknown, deviceId: string): void {
  if (sessionEndOf(err)) return;
  const network = isNetworkFailure(err) && (err as ApiError).message === 'network error';
  // Firmware below the floor is no communication failure: the spec's own words say what to do.
  const tooOld = err instanceof ApiError && err.message === errorCatalog.FIRMWARE_TOO_OLD.message;
  toast.error(
    i18n.t(tooOld ? 'errors.FIRMWARE_TOO_OLD' : network ? 'errors.network' : 'errors.deviceCommunication'),
    { id: `write-failed-${deviceId}` },
  );
}
