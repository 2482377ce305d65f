import { useAppSettingStore } from '../state/app-setting-store.ts';
import { useAuthStore } from '../state/auth-store.ts';
import { api } from './api.ts';
import { ensureHashedClientId } from './client-id.ts';

/** What this browser allows: push needs a service worker, the Push API and a secure page (https or localhost). */
export type PushSupport = 'supported' | 'unsupported' | 'denied';

export function pushSupport(w: Window & typeof globalThis = window): PushSupport {
  if (
    !w.isSecureContext ||
    !('serviceWorker' in w.navigator) ||
    !('PushManager' in w) ||
    !('Notification' in w)
  )
    return 'unsupported';
  return w.Notification.permission === 'denied' ? 'denied' : 'supported';
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const b64 = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const raw = atob(b64);
  const out = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
}

/**
 * Subscribe this browser to pushes and register the subscription with the server (the spec's
 * edit-user-notification: identifier, notifyToken, os 'web'). Only with both tokens: the user's
 * session and the browser's push subscription; on plain http nothing is asked (spec section 4).
 * Failures are only logged (spec section 8). Returns whether the server has the subscription.
 */
export async function registerPush(opts: { ask: boolean }): Promise<boolean> {
  try {
    if (pushSupport() !== 'supported' || !useAuthStore.getState().token) return false;
    if (Notification.permission !== 'granted') {
      if (!opts.ask || (await Notification.requestPermission()) !== 'granted') return false;
    }
    const registration = await navigator.serviceWorker.ready;
    let subscription = await registration.pushManager.getSubscription();
    if (!subscription) {
      const { publicKey } = await api.call('pushKey', {});
      subscription = await registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: keyBytes(publicKey),
      });
    }
    const notifyToken = JSON.stringify(subscription.toJSON());
    if (!useAuthStore.getState().token || !notifyToken) return false;
    await api.call('editUserNotification', {
      body: {
        input: {
          info: {
            identifier: await ensureHashedClientId(),
            notifyToken,
            os: 'web',
            language: useAppSettingStore.getState().selectedLanguage,
          },
        },
      },
    });
    return true;
  } catch (err) {
    console.warn('push registration failed', err);
    return false;
  }
}
