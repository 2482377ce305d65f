/** The install prompt comes back this long after it was last shown or dismissed (spec section 9: 48 hours). */
export const INSTALL_REMIND_MS = 48 * 3600_000;

/** Where the time it was last shown or dismissed is kept (the spec's local storage key). */
export const INSTALL_SHOWN_KEY = 'lastModalOpened';

/** True when the prompt may show: never shown, or shown or dismissed 48 hours ago or more. */
export function installPromptDue(now: number, lastShown: number | null): boolean {
  return lastShown === null || now - lastShown >= INSTALL_REMIND_MS;
}

export function readLastShown(storage: Pick<Storage, 'getItem'>): number | null {
  try {
    const raw = storage.getItem(INSTALL_SHOWN_KEY);
    const n = raw === null ? Number.NaN : Number(raw);
    return Number.isFinite(n) ? n : null;
  } catch {
    return null;
  }
}

export function writeLastShown(storage: Pick<Storage, 'setItem'>, now: number): void {
  try {
    storage.setItem(INSTALL_SHOWN_KEY, String(now));
  } catch {
    // storage disabled: the prompt may come back sooner, nothing else is lost
  }
}

/** iOS (Safari has no install event): the prompt's button opens a guide instead (spec section 1). */
export function isIos(nav: Pick<Navigator, 'userAgent' | 'maxTouchPoints'>): boolean {
  return (
    /iPad|iPhone|iPod/.test(nav.userAgent) || (/Macintosh/.test(nav.userAgent) && nav.maxTouchPoints > 1)
  );
}

/** Running as the installed app (standalone display), where the prompt never shows. */
export function isStandalone(w: Pick<Window, 'matchMedia' | 'navigator'>): boolean {
  return (
    w.matchMedia?.('(display-mode: standalone)').matches === true ||
    (w.navigator as Navigator & { standalone?: boolean }).standalone === true
  );
}

/** Chromium's install event (not in TypeScript's DOM types). */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let heldEvent: BeforeInstallPromptEvent | null = null;
let installedSeen = false;
const listeners = new Set<() => void>();
const notify = () => {
  for (const l of listeners) l();
};

/**
 * Listens for the install events from the first script on: Chromium fires `beforeinstallprompt` once,
 * often before the prompt's own code (a lazy chunk) has loaded, so the event is kept here until it asks.
 */
export function captureInstallEvents(w: Pick<Window, 'addEventListener'>): void {
  w.addEventListener('beforeinstallprompt', (e) => {
    e.preventDefault();
    heldEvent = e as BeforeInstallPromptEvent;
    notify();
  });
  w.addEventListener('appinstalled', () => {
    installedSeen = true;
    heldEvent = null;
    notify();
  });
}

/** The install event the browser offered and nobody used yet, and whether the app was installed meanwhile. */
export function installState(): { event: BeforeInstallPromptEvent | null; installed: boolean } {
  return { event: heldEvent, installed: installedSeen };
}

/** The offered event was used (its prompt shown): it cannot be shown twice. */
export function consumeInstallEvent(): void {
  heldEvent = null;
}

export function onInstallState(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
