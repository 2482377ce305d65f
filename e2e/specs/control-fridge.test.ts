import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations } from '../axe.ts';
import { api, id, stack, useControlStack } from '../control.ts';
import { report } from '../control-by-route.ts';
import { clear, logIn, open, raise, shot, shown, simNum } from '../control-from-dashboard.ts';
import { catalogText as text } from '../control-water.ts';

/**
 * Issue 19, refrigeration: a side-by-side freezer-refrigerator (every key of the family) against its
 * simulated device: setpoint pickers, modes with the fast-or-eco rule refused on the screen and by the
 * device, the display flags, the input/output and error screens, and a view-only share.
 */
useControlStack({ fridge: ['refrigerator-freezer-refrigerator-side-by-side', 'Kitchen fridge'] });

const GUEST_PASSWORD = 'Guest-Pass1';
/** What a test id shows, without the marks that keep a value whole in right-to-left text. */
const plain = async (page: Page, testId: string) =>
  ((await shown(page, testId)) ?? '').replace(/[\u2068\u2069]/g, '');

async function toggle(page: Page, key: string, to: 0 | 1): Promise<void> {
  await page.getByTestId(`toggle-${key}`).click();
  await expect.poll(() => simNum('fridge', key), { timeout: 5000 }).toBe(to);
}

async function pick(page: Page, key: string, value: number): Promise<void> {
  await page.getByTestId(`pick-${key}`).click();
  await page.getByTestId(`pick-${key}-options`).locator(`[data-value="${value}"]`).click();
  await expect.poll(() => simNum('fridge', key), { timeout: 5000 }).toBe(value);
  await page.getByTestId(`pick-${key}-picker`).waitFor({ state: 'hidden' });
}

describe('control screens: refrigerator (phone, Chromium)', () => {
  it('setpoints, modes and the fast-or-eco rule, display flags, inputs/outputs and errors', async () => {
    const context = await stack.newContext('en');
    const page = await context.newPage();
    await logIn(page);
    await open(page, 'fridge');
    await pick(page, 'fridge_setpoint', 3);
    await pick(page, 'freezer_setpoint', -20);
    await expect.poll(() => plain(page, 'pick-fridge_setpoint-value')).toBe('3 °C');

    // Super cool on, then eco is refused on the screen with the catalogue's text, and not sent.
    await toggle(page, 'supercool', 1);
    await page.getByTestId('toggle-economic').click();
    await page.getByText(text('rule.disable_fast_freeze_eco')).first().waitFor({ timeout: 5000 });
    expect(simNum('fridge', 'economic')).toBe(0);
    await shot(page, 'fridge-refused-en', false);
    // The device refuses it too, whoever asks.
    await expect(api.write(id('fridge'), [{ Key: 'economic', Value: 1 }])).rejects.toThrow();
    expect(simNum('fridge', 'economic')).toBe(0);
    // Super cool off first, then eco is taken; now super freeze is refused.
    await toggle(page, 'supercool', 0);
    await toggle(page, 'economic', 1);
    await expect(api.write(id('fridge'), [{ Key: 'superfrost', Value: 1 }])).rejects.toThrow();
    await toggle(page, 'economic', 0);
    await toggle(page, 'superfrost', 1);
    for (const key of ['iceon', 'waterfilter', 'lock', 'mute'] as const) {
      const was = simNum('fridge', key);
      await toggle(page, key, was === 1 ? 0 : 1);
    }
    await shot(page, 'fridge-en');
    expect(await axeViolations(page, 'refrigerator')).toEqual([]);

    // The input/output screen (a route of its own) follows the board live. Its row is at the bottom of a
    // scrolled panel; the new screen starts at its top (the shell's ScreenScroll).
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await page.getByTestId('open-fridge-io').click();
    await page.waitForURL(new RegExp(`/refrigerator-combi-input-output/${id('fridge')}$`));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    const io = page.getByTestId('screen-fridge-io').getByTestId('fridge-io');
    await report('fridge', { compressor: 0, fridge_door: 1 });
    await expect
      .poll(() => io.getByTestId('io-compressor').locator('[data-on]').getAttribute('data-on'))
      .toBe('false');
    await report('fridge', { compressor: 1, evaporator_temperature: -23.5 });
    await expect
      .poll(() => io.getByTestId('io-compressor').locator('[data-on]').getAttribute('data-on'))
      .toBe('true');
    await expect.poll(() => io.getByTestId('io-evaporator_temperature').textContent()).toContain('-23.5 °C');
    await shot(page, 'fridge-io-en', false);
    await page.getByTestId('back').click();
    await page.getByTestId('fridge-panel').waitFor();

    // A fault: the banner and the error screen say it in the catalogue's words.
    await raise('fridge', 'fridge.compressor');
    await page.getByTestId('control-fault').waitFor({ timeout: 5000 });
    expect(await shown(page, 'control-fault-message')).toBe(text('fridge.compressor'));
    await page.getByTestId('open-fridge-errors').click();
    await page.waitForURL(new RegExp(`/refrigerator-combi-error/${id('fridge')}$`));
    const errors = page.getByTestId('screen-fridge-errors').getByTestId('fridge-errors');
    expect(await errors.getByTestId('fridge-error-now').getAttribute('data-code')).toBe('fridge.compressor');
    expect(await errors.getByTestId('fridge-error-fridge.compressor').getAttribute('data-active')).toBe(
      'true',
    );
    await errors.getByTestId('fridge-error-fridge.F4').waitFor();
    await shot(page, 'fridge-errors-en', false);
    // Opened directly (a link, a restored session), back still leads to the refrigerator's panel.
    await page.goto(page.url());
    await errors.getByTestId('fridge-error-now').waitFor();
    await page.getByTestId('back').click();
    await page.getByTestId('fridge-panel').waitFor();
    expect(page.url()).toContain(`/freezer-refrigerator/${id('fridge')}`);
    await clear('fridge');
    await page.getByTestId('control-fault').waitFor({ state: 'hidden', timeout: 5000 });
    await context.close();

    // Persian, right to left, dark, Persian digits; the rule's refusal in Persian.
    const fa = await stack.newContext('fa');
    const faPage = await fa.newPage();
    await logIn(faPage);
    await open(faPage, 'fridge');
    await expect.poll(() => plain(faPage, 'pick-freezer_setpoint-value')).toMatch(/۲۰/);
    await faPage.getByTestId('toggle-economic').click();
    await faPage.getByText(text('rule.disable_fast_freeze_eco', 'fa')).first().waitFor({ timeout: 5000 });
    await shot(faPage, 'fridge-fa');
    expect(await axeViolations(faPage, 'refrigerator, fa dark')).toEqual([]);
    await faPage.getByTestId('open-fridge-io').click();
    await expect.poll(() => faPage.getByTestId('io-evaporator_temperature').textContent()).toMatch(/۲۳٫۵/);
    await shot(faPage, 'fridge-io-fa', false);
    await faPage.getByTestId('back').click();
    await faPage.getByTestId('open-fridge-errors').click();
    await faPage.getByTestId('fridge-error-fridge.F4').waitFor();
    await shot(faPage, 'fridge-errors-fa', false);
    await fa.close();
  }, 90_000);

  it('a view-only share sees the compartments and flags, and no controls', async () => {
    const email = `fridge-viewer-${Date.now()}@hestia.local`;
    const viewer = await stack.signUp(email, GUEST_PASSWORD, 'Guest');
    const share = await api.call('createShare', { params: { id: id('fridge') }, body: { scope: 'view' } });
    await viewer.call('finalizeShare', { params: { shareToken: share.token } });

    const context = await stack.newContext('en');
    const page = await context.newPage();
    await logIn(page, email, GUEST_PASSWORD);
    await open(page, 'fridge', false);
    await page.getByTestId('control-view-only').waitFor();
    expect(await page.locator('[role="switch"]').count()).toBe(0);
    expect(await page.getByTestId('pick-fridge_setpoint').evaluate((el) => el.tagName)).toBe('DIV');
    // The state still follows the device.
    await api.write(id('fridge'), [{ Key: 'fridge_setpoint', Value: 6 }]);
    await expect.poll(() => plain(page, 'pick-fridge_setpoint-value'), { timeout: 5000 }).toBe('6 °C');
    await expect
      .poll(() => page.getByTestId('value-mute').getAttribute('data-on'))
      .toBe(String(simNum('fridge', 'mute') === 1));
    await shot(page, 'fridge-view-only-en');
    await context.close();
  }, 60_000);
});
