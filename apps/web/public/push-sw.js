// Web Push for the app's service worker (issue 20), loaded by the generated worker with importScripts
// (vite.config.ts, workbox.importScripts). A push's payload is { id, title, body, kind, url }.
// A page of the app in the foreground gets it as a message and shows a toast; otherwise the system
// shows a notification, and a tap opens (or focuses) the app on the notification's screen.

const appPath = (url) =>
  typeof url === 'string' && url.startsWith('/') && !url.startsWith('//') ? url : '/';

self.addEventListener('push', (event) => {
  let payload;
  try {
    payload = event.data ? event.data.json() : null;
  } catch {
    payload = null;
  }
  if (!payload || typeof payload.title !== 'string') return;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const shown = windows.filter((c) => c.visibilityState === 'visible' && c.focused !== false);
      if (shown.length > 0) {
        for (const c of shown) c.postMessage({ type: 'hestia-push', payload });
        return;
      }
      await self.registration.showNotification(payload.title, {
        body: payload.body,
        tag: payload.id,
        icon: '/icons/icon-192.png',
        badge: '/icons/icon-192.png',
        data: { url: appPath(payload.url) },
      });
    })(),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = appPath(event.notification.data?.url);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      for (const c of windows) {
        if ('focus' in c) {
          await c.focus();
          c.postMessage({ type: 'hestia-open', url });
          return;
        }
      }
      await self.clients.openWindow(url);
    })(),
  );
});
