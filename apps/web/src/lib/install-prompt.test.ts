import { describe, expect, it } from 'vitest';
import {
  captureInstallEvents,
  consumeInstallEvent,
  INSTALL_REMIND_MS,
  installPromptDue,
  installState,
  isIos,
  onInstallState,
  readLastShown,
  writeLastShown,
} from './install-prompt.ts';

describe('install prompt timing', () => {
  it('is due when never shown, not within 48 hours of the last showing, due again at 48 hours', () => {
    expect(installPromptDue(1000, null)).toBe(true);
    expect(installPromptDue(1000 + INSTALL_REMIND_MS - 1, 1000)).toBe(false);
    expect(installPromptDue(1000 + INSTALL_REMIND_MS, 1000)).toBe(true);
  });

  it('keeps the time under lastModalOpened; a broken value counts as never', () => {
    const store = new Map<string, string>();
    const s = {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
    };
    expect(readLastShown(s)).toBeNull();
    writeLastShown(s, 1234);
    expect(store.get('lastModalOpened')).toBe('1234');
    expect(readLastShown(s)).toBe(1234);
    store.set('lastModalOpened', 'soon');
    expect(readLastShown(s)).toBeNull();
  });

  it('knows iPhones and iPads (also those that say Macintosh but have touch)', () => {
    expect(
      isIos({ userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)', maxTouchPoints: 5 }),
    ).toBe(true);
    expect(isIos({ userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)', maxTouchPoints: 5 })).toBe(
      true,
    );
    expect(isIos({ userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)', maxTouchPoints: 0 })).toBe(
      false,
    );
    expect(isIos({ userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/120', maxTouchPoints: 0 })).toBe(false);
  });
});

describe('the install event, caught before the prompt loads', () => {
  it('keeps an offer made before anyone listened, tells listeners, and forgets it once used or installed', () => {
    const target = new EventTarget();
    captureInstallEvents(target as unknown as Window);
    const offer = new Event('beforeinstallprompt', { cancelable: true });
    target.dispatchEvent(offer);
    expect(offer.defaultPrevented).toBe(true);
    expect(installState().event).toBe(offer);

    let told = 0;
    const stop = onInstallState(() => told++);
    consumeInstallEvent();
    expect(installState().event).toBeNull();
    target.dispatchEvent(new Event('beforeinstallprompt', { cancelable: true }));
    expect(told).toBe(1);
    target.dispatchEvent(new Event('appinstalled'));
    expect(told).toBe(2);
    expect(installState()).toEqual({ event: null, installed: true });
    stop();
  });
});
