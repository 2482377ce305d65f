import { HestiaClient } from '@hestia/client';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artifacts, DEMO_EMAIL, DEMO_PASSWORD, type E2eStack, startE2e } from '../stack.ts';

let stack: E2eStack;
let switchId: string;
beforeAll(async () => {
  stack = await startE2e();
  switchId = stack.deviceOf('switch-two-pole');
});
afterAll(() => stack?.stop());

async function logIn(page: Page): Promise<void> {
  await page.goto(stack.server.url);
  await page.getByTestId('login-email').fill(DEMO_EMAIL);
  await page.getByTestId('login-password').fill(DEMO_PASSWORD);
  await page.getByTestId('login-submit').click();
  await page.locator(`[data-testid="device-card"][data-device-id="${switchId}"]`).waitFor();
}

const relay = (n: 1 | 2) => stack.fleet.devices.get(switchId)?.sim.values.get(`relay_${n}`);

describe('the first end-to-end toggle, in Chromium', () => {
  it('logs in, toggles the lights, follows live updates, keeps the state across a reload, in en and fa', async () => {
    const context = await stack.browser.newContext({
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 2,
    });
    const page = await context.newPage();
    await logIn(page);
    const card = page.locator(`[data-testid="device-card"][data-device-id="${switchId}"]`);
    const toggle = card.getByTestId('quick-toggle');
    await expect.poll(() => card.getAttribute('data-state')).toBe('online');
    await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe(relay(1) === 1 ? 'true' : 'false');
    await page.screenshot({ path: `${artifacts}/01-dashboard-en.png` });

    // Tap: the device's relays change, and the card follows.
    const before = relay(1);
    await toggle.click();
    const after = before === 1 ? 0 : 1;
    await expect.poll(() => relay(1), { timeout: 5000 }).toBe(after);
    await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe(after === 1 ? 'true' : 'false');
    await page.waitForTimeout(300); // let the colour transition finish before the picture
    await page.screenshot({ path: `${artifacts}/02-toggled-en.png` });

    // A change made elsewhere reaches the card through the live socket alone.
    let token: string | undefined;
    const other = new HestiaClient({ baseUrl: stack.server.url, getToken: () => token });
    token = (await other.login(DEMO_EMAIL, DEMO_PASSWORD)).token;
    await other.write(switchId, [
      { Key: 'relay_1', Value: before ?? 0 },
      { Key: 'relay_2', Value: before ?? 0 },
    ]);
    await expect
      .poll(() => toggle.getAttribute('aria-pressed'), { timeout: 5000 })
      .toBe(before === 1 ? 'true' : 'false');
    await other.write(switchId, [
      { Key: 'relay_1', Value: after },
      { Key: 'relay_2', Value: after },
    ]);
    await expect
      .poll(() => toggle.getAttribute('aria-pressed'), { timeout: 5000 })
      .toBe(after === 1 ? 'true' : 'false');

    // Reload: still logged in, same state.
    await page.reload();
    await card.waitFor();
    await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe(after === 1 ? 'true' : 'false');

    // Persian: right to left, same live state.
    await page.getByTestId('tab-setting').click();
    await page.locator('label:has([data-testid="language-option-fa"])').click();
    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('fa');
    await page.screenshot({ path: `${artifacts}/03-setting-fa.png` });
    await page.getByTestId('tab-dashboard').click();
    await card.waitFor();
    await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe(after === 1 ? 'true' : 'false');
    await toggle.click();
    await expect.poll(() => relay(1), { timeout: 5000 }).toBe(before);
    await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe(before === 1 ? 'true' : 'false');
    await page.waitForTimeout(300); // let the colour transition finish before the picture
    await page.screenshot({ path: `${artifacts}/04-dashboard-fa.png` });
    await context.close();
  });

  it("shows 'disturbance in communication' when the device does not answer, and keeps the card's state", async () => {
    const context = await stack.browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await logIn(page);
    const card = page.locator(`[data-testid="device-card"][data-device-id="${switchId}"]`);
    const toggle = card.getByTestId('quick-toggle');
    await expect.poll(() => card.getAttribute('data-state')).toBe('online');
    const pressed = await toggle.getAttribute('aria-pressed');
    // The device stays connected but stops answering commands.
    stack.fleet.devices.get(switchId)?.client.removeAllListeners('message');
    await toggle.click();
    await page
      .getByText('Disturbance in communication with the device', { exact: false })
      .waitFor({ timeout: 15_000 });
    expect(await toggle.getAttribute('aria-pressed')).toBe(pressed);
    await page.screenshot({ path: `${artifacts}/05-no-answer-en.png` });
    await context.close();
  });

  it('disables the toggle of a device that goes offline', async () => {
    const context = await stack.browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await logIn(page);
    // The device drops off the broker: the card turns offline and its toggle is disabled.
    await stack.fleet.devices.get(switchId)?.client.endAsync(true);
    const card = page.locator(`[data-testid="device-card"][data-device-id="${switchId}"]`);
    await expect.poll(() => card.getAttribute('data-state'), { timeout: 5000 }).toBe('offline');
    expect(await card.getByTestId('quick-toggle').isDisabled()).toBe(true);
    await page.screenshot({ path: `${artifacts}/06-offline-en.png` });
    await context.close();
  });
});
