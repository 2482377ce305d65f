import { useRegisterSW } from 'virtual:pwa-register/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../ui/Toast.tsx';
import { FORCE_UPDATE, ForcedUpdateModal } from './shell/ForcedUpdate.tsx';

/** How long after the page's load event the service worker waits before it registers. */
export const SW_REGISTER_DELAY_MS = 3000;

/**
 * Settles once the first screen is up and the phone has a moment: after the load event, a pause, and
 * then an idle moment (or at most as long again). Installing the service worker downloads every file of
 * the app for offline use, which must not compete with the first screen's own downloads and work.
 */
export function afterFirstLoad(delayMs: number = SW_REGISTER_DELAY_MS): Promise<void> {
  const loaded =
    document.readyState === 'complete'
      ? Promise.resolve()
      : new Promise<void>((resolve) => window.addEventListener('load', () => resolve(), { once: true }));
  return loaded
    .then(() => new Promise<void>((resolve) => setTimeout(resolve, delayMs)))
    .then(
      () =>
        new Promise<void>((resolve) => {
          if (typeof window.requestIdleCallback === 'function')
            window.requestIdleCallback(() => resolve(), { timeout: delayMs });
          else resolve();
        }),
    );
}

/** Once a new version is installed, ask before reloading into it (spec section 1); forced when built so (ForcedUpdate.tsx). */
export function PwaUpdatePrompt() {
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    let live = true;
    void afterFirstLoad().then(() => {
      if (live) setSettled(true);
    });
    return () => {
      live = false;
    };
  }, []);
  return settled ? <ServiceWorker /> : null;
}

/** The service worker (offline start, precaching the app) and its update prompt. */
function ServiceWorker() {
  const { t } = useTranslation();
  const {
    needRefresh: [needRefresh],
    updateServiceWorker,
  } = useRegisterSW();

  useEffect(() => {
    if (!needRefresh || FORCE_UPDATE) return;
    toast(t('pwa.updateReady'), {
      id: 'pwa-update',
      duration: Number.POSITIVE_INFINITY,
      action: { label: t('pwa.reload'), onClick: () => void updateServiceWorker(true) },
    });
  }, [needRefresh, t, updateServiceWorker]);

  return needRefresh && FORCE_UPDATE ? (
    <ForcedUpdateModal onUpdate={() => void updateServiceWorker(true)} />
  ) : null;
}
