import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { refreshNotifications } from '../../data/notifications.ts';
import { registerPush } from '../../data/web-push.ts';
import { useAuthStore } from '../../state/auth-store.ts';
import { toast } from '../../ui/Toast.tsx';

/** A push as the service worker passes it to an open page (public/push-sw.js). */
interface PushMessage {
  type: 'hestia-push' | 'hestia-open';
  payload?: { id: string; title: string; body: string; url: string };
  url?: string;
}

const isPushMessage = (d: unknown): d is PushMessage =>
  typeof d === 'object' &&
  d !== null &&
  ((d as PushMessage).type === 'hestia-push' || (d as PushMessage).type === 'hestia-open');

/** An app path, never another origin's address. */
const appPath = (url: string | undefined) => (url?.startsWith('/') && !url.startsWith('//') ? url : null);

/**
 * Between the service worker's pushes and the page: a push that arrives while the app is in the
 * foreground shows as a toast with its title and body (spec section 9) and refreshes the inbox and the
 * bell; a tapped system notification opens its screen. Once logged in with permission already given,
 * the subscription is registered again (new session, new language) without asking anything.
 */
export function PushBridge() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const token = useAuthStore((s) => s.token);

  // Again when the language changes: the pushes' texts follow it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the language is a reason to register again
  useEffect(() => {
    if (token && typeof Notification !== 'undefined' && Notification.permission === 'granted')
      void registerPush({ ask: false });
  }, [token, i18n.language]);

  useEffect(() => {
    const sw = typeof navigator !== 'undefined' ? navigator.serviceWorker : undefined;
    if (!sw) return;
    const onMessage = (e: MessageEvent) => {
      if (!isPushMessage(e.data)) return;
      if (e.data.type === 'hestia-open') {
        const to = appPath(e.data.url);
        if (to) void navigate(to);
        return;
      }
      const p = e.data.payload;
      if (!p) return;
      void refreshNotifications();
      const to = appPath(p.url);
      toast(p.title, {
        id: `push-${p.id}`,
        description: p.body,
        ...(to ? { action: { label: t('notifications.open'), onClick: () => void navigate(to) } } : {}),
      });
    };
    sw.addEventListener('message', onMessage);
    return () => sw.removeEventListener('message', onMessage);
  }, [navigate, t]);

  return null;
}
