import { getProfile, SIMULATED_ROUTER } from '@hestia/catalog';
import type { HestiaClient } from '@hestia/client';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artifacts, type E2eStack, startE2e } from '../stack.ts';

/**
 * Issue 17, items 6–8 in Chromium: the account's time zone is kept, sessions go offline when the app
 * closes, a place counts its rooms' devices, an output has one name on control and timer screens, and
 * the smaller layout fixes (settings, manage rooms, chip rows, pills, toasts), in English and Persian.
 */

const TAB = '/bottom-tab-bar-navigator';
let stack: E2eStack;
let api: HestiaClient;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  stack = await startE2e();
  api = await stack.demoClient();
}, 120_000);
afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
  await stack?.stop();
});

async function open(language: 'en' | 'fa'): Promise<Page> {
  const context = await stack.newContext(language);
  contexts.push(context);
  const page = await context.newPage();
  await stack.logIn(page);
  return page;
}

async function shot(page: Page, name: string): Promise<void> {
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${artifacts}/names-${name}.png` });
}

const toPersian = (s: string) => s.replace(/\d/g, (d) => String.fromCharCode(0x06f0 + Number(d)));
const digits = (lng: 'en' | 'fa', n: number) => (lng === 'fa' ? toPersian(String(n)) : String(n));

describe('account', () => {
  for (const lng of ['en', 'fa'] as const) {
    it(`keeps the profile time zone UTC when the editor is saved untouched, and the toast clears the title (${lng})`, async () => {
      const profile = await api.call('updateProfile', {
        params: { type: 'TimeZone' },
        body: { timeZone: 'UTC' },
      } as never);
      expect((profile as { timeZone: string }).timeZone).toBe('UTC');
      const page = await open(lng);
      await page.goto(`${stack.server.url}${TAB}/edit-profile?type=timeZone`);
      const select = page.getByTestId('edit-time-zone-select');
      await select.waitFor();
      expect(await select.inputValue()).toBe('UTC');
      await shot(page, `time-zone-${lng}`);
      await page.getByTestId('edit-save').click();
      // The success toast comes up at the bottom, above the tab bar, clear of the title and header buttons.
      const toast = page.locator('[data-sonner-toast]').first();
      await toast.waitFor();
      await page.waitForTimeout(500);
      const box = await toast.boundingBox();
      expect(box && box.y > 844 / 2 && box.y + box.height <= 844).toBe(true);
      const title = await page.getByRole('heading', { level: 1 }).first().boundingBox();
      expect(title && box && title.y + title.height <= box.y).toBe(true);
      await shot(page, `toast-${lng}`);
      await expect
        .poll(async () => (await api.call('profile', {})).timeZone, { timeout: 10_000 })
        .toBe('UTC');
      await page.waitForURL((u) => !u.search.includes('type=timeZone'));
      expect((await api.call('profile', {})).timeZone).toBe('UTC');
    });
  }

  it("shows the app's session online while it is open and offline once it is closed", async () => {
    const email = `presence-${Date.now().toString(36)}@hestia.local`;
    const other = await stack.signUp(email, 'Presence-Check9', 'Pat');
    const context = await stack.newContext('en');
    contexts.push(context);
    const before = new Set((await other.call('sessions', {})).map((s) => s.id));
    const page = await context.newPage();
    await stack.logIn(page, { email, password: 'Presence-Check9' });
    const browserSession = async () => (await other.call('sessions', {})).find((s) => !before.has(s.id));
    await expect.poll(async () => (await browserSession())?.online, { timeout: 10_000 }).toBe(true);
    // Closing the app's page says goodbye: another device's Security list shows it offline.
    await page.close({ runBeforeUnload: true });
    await expect.poll(async () => (await browserSession())?.online, { timeout: 10_000 }).toBe(false);
  });
});

describe('places, names and layout', () => {
  let placeId = '';
  beforeAll(async () => {
    const place = await api.call('addAsset', { body: { name: 'Cabin' } });
    placeId = place.id;
    const loft = await api.call('addAsset', { body: { name: 'Loft', parentId: place.id } });
    const porch = await api.call('addAsset', { body: { name: 'Porch', parentId: place.id } });
    await stack.addDevice('plug-metering', 'Loft plug', loft.id);
    await stack.addDevice('switch-one-pole', 'Porch light', porch.id);
    await stack.addDevice('plug-metering', 'Cabin plug', porch.id);
    // More rooms than a phone's width shows at once: the room chips scroll.
    for (const name of ['Attic', 'Basement', 'Garage'])
      await api.call('addAsset', { body: { name, parentId: place.id } });
  }, 60_000);

  for (const lng of ['en', 'fa'] as const) {
    it(`counts a place's devices in its rooms the same on the place list and the dashboard, and opens Manage rooms without the new-place banner (${lng})`, async () => {
      const page = await open(lng);
      await page.goto(`${stack.server.url}${TAB}/asset-list`);
      const row = page.getByTestId('place-row').filter({ hasText: 'Cabin' });
      await row.waitFor();
      const three = digits(lng, 3);
      await expect.poll(() => row.textContent()).toContain(lng === 'en' ? '3 devices' : `${three} دستگاه`);
      await shot(page, `place-list-${lng}`);

      await page.goto(`${stack.server.url}${TAB}/dashboard`);
      await page.getByTestId('place-switcher').click();
      await page.getByTestId('place-option').filter({ hasText: 'Cabin' }).click();
      await expect
        .poll(() => page.getByTestId('dashboard-summary').textContent(), { timeout: 10_000 })
        .toContain(lng === 'en' ? '3 devices' : `${three} دستگاه`);
      const manage = page.getByTestId('manage-rooms');
      // The chip row hints that it scrolls (it fades at its end, the left in Persian), and Manage rooms
      // scrolls fully into view on a phone.
      const chips = page.getByTestId('room-chips');
      await expect.poll(() => chips.getAttribute('data-more-end')).toBe('true');
      expect(await chips.getAttribute('data-more-start')).toBe('false');
      const fade = await page.getByTestId('room-chips-more').boundingBox();
      expect(fade && (lng === 'fa' ? fade.x < 390 / 2 : fade.x > 390 / 2)).toBe(true);
      await manage.scrollIntoViewIfNeeded();
      const box = await manage.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
      await expect.poll(() => chips.getAttribute('data-more-start')).toBe('true');
      await shot(page, `dashboard-chips-${lng}`);
      await manage.click();
      await page.getByTestId('screen-room-list').waitFor();
      expect(page.url()).toContain(placeId);
      await page.getByTestId('room-row').first().waitFor();
      expect(await page.getByTestId('rooms-done').count()).toBe(0);
      expect(
        await page
          .getByRole('status')
          .filter({ hasText: /ready|آماده/ })
          .count(),
      ).toBe(0);
      await shot(page, `room-list-${lng}`);
    });

    it(`names an output the same on the control screen and the timer, defaults a timer to switch off only outputs that are on, and lists the language once in Settings (${lng})`, {
      timeout: 120_000,
    }, async () => {
      const id = stack.deviceOf('switch-two-pole');
      // The first output on, the second off, written through the real device.
      await api.write(id, [
        { Key: 'relay_1', Value: 1 },
        { Key: 'relay_2', Value: 0 },
      ]);
      const page = await open(lng);
      const route = getProfile('switch-two-pole')?.route.name as string;
      await page.goto(`${stack.server.url}${TAB}/${route}/${id}`);
      const first = lng === 'en' ? 'Output 1' : `خروجی ${digits(lng, 1)}`;
      const second = lng === 'en' ? 'Output 2' : `خروجی ${digits(lng, 2)}`;
      await expect
        .poll(() => page.getByTestId('key-relay_1').textContent(), { timeout: 10_000 })
        .toContain(first);
      expect(await page.getByTestId('key-relay_2').textContent()).toContain(second);
      await shot(page, `control-names-${lng}`);

      await page.goto(`${stack.server.url}${TAB}/set-device-timer/${id}`);
      const actions = page.getByTestId('timer-action');
      await expect.poll(() => actions.count(), { timeout: 10_000 }).toBe(2);
      const titles = await actions.allTextContents();
      expect(titles.find((x) => x.includes(first))).toBeDefined();
      expect(titles.find((x) => x.includes(second))).toBeDefined();
      // relay_1 is on: the timer turns it off; relay_2 is already off: the timer turns it on.
      const on = lng === 'en' ? 'On' : 'روشن';
      const off = lng === 'en' ? 'Off' : 'خاموش';
      expect(titles.find((x) => x.includes(first))).toContain(off);
      expect(titles.find((x) => x.includes(second))).toContain(on);
      await shot(page, `timer-defaults-${lng}`);

      await page.goto(`${stack.server.url}${TAB}/setting`);
      await page.locator('[data-testid^="language-option-"]').first().waitFor({ state: 'attached' });
      expect(await page.getByTestId('to-language').count()).toBe(0);
      expect(await page.locator(`[data-testid="language-option-${lng}"]`).count()).toBe(1);
      await shot(page, `settings-${lng}`);
    });
  }
});

describe('web manifest', () => {
  it('gives the installed app an id and does not fix its language to English', async () => {
    const res = await fetch(`${stack.server.url}/manifest.webmanifest`);
    expect(res.ok).toBe(true);
    const manifest = (await res.json()) as Record<string, unknown>;
    expect(manifest.id).toBe('/');
    expect(manifest).not.toHaveProperty('lang');
  });
});

const INFO = {
  en: {
    model: 'Two-pole switch',
    family: 'Switches',
    plug: 'Smart plug',
    plugFamily: 'Plugs',
    signal: /^(Excellent|Good|Fair|Weak)$/,
    digits: /-\d+ dBm/,
  },
  fa: {
    model: 'کلید دوپل',
    family: 'کلیدها',
    plug: 'پریز هوشمند',
    plugFamily: 'پریزها',
    signal: /^(عالی|خوب|متوسط|ضعیف)$/,
    digits: /\u2212[۰-۹]+ dBm/,
  },
} as const;

/** Text without the bidi marks and isolates that keep figures and names in place in right-to-left text. */
const plain = (s: string | null) => (s ?? '').replace(/[\u200e\u200f\u2066-\u2069]/g, '');

describe('advanced settings, device information and Wi-Fi status', () => {
  for (const lng of ['en', 'fa'] as const) {
    it(`links to Device information, which names the model and family in words, with its router and signal (${lng})`, async () => {
      const page = await open(lng);
      const id = stack.deviceOf('switch-two-pole');
      await page.goto(`${stack.server.url}${TAB}/device-advanced-settings/${id}`);
      await page.getByTestId('link-information').waitFor();
      const text = (await page.getByTestId('screen-advanced-settings').textContent()) ?? '';
      expect(text).not.toContain('switch-two-pole');
      expect(await page.getByTestId('advanced-profile').count()).toBe(0);
      await shot(page, `advanced-${lng}`);

      await page.getByTestId('link-information').click();
      const info = page.getByTestId('screen-device-information');
      await info.waitFor();
      await expect
        .poll(() => page.getByTestId('info-model').locator('dd').textContent())
        .toBe(INFO[lng].model);
      expect(await page.getByTestId('info-family').locator('dd').textContent()).toBe(INFO[lng].family);
      // No catalogue ids: neither the profile id nor the raw device type.
      const all = (await info.textContent()) ?? '';
      expect(all).not.toContain('switch-two-pole');
      expect(all).not.toMatch(/\btwo-pole\b/);
      // What the device reports about its Wi-Fi: the router's name and the signal, in the language's digits.
      await expect
        .poll(() => page.getByTestId('info-router').locator('dd').textContent(), { timeout: 10_000 })
        .toBe(SIMULATED_ROUTER);
      const signal = page.getByTestId('info-signal').getByTestId('signal');
      await signal.waitFor({ timeout: 10_000 });
      expect(plain(await signal.locator('span').first().textContent())).toMatch(INFO[lng].signal);
      expect(plain(await signal.textContent())).toMatch(INFO[lng].digits);
      expect(Number(await signal.getAttribute('data-dbm'))).toBeLessThan(-30);
      await shot(page, `device-information-${lng}`);
    });

    it(`Wi-Fi status shows the router's name and the signal in words, bars and dBm (${lng})`, async () => {
      const page = await open(lng);
      const plug = stack.deviceOf('plug-metering');
      await page.goto(`${stack.server.url}${TAB}/wifi-status-display/${plug}`);
      await page.getByTestId('screen-wifi-status-display').waitFor();
      await expect
        .poll(() => page.getByTestId('field-AP').textContent(), { timeout: 10_000 })
        .toBe(SIMULATED_ROUTER);
      const signal = page.getByTestId('field-RSSI').getByTestId('signal');
      await signal.waitFor({ timeout: 10_000 });
      expect(await signal.getAttribute('data-level')).toMatch(/^(excellent|good|fair|weak)$/);
      expect(await signal.locator('svg').count()).toBe(1);
      expect(plain(await signal.locator('span').first().textContent())).toMatch(INFO[lng].signal);
      expect(plain(await signal.textContent())).toMatch(INFO[lng].digits);
      await shot(page, `wifi-status-${lng}`);

      await page.goto(`${stack.server.url}${TAB}/device-information/${plug}`);
      await expect
        .poll(() => page.getByTestId('info-model').locator('dd').textContent())
        .toBe(INFO[lng].plug);
      expect(await page.getByTestId('info-family').locator('dd').textContent()).toBe(INFO[lng].plugFamily);
    });
  }
});
