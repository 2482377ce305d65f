import type { HestiaClient } from '@hestia/client';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artifacts, type E2eStack, startE2e } from '../stack.ts';

let stack: E2eStack;
let api: HestiaClient;
let switchId: string;

beforeAll(async () => {
  stack = await startE2e();
  switchId = stack.deviceOf('switch-two-pole');
  api = await stack.demoClient();
});
afterAll(() => stack?.stop());

/** The circle's centre; the phone starts about 1.1 km north of it and walks to about 55 m from it. */
const HOME = { latitude: 35.7, longitude: 51.4 };
const AWAY = { latitude: 35.71, longitude: 51.4 };
const INSIDE = { latitude: 35.7005, longitude: 51.4 };

const relay = () => stack.fleet.devices.get(switchId)?.sim.values.get('relay_1');

async function logIn(page: Page): Promise<void> {
  await stack.logIn(page);
}

/** Visible text without the bidi isolates. */
const textOf = async (locator: { textContent(): Promise<string | null> }) =>
  ((await locator.textContent()) ?? '').replace(/[\u2066-\u2069]/g, '');

async function shot(page: Page, name: string): Promise<void> {
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${artifacts}/automation-location-${name}.png` });
}

describe('a Location condition, in Chromium on a phone', () => {
  it('builds "when I arrive within 200 m of a point, turn output 1 on" and runs it when the phone walks in', async () => {
    await api.write(switchId, [{ Key: 'relay_1', Value: 0 }]);
    await expect.poll(relay).toBe(0);

    const context = await stack.newContext('en', { permissions: ['geolocation'], geolocation: AWAY });
    const page = await context.newPage();
    await logIn(page);
    await page.getByTestId('tab-automation').click();
    await page.getByTestId('segment-automation').click();
    await page.getByTestId('automation-add').click();
    await page.getByTestId('new-automation').click();
    await page.getByTestId('automation-name').fill('Welcome home');
    await page.getByTestId('add-condition').click();
    await page.getByTestId('condition-type-location').click();
    await page.getByTestId('screen-condition-location').waitFor();
    // Sharing is off until the user asks for it.
    expect(await page.getByTestId('location-sharing').getAttribute('aria-checked')).toBe('false');

    // "Use my current location" fills the fields (and turns sharing on).
    await page.getByTestId('location-use-mine').click();
    await expect.poll(() => page.getByTestId('location-latitude').inputValue()).toBe('35.71');
    expect(await page.getByTestId('location-longitude').inputValue()).toBe('51.4');
    expect(await page.getByTestId('location-sharing').getAttribute('aria-checked')).toBe('true');

    // Typed coordinates instead; a radius below 50 m is refused inline.
    await page.getByTestId('location-latitude').fill(String(HOME.latitude));
    await page.getByTestId('location-longitude').fill(String(HOME.longitude));
    await page.getByTestId('location-radius').fill('20');
    await page.getByTestId('condition-save').click();
    await page.getByText('Enter whole metres from 50 to 10,000.').waitFor();
    await page.getByTestId('location-latitude').fill('95');
    await page.getByTestId('location-radius').fill('200');
    await page.getByTestId('condition-save').click();
    await page.getByText('Enter a latitude between -90 and 90.').waitFor();
    await page.getByTestId('location-latitude').fill(String(HOME.latitude));
    await page.getByTestId('location-enter').click();
    await shot(page, 'en');
    await page.getByTestId('condition-save').click();
    await expect
      .poll(() => textOf(page.getByTestId('condition-row')))
      .toBe('Arriving within 200 m of 35.7000, 51.4000');

    await page.getByTestId('add-command').click();
    await page.locator(`[data-testid="device-option"][data-device-id="${switchId}"]`).click();
    await page.locator('[data-testid="param-option"][data-key="relay_1"]').click();
    await page.getByTestId('value-on').click();
    await page.getByTestId('command-save').click();
    await shot(page, 'editor-en');
    await page.getByTestId('automation-save').click();
    const card = page.getByTestId('automation-card').filter({ hasText: 'Welcome home' });
    await card.waitFor();

    // Saved and active: the reporter starts watching and sends the first fix (away: nothing to cross).
    await expect
      .poll(async () => (await api.call('profile', {})).location, { timeout: 10_000 })
      .toEqual(AWAY);
    expect(relay()).toBe(0);

    // The phone walks into the circle. The reporter sends a move of 25 m or more no sooner than 5 s
    // after the last send (LOCATION_MIN_INTERVAL_MS), so this takes seconds, not a minute.
    await context.setGeolocation(INSIDE);
    await expect.poll(relay, { timeout: 20_000 }).toBe(1);
    expect((await api.call('profile', {})).location).toEqual(INSIDE);

    // The run is in its history, set off by the location, with the condition held.
    await card.getByTestId('automation-history').click();
    const run = page.getByTestId('run').first();
    await run.waitFor({ timeout: 10_000 });
    await expect.poll(() => run.getAttribute('data-status'), { timeout: 10_000 }).toBe('done');
    expect(await run.getByTestId('run-trigger').textContent()).toBe("Set off by your phone's location");
    const condition = run.getByTestId('trace-condition');
    expect(await condition.getAttribute('data-verdict')).toBe('true');
    expect(await textOf(condition)).toContain('Arriving within 200 m of 35.7000, 51.4000');
    // How far the phone was from the centre when it crossed: about 56 m.
    expect(await textOf(condition)).toMatch(/Observed value: 5\d m/);
    await shot(page, 'history-en');
    await context.close();
  });

  it('shows the Location screen in Persian, and a dismissable notice when location is refused', async () => {
    // No geolocation permission granted: the browser refuses when asked.
    const context = await stack.newContext('fa');
    const page = await context.newPage();
    await logIn(page);
    await page.getByTestId('tab-automation').click();
    await page.getByTestId('segment-automation').click();
    const card = page.getByTestId('automation-card').filter({ hasText: 'Welcome home' });
    await card.getByTestId('automation-edit').click();
    // Sharing is off on this phone: the editor offers to turn it on.
    await page.getByTestId('location-sharing').waitFor();
    expect(await textOf(page.getByTestId('condition-row'))).toBe('رسیدن به فاصلهٔ ۲۰۰ متری ۳۵٫۷۰۰۰، ۵۱٫۴۰۰۰');
    await page.getByTestId('condition-row').getByRole('button').first().click();
    await page.getByTestId('screen-condition-location').waitFor();
    expect(await page.getByTestId('location-latitude').inputValue()).toBe('35.7');
    await page.evaluate(() => document.documentElement.dir).then((dir) => expect(dir).toBe('rtl'));
    await shot(page, 'fa');

    await page.getByTestId('location-use-mine').click();
    await page.getByTestId('location-denied').waitFor({ timeout: 25_000 });
    expect(await page.getByTestId('location-sharing').getAttribute('aria-checked')).toBe('false');
    await shot(page, 'denied-fa');
    await page.getByTestId('location-denied-dismiss').click();
    await page.getByTestId('location-denied').waitFor({ state: 'hidden' });
    await context.close();
  });
});
