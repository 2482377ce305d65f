import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artifacts, type E2eStack, startE2e } from '../stack.ts';

/**
 * Issue 17, items 1 to 3: an unknown in-app address, a device command tapped offline, and an offline
 * reload, in Chromium on a phone, in English and Persian. One stack for all of them.
 */
let stack: E2eStack;
let switchId: string;
beforeAll(async () => {
  stack = await startE2e();
  switchId = stack.deviceOf('switch-two-pole');
}, 60_000);
afterAll(() => stack?.stop());

const TEXT = {
  en: {
    notFound: 'Page not found',
    networkError: 'Network error',
    noInternet: 'You are not connected to the internet',
    tryAgain: 'Try Again',
    lastKnown: 'last known state',
    loading: 'Loading…',
    pending: 'You are offline. This loads when the connection is back.',
    live: 'Live',
    notLive: 'Not live',
  },
  fa: {
    notFound: 'این صفحه پیدا نشد',
    networkError: 'خطای شبکه',
    noInternet: 'به اینترنت متصل نیستید',
    tryAgain: 'تلاش دوباره',
    lastKnown: 'آخرین وضعیت شناخته‌شده',
    loading: 'در حال بارگذاری…',
    pending: 'اتصال برقرار نیست. با بازگشت اینترنت بارگذاری می‌شود.',
    live: 'زنده',
    notLive: 'زنده نیست',
  },
} as const;
type Lang = keyof typeof TEXT;

const relay1 = () => stack.fleet.devices.get(switchId)?.sim.values.get('relay_1');
const card = (page: Page) => page.locator(`[data-testid="device-card"][data-device-id="${switchId}"]`);

/** A logged-in page on the dashboard with the switch's card live. */
async function loggedIn(lang: Lang): Promise<{ context: BrowserContext; page: Page }> {
  const context = await stack.newContext(lang);
  const page = await context.newPage();
  await stack.logIn(page);
  await expect.poll(() => card(page).getAttribute('data-state'), { timeout: 10_000 }).toBe('online');
  return { context, page };
}

/** Same-document and full navigations of the page's main frame, from now on. */
function countNavigations(page: Page): () => number {
  let n = 0;
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) n++;
  });
  return () => n;
}

describe('offline and unknown links (issue 17)', () => {
  it("opens the app's links at the route of their path: its scheme through /open, a product host's and a regional host's path; a foreign link is not found (issue 25)", async () => {
    const { context, page } = await loggedIn('en');
    const route = `/bottom-tab-bar-navigator/device-setting/${switchId}`;
    // The installed app's protocol handler (manifest: web+hestia → /open?link=…).
    for (const link of [`web+hestia:/${route}`, `hestia:/${route}`, `https://app.eu.hestia.app${route}`]) {
      await page.goto(`${stack.server.url}/open?link=${encodeURIComponent(link)}`);
      await page.getByTestId('screen-device-setting').waitFor({ timeout: 10_000 });
      expect([link, new URL(page.url()).pathname]).toEqual([link, route]);
    }
    await page.goto(`${stack.server.url}/open?link=${encodeURIComponent(`https://evil.example${route}`)}`);
    await page.getByTestId('screen-not-found').waitFor({ timeout: 10_000 });
    await context.close();
  });

  for (const lang of ['en', 'fa'] as const) {
    it(`an unknown address shows not-found, is not saved, and the start page stays clean (${lang})`, async () => {
      const { context, page } = await loggedIn(lang);
      const bad = '/bottom-tab-bar-navigator/no-such-screen';
      const navigations = countNavigations(page);
      await page.goto(`${stack.server.url}${bad}`);
      await page.getByTestId('screen-not-found').waitFor({ timeout: 5000 });
      await page.waitForTimeout(1500);
      // It stays: no loop of navigations, the address is the one opened.
      expect(navigations()).toBeLessThanOrEqual(2);
      expect(new URL(page.url()).pathname).toBe(bad);
      expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe(TEXT[lang].notFound);
      expect(await page.evaluate(() => document.documentElement.dir)).toBe(lang === 'fa' ? 'rtl' : 'ltr');
      await page.screenshot({ path: `${artifacts}/offline-links-not-found-${lang}.png` });

      // The way home leads to the dashboard.
      await page.getByTestId('not-found-home').click();
      await page.getByTestId('screen-dashboard').waitFor({ timeout: 5000 });

      // The start URL (the installed app's) opens the dashboard, not the unknown address.
      await page.goto(`${stack.server.url}/`);
      await page.getByTestId('screen-dashboard').waitFor({ timeout: 5000 });
      expect(new URL(page.url()).pathname).toBe('/bottom-tab-bar-navigator/dashboard');

      // A bad path saved by an earlier version is ignored at start.
      await page.evaluate((path) => {
        localStorage.setItem('navigation-store', JSON.stringify({ state: { lastPath: path }, version: 1 }));
      }, bad);
      const before = navigations();
      await page.goto(`${stack.server.url}/`);
      await page.getByTestId('screen-dashboard').waitFor({ timeout: 5000 });
      await page.waitForTimeout(1000);
      expect(new URL(page.url()).pathname).toBe('/bottom-tab-bar-navigator/dashboard');
      expect(navigations() - before).toBeLessThanOrEqual(3);
      await context.close();
    });

    it(`a device command tapped offline fails at once and is never sent later (${lang})`, async () => {
      const { context, page } = await loggedIn(lang);
      const toggle = card(page).getByTestId('quick-toggle');
      const before = relay1();
      expect(before === 0 || before === 1).toBe(true);

      await context.setOffline(true);
      await page.waitForFunction(() => !navigator.onLine);
      // The tap made as the network went (the no-internet modal may be on top already, so the tap goes
      // to the button itself).
      await toggle.dispatchEvent('click');
      const toast = page.getByText(TEXT[lang].networkError, { exact: true });
      await toast.waitFor({ timeout: 2000 });
      await expect.poll(() => toggle.getAttribute('aria-busy'), { timeout: 2000 }).toBe('false');
      await page.waitForTimeout(400); // let the toast finish coming in before the picture
      await page.screenshot({ path: `${artifacts}/offline-links-tap-${lang}.png` });

      // The network returns: nothing is sent, the device keeps its state.
      await context.setOffline(false);
      await page.waitForFunction(() => navigator.onLine);
      await page.waitForTimeout(4000);
      expect(relay1()).toBe(before);
      // The card is live again and the toggle works as before.
      await expect.poll(() => card(page).getAttribute('data-state'), { timeout: 10_000 }).toBe('online');
      await toggle.click();
      await expect.poll(relay1, { timeout: 5000 }).toBe(before === 1 ? 0 : 1);
      await context.close();
    });

    it(`an offline reload shows the last known state and the no-internet modal (${lang})`, async () => {
      const { context, page } = await loggedIn(lang);
      const pressed = await card(page).getByTestId('quick-toggle').getAttribute('aria-pressed');
      // Live: the summary counts the devices online.
      await expect
        .poll(() => page.getByTestId('dashboard-summary').innerText())
        .not.toContain(TEXT[lang].lastKnown);
      // The app's worker has the pages; the values are saved within two seconds.
      await page.evaluate(() => navigator.serviceWorker?.ready);
      await page.waitForTimeout(2500);

      await context.setOffline(true);
      // The modal comes at once, and the dashboard no longer claims devices are online.
      await page.getByTestId('no-internet-modal').waitFor({ timeout: 5000 });
      await expect
        .poll(() => page.getByTestId('dashboard-summary').innerText())
        .toContain(TEXT[lang].lastKnown);
      await card(page).getByTestId('stale-badge').waitFor({ timeout: 5000 });

      await page.reload();
      const modal = page.getByTestId('no-internet-modal');
      await modal.waitFor({ timeout: 10_000 });
      expect(await modal.getByRole('heading').innerText()).toBe(TEXT[lang].noInternet);
      expect(await page.getByTestId('no-internet-retry').innerText()).toBe(TEXT[lang].tryAgain);
      // Behind it, the last known cards, not skeletons: the switch as it was, marked stale.
      await card(page).waitFor({ timeout: 5000 });
      expect(await card(page).getByTestId('quick-toggle').getAttribute('aria-pressed')).toBe(pressed);
      await card(page).getByTestId('stale-badge').waitFor();
      expect(await page.getByTestId('dashboard-summary').innerText()).toContain(TEXT[lang].lastKnown);
      await page.screenshot({ path: `${artifacts}/offline-links-reload-${lang}.png` });

      // Try Again while still offline keeps the modal.
      await page.getByTestId('no-internet-retry').click();
      await page.waitForTimeout(1000);
      expect(await modal.isVisible()).toBe(true);

      // Back online: the modal goes and the devices are live again.
      await context.setOffline(false);
      await modal.waitFor({ state: 'hidden', timeout: 5000 });
      await expect.poll(() => card(page).getByTestId('stale-badge').count(), { timeout: 15_000 }).toBe(0);
      await expect
        .poll(() => page.getByTestId('dashboard-summary').innerText(), { timeout: 10_000 })
        .not.toContain(TEXT[lang].lastKnown);
      await context.close();
    });

    it(`charts and energy offline say there is no connection, keep what was loaded, and are not live; a reload offline never loads forever (${lang})`, async () => {
      const plug = stack.deviceOf('plug-metering');
      const context = await stack.newContext(lang);
      const page = await context.newPage();
      await stack.logIn(page);
      await page.goto(`${stack.server.url}/bottom-tab-bar-navigator/device-reports/${plug}`);
      const chart = page.getByTestId('history-chart');
      const badge = page.getByTestId('live-indicator');
      const energy = page.getByTestId('energy-chart');
      await chart.waitFor();
      await expect.poll(() => badge.getAttribute('data-live'), { timeout: 10_000 }).toBe('true');
      expect(await badge.textContent()).toBe(TEXT[lang].live);
      // Loaded: no loading text in either chart.
      await expect.poll(() => chart.textContent(), { timeout: 10_000 }).not.toContain(TEXT[lang].loading);
      await expect.poll(() => energy.textContent(), { timeout: 10_000 }).not.toContain(TEXT[lang].loading);
      await page.evaluate(() => navigator.serviceWorker?.ready);
      await page.waitForTimeout(2500); // the last known devices are saved within two seconds

      // The connection goes: what was loaded stays, said to be from before; the badge is no longer live.
      await context.setOffline(true);
      await expect.poll(() => badge.getAttribute('data-live'), { timeout: 5000 }).toBe('false');
      expect(await badge.textContent()).toBe(TEXT[lang].notLive);
      await page.getByTestId('history-offline').waitFor({ timeout: 5000 });
      // The no-internet modal is up; the chart behind it is what the picture is for.
      await page.getByTestId('no-internet-modal').waitFor({ timeout: 5000 });

      // Reloaded offline: nothing is loaded, and the charts say why instead of "Loading…" forever.
      await page.reload();
      await chart.waitFor({ timeout: 10_000 });
      await expect.poll(() => chart.textContent(), { timeout: 5000 }).toContain(TEXT[lang].pending);
      await expect.poll(() => energy.textContent(), { timeout: 5000 }).toContain(TEXT[lang].pending);
      await page.waitForTimeout(2000);
      expect(await chart.textContent()).not.toContain(TEXT[lang].loading);
      expect(await energy.textContent()).not.toContain(TEXT[lang].loading);
      expect(await badge.getAttribute('data-live')).toBe('false');
      expect(await badge.textContent()).toBe(TEXT[lang].notLive);
      await page.screenshot({ path: `${artifacts}/offline-links-charts-${lang}.png` });

      // Back online: the history loads and the badge is live again.
      await context.setOffline(false);
      await page.getByTestId('no-internet-modal').waitFor({ state: 'hidden', timeout: 5000 });
      await expect.poll(() => chart.textContent(), { timeout: 10_000 }).not.toContain(TEXT[lang].pending);
      await expect.poll(() => badge.getAttribute('data-live'), { timeout: 15_000 }).toBe('true');
      await context.close();
    });
  }
});
