import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from '../axe.ts';
import { artifacts, type E2eStack, startE2e } from '../stack.ts';

/**
 * Issue 20, the app shell: the install prompt's timing on a driven clock (a synthetic
 * beforeinstallprompt, 48 hours after Remind later, hidden once installed, the iOS guide, the spec's
 * widths); a device's notification settings for its owner; the end of a share's access; about.
 */
let stack: E2eStack;
/** Where the operator publishes app packages (files/app/info and files/app/donwload read it). */
const packages = mkdtempSync(join(tmpdir(), 'hestia-e2e-app-'));
beforeAll(async () => {
  stack = await startE2e({ APP_PACKAGE_DIR: packages });
}, 60_000);
afterAll(async () => {
  await stack?.stop();
  rmSync(packages, { recursive: true, force: true });
});

const shot = (page: Page, name: string) =>
  page.screenshot({ path: resolve(artifacts, `app-shell-${name}.png`) });
/** What Chromium fires when the app can be installed, with the two members the prompt uses. */
const offerInstall = (page: Page) =>
  page.evaluate(() => {
    const e = new Event('beforeinstallprompt', { cancelable: true });
    Object.assign(e, {
      prompt: async () => undefined,
      userChoice: Promise.resolve({ outcome: 'dismissed' }),
    });
    window.dispatchEvent(e);
  });
const prompt = (page: Page) => page.getByTestId('install-prompt');
const widthShare = async (page: Page) => {
  const box = await prompt(page).boundingBox();
  return Math.round(((box?.width ?? 0) / (page.viewportSize()?.width ?? 1)) * 100);
};

describe('the install prompt', () => {
  it('en: offered on the install event, back 48 hours after Remind later, gone once installed; 90/50/30% wide', async () => {
    const context = await stack.newContext('en');
    const page = await context.newPage();
    await page.clock.install();
    await page.goto(stack.server.url);
    await page.getByTestId('login-email').waitFor();
    expect(await prompt(page).count()).toBe(0);
    await offerInstall(page);
    await prompt(page).waitFor();
    expect(await widthShare(page)).toBe(90);
    await shot(page, 'en-install');
    expect(await axeViolations(page, 'install prompt en')).toEqual([]);
    await page.getByTestId('install-later').click();
    await prompt(page).waitFor({ state: 'detached' });
    expect(await page.evaluate(() => localStorage.getItem('lastModalOpened'))).toMatch(/^\d+$/);

    await page.clock.fastForward('47:59:00');
    await offerInstall(page);
    await page.waitForTimeout(300);
    expect(await prompt(page).count()).toBe(0);
    await page.clock.fastForward('00:01:00');
    await offerInstall(page);
    await prompt(page).waitFor();
    await page.setViewportSize({ width: 1100, height: 800 });
    expect(await widthShare(page)).toBe(50);
    await page.setViewportSize({ width: 1600, height: 900 });
    expect(await widthShare(page)).toBe(30);
    await page.evaluate(() => window.dispatchEvent(new Event('appinstalled')));
    await prompt(page).waitFor({ state: 'detached' });
    await context.close();
  });

  it('fa: on iOS it shows without an install event and its button opens the guide', async () => {
    const context = await stack.newContext('fa', {
      userAgent:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
    });
    const page = await context.newPage();
    await page.goto(stack.server.url);
    await prompt(page).waitFor();
    expect(await prompt(page).textContent()).toContain('نصب هستیا');
    await shot(page, 'fa-install');
    await page.getByTestId('install-ok').click();
    await page.getByTestId('install-ios-guide').waitFor();
    expect(await page.getByTestId('install-ios-guide').textContent()).toContain('افزودن به صفحه اصلی');
    await shot(page, 'fa-ios-guide');
    await context.close();
  });
});

describe('owner settings', () => {
  it("fa: the owner turns a device's firmware notifications off; the end of a share's access is set", async () => {
    const owner = await stack.demoClient();
    const guest = await stack.signUp(`shell-guest-${Date.now()}@example.com`, 'Guest-pass-1234', 'Sara');
    const plug = stack.deviceOf('plug-metering');
    const s = await owner.call('createShare', { params: { id: plug }, body: { scope: 'control' } });
    await guest.call('finalizeShare', { params: { shareToken: s.token } });
    const context = await stack.newContext('fa');
    const page = await context.newPage();
    await stack.logIn(page);
    await page.goto(`${stack.server.url}/bottom-tab-bar-navigator/device-setting/${plug}`);
    await page.getByTestId('notification-settings').click();
    const firmware = page.getByTestId('notify-firmware');
    await expect.poll(() => firmware.getAttribute('aria-checked')).toBe('true');
    await firmware.click();
    await expect
      .poll(async () => (await owner.call('notificationSettings', { params: { id: plug } })).kinds)
      .toContainEqual({ kind: 'firmware', enabled: false });
    await shot(page, 'fa-personalization');
    expect(await axeViolations(page, 'notification settings fa')).toEqual([]);

    await page.goto(
      `${stack.server.url}/bottom-tab-bar-navigator/device-user-screen/${s.id}?deviceId=${plug}`,
    );
    await page.getByTestId('share-end').fill('2031-05-01T18:30');
    await page.getByTestId('share-end-save').click();
    await expect
      .poll(
        async () =>
          (await owner.call('listShares', { query: { deviceId: plug } })).find((x) => x.id === s.id)
            ?.expirationDate,
      )
      .toBe(new Date(2031, 4, 1, 18, 30).toISOString());
    await shot(page, 'fa-share-end');

    await page.goto(`${stack.server.url}/bottom-tab-bar-navigator/access-management`);
    const row = page.getByTestId('access-share').filter({ hasText: 'Sara' });
    await expect.poll(() => row.textContent()).toContain('کنترل');
    await shot(page, 'fa-access-management');

    await page.goto(`${stack.server.url}/bottom-tab-bar-navigator/about`);
    expect(await page.getByTestId('app-version').textContent()).toBe('۰.۱.۰');
    await context.close();
  }, 45_000);
});

describe('the app update (issue 25)', () => {
  it('fa: a published package newer than the app is offered with its size; Later puts that version off, a newer one asks again; Download saves the checked file', async () => {
    const bytes = randomBytes(300_000);
    writeFileSync(join(packages, 'hestia-0.2.0.zip'), bytes);
    const context = await stack.newContext('fa');
    const page = await context.newPage();
    await stack.logIn(page);
    const modal = page.getByTestId('app-update');
    await modal.waitFor({ timeout: 10_000 });
    const text = await modal.textContent();
    expect(text).toContain('نسخهٔ جدید برنامه');
    // 300,000 bytes: 0.3 MB, in Persian digits.
    expect(text).toContain('۰٫۳');
    await shot(page, 'fa-app-update');
    expect(await axeViolations(page, 'app update fa')).toEqual([]);
    await page.getByTestId('app-update-later').click();
    await modal.waitFor({ state: 'detached' });
    await page.reload();
    await page.getByTestId('screen-dashboard').waitFor();
    await page.waitForTimeout(1500);
    expect(await modal.count()).toBe(0);

    // A newer version asks again; Download hands over the file whose SHA-256 the server announced.
    rmSync(join(packages, 'hestia-0.2.0.zip'));
    const newer = randomBytes(120_000);
    writeFileSync(join(packages, 'hestia-0.3.0.zip'), newer);
    await page.reload();
    await modal.waitFor({ timeout: 10_000 });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('app-update-download').click(),
    ]);
    expect(download.suggestedFilename()).toBe('hestia-0.3.0.zip');
    const saved = readFileSync(await download.path());
    expect(createHash('sha256').update(saved).digest('hex')).toBe(
      createHash('sha256').update(newer).digest('hex'),
    );
    await modal.waitFor({ state: 'detached' });
    rmSync(join(packages, 'hestia-0.3.0.zip'));
    await context.close();
  }, 60_000);
});
