import { getError } from '@hestia/catalog';
import { describe, expect, it } from 'vitest';
import { axeViolations } from '../axe.ts';
import { api, id, sim, stack, useControlStack } from '../control.ts';
import { faultShows, logIn, openControl, report, shot } from '../control-by-route.ts';

/**
 * Issue 19, climate: the generator (electro-gen) and external-module panels against simulated devices
 * over MQTT in Chromium: start, automatic start and the generator timer with its rule (refused on the
 * screen and by the device), live fuel and inputs, outputs, faults with their catalogue text,
 * Persian, and a view-only share.
 */
useControlStack({
  generator: ['generator-5kva', 'Backup generator'],
  module: ['external-module-4in-2out', 'Gate module'],
});

describe('climate: generator and external module', () => {
  it('generator: start, live fuel, automatic start refuses the timer, the timer runs; a fault', async () => {
    const context = await stack.newContext('en');
    const page = await logIn(context);
    await openControl(page, 'generator');
    await page.getByTestId('generator-panel').waitFor();
    await page.getByTestId('power-onoff').click();
    await expect.poll(() => sim('generator', 'onoff'), { timeout: 10_000 }).toBe(1);
    await expect
      .poll(() => page.getByTestId('power-onoff-state').textContent(), { timeout: 10_000 })
      .toBe('On · Output live');
    // Running, it reports its output voltage (0 V while stopped).
    await expect
      .poll(() => page.getByTestId('value-voltage').textContent(), { timeout: 10_000 })
      .toBe('230 V');
    await report('generator', { fuel_level: 12 });
    await page.getByTestId('fuel-low').waitFor({ timeout: 10_000 });
    expect(await page.getByTestId('value-fuel_level').textContent()).toBe('12 %');
    expect(await axeViolations(page, 'generator en')).toEqual([]);

    await page.getByTestId('toggle-auto_start').click();
    await expect.poll(() => sim('generator', 'auto_start'), { timeout: 10_000 }).toBe(1);
    await page.getByTestId('timer-timer').click();
    await page.getByTestId('timer-timer-start').click();
    await page
      .getByText(getError('rule.timer_off_or_auto')?.messages.en as string)
      .first()
      .waitFor({ timeout: 5000 });
    await page.getByTestId('timer-timer-picker').getByRole('button', { name: 'Close' }).click();
    await page.getByTestId('timer-timer-picker').waitFor({ state: 'hidden' });
    await expect(api.write(id('generator'), [{ Key: 'timer', Value: 45 }])).rejects.toThrow();
    expect(sim('generator', 'timer')).toBe(0);

    await page.getByTestId('toggle-auto_start').click();
    await expect.poll(() => sim('generator', 'auto_start'), { timeout: 10_000 }).toBe(0);
    await page.getByTestId('timer-timer').click();
    await page.getByTestId('timer-timer-minutes').fill('45');
    await page.getByTestId('timer-timer-minutes').press('Tab');
    await page.getByTestId('timer-timer-start').click();
    await expect.poll(() => sim('generator', 'timer'), { timeout: 10_000 }).toBe(45);
    await expect.poll(() => page.getByTestId('timer-timer-value').textContent()).toBe('45 min left');
    await shot(page, 'climate-generator-en');
    await faultShows(page, 'generator', 'motor.P8');
    await context.close();
  }, 60_000);

  it('external module in Persian: inputs follow the device, outputs switch; a fault', async () => {
    const context = await stack.newContext('fa');
    const page = await logIn(context);
    await openControl(page, 'module');
    await page.getByTestId('external-module-panel').waitFor();
    await report('module', { input_3: 1, input_1: 0 });
    await expect
      .poll(() => page.getByTestId('input-input_3').getAttribute('data-state'), { timeout: 10_000 })
      .toBe('1');
    expect(await page.getByTestId('input-input_3').textContent()).toBe('ورودی ۳فعال');
    await report('module', { input_3: 0 });
    await expect
      .poll(() => page.getByTestId('input-input_3').getAttribute('data-state'), { timeout: 10_000 })
      .toBe('0');
    const relay = sim('module', 'relay_2');
    await page.getByTestId('toggle-relay_2').click();
    await expect.poll(() => sim('module', 'relay_2'), { timeout: 10_000 }).toBe(relay === 1 ? 0 : 1);
    await shot(page, 'climate-external-module-fa');
    expect(await axeViolations(page, 'external module fa')).toEqual([]);
    await faultShows(page, 'module', 'device.relay_board', 'fa');
    // Offline: the module drops off the broker; its outputs are disabled with the spec's message.
    await stack.fleet.devices.get(id('module'))?.client.endAsync(true);
    await expect
      .poll(() => page.getByTestId('control-notice').getAttribute('data-reason'), { timeout: 10_000 })
      .toBe('offline');
    expect(await page.getByTestId('toggle-relay_2').isDisabled()).toBe(true);
    await shot(page, 'climate-external-module-offline-fa');
    await context.close();
  }, 60_000);

  it('a view-only share sees the generator and no controls', async () => {
    const email = `gen-viewer-${Date.now()}@hestia.local`;
    const password = 'Viewer-Pass1';
    const viewer = await stack.signUp(email, password, 'Viewer');
    const share = await api.call('createShare', { params: { id: id('generator') }, body: { scope: 'view' } });
    await viewer.call('finalizeShare', { params: { shareToken: share.token } });
    const context = await stack.newContext('en');
    const page = await context.newPage();
    await stack.logIn(page, { email, password });
    await page.goto(`${stack.server.url}/bottom-tab-bar-navigator/electro-gen/${id('generator')}`);
    await page.getByTestId('generator-panel').waitFor();
    await page.getByTestId('control-view-only').waitFor();
    expect(await page.getByTestId('power-onoff').isDisabled()).toBe(true);
    expect(await page.locator('[role="switch"]').count()).toBe(0);
    expect(await page.getByTestId('timer-timer').evaluate((el) => el.tagName)).toBe('DIV');
    await expect.poll(() => page.getByTestId('timer-timer-value').textContent()).toMatch(/min left$/);
    await shot(page, 'climate-generator-view-only-en');
    await context.close();
  }, 60_000);
});
