import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations } from '../axe.ts';
import { api, device, id, sim, stack, useControlStack } from '../control.ts';
import { report } from '../control-by-route.ts';
import { clear, logIn, open, raise, shot, shown, simNum } from '../control-from-dashboard.ts';
import { catalogText as message, pickMode } from '../control-water.ts';

/**
 * Issue 19, water: the boiler's control screen against a simulated boiler. Every control changes the
 * simulated device; the live diagram follows what the boiler reports.
 */
useControlStack({ boiler: ['boiler-combi-32', 'Basement boiler'] });

const GUEST_PASSWORD = 'Guest-Pass1';
const part = (page: Page, name: string) => page.getByTestId(`part-${name}`).getAttribute('data-on');
const route = (page: Page) => page.getByTestId('boiler-diagram').getAttribute('data-route');
const activity = (page: Page) => page.getByTestId('boiler-diagram').getAttribute('data-activity');

describe('control screens: boiler (phone, Chromium)', () => {
  it('boiler: modes drive the live diagram, setpoints inside the reported limits, a fault and its reset', async () => {
    const context = await stack.newContext('en');
    const page = await context.newPage();
    await logIn(page);
    await open(page, 'boiler');
    await expect.poll(() => route(page)).toBe('idle');
    expect(await part(page, 'flame')).toBe('false');

    // Winter: heating and hot water; the flame, fan, gas valve and pump come on.
    await pickMode(page, 'open-system-mode', 1);
    expect(simNum('boiler', 'system_mode')).toBe(1);
    await expect.poll(() => route(page), { timeout: 5000 }).toBe('heating');
    for (const p of ['flame', 'fan', 'gas_valve', 'pump', 'air_pressure'])
      await expect.poll(() => part(page, p), { timeout: 5000 }).toBe('true');
    expect(await part(page, 'three_way_valve')).toBe('false');

    // Setpoints: the heating one inside the limits the boiler reports.
    await page.getByTestId('slider-ch_setpoint').fill('65');
    await expect.poll(() => simNum('boiler', 'ch_setpoint'), { timeout: 5000 }).toBe(65);
    await report('boiler', { ch_temperature_max: 70 });
    await expect
      .poll(() => page.getByTestId('slider-ch_setpoint').getAttribute('max'), { timeout: 5000 })
      .toBe('70');
    await page.getByTestId('slider-ch_setpoint').fill('75');
    await expect.poll(() => simNum('boiler', 'ch_setpoint'), { timeout: 5000 }).toBe(70);
    await page.getByTestId('slider-dhw_setpoint').fill('55');
    await expect.poll(() => simNum('boiler', 'dhw_setpoint'), { timeout: 5000 }).toBe(55);
    await shot(page, 'boiler-heating-en');
    expect(await axeViolations(page, 'boiler')).toEqual([]);

    // Summer: hot water only; the three-way valve turns to the taps and the water flows.
    await pickMode(page, 'open-system-mode', 2);
    await expect.poll(() => route(page), { timeout: 5000 }).toBe('hot_water');
    expect(await part(page, 'three_way_valve')).toBe('true');
    expect(await part(page, 'water_flow')).toBe('true');
    // A flag the boiler reports by itself shows at once (the ignitor sparks).
    await report('boiler', { ignitor_status: 1, water_pressure_switch: 0 });
    await expect.poll(() => part(page, 'ignitor'), { timeout: 5000 }).toBe('true');
    await expect.poll(() => part(page, 'water_pressure'), { timeout: 5000 }).toBe('false');
    await report('boiler', { ignitor_status: 0, water_pressure_switch: 1 });

    // A fault: the catalogue's text in the banner and the fault list; the burner locks out.
    await raise('boiler', 'boiler.E4');
    await page.getByTestId('control-fault').waitFor({ timeout: 5000 });
    expect(await shown(page, 'control-fault-message')).toBe(message('boiler.E4'));
    expect(await shown(page, 'boiler-fault-E4')).toBe(message('boiler.E4'));
    await expect.poll(() => part(page, 'flame'), { timeout: 5000 }).toBe('false');
    expect(await activity(page)).toBe('fault');
    await shot(page, 'boiler-fault-en');
    // Reset error reaches the boiler, which clears the fault and burns again.
    await page.getByTestId('button-reset_error').click();
    await expect.poll(() => sim('boiler', 'error_code'), { timeout: 5000 }).toBe('');
    await page.getByTestId('control-fault').waitFor({ state: 'hidden', timeout: 5000 });
    await page.getByTestId('boiler-no-faults').waitFor();
    await expect.poll(() => part(page, 'flame'), { timeout: 5000 }).toBe('true');
    expect(await activity(page)).toBe('hot_water');
    // Reset to manual is a request the boiler only acknowledges: it reaches the device.
    let manual = 0;
    device('boiler').client.on('message', (_topic, payload) => {
      if (payload.toString().includes('reset_to_manual')) manual++;
    });
    await page.getByTestId('button-reset_to_manual').click();
    await expect.poll(() => manual, { timeout: 5000 }).toBe(1);
    await context.close();
  }, 90_000);

  it('boiler in Persian, right to left and dark: the diagram and a fault in Persian', async () => {
    const fa = await stack.newContext('fa');
    const faPage = await fa.newPage();
    await logIn(faPage);
    await open(faPage, 'boiler');
    await pickMode(faPage, 'open-system-mode', 1);
    await expect.poll(() => route(faPage), { timeout: 5000 }).toBe('heating');
    await raise('boiler', 'boiler.E1');
    await faPage.getByText(message('boiler.E1', 'fa')).first().waitFor({ timeout: 5000 });
    await expect.poll(() => activity(faPage), { timeout: 5000 }).toBe('fault');
    expect(await shown(faPage, 'tile-ch_temperature')).toMatch(/^[۰-۹]/);
    await shot(faPage, 'boiler-fa');
    expect(await axeViolations(faPage, 'boiler, fa dark')).toEqual([]);
    await clear('boiler');
    await fa.close();
  }, 90_000);

  it('a view-only share of the boiler sees the live diagram and no controls', async () => {
    const email = `boiler-viewer-${Date.now()}@hestia.local`;
    const viewer = await stack.signUp(email, GUEST_PASSWORD, 'Guest');
    const share = await api.call('createShare', { params: { id: id('boiler') }, body: { scope: 'view' } });
    await viewer.call('finalizeShare', { params: { shareToken: share.token } });

    const context = await stack.newContext('en');
    const page = await context.newPage();
    await logIn(page, email, GUEST_PASSWORD);
    await open(page, 'boiler', false);
    await page.getByTestId('control-view-only').waitFor();
    expect(await page.locator('input').count()).toBe(0);
    expect(await page.getByTestId('button-reset_error').count()).toBe(0);
    expect(await page.getByTestId('open-system-mode').evaluate((el) => el.tagName)).toBe('DIV');
    // The diagram still follows the boiler.
    await api.write(id('boiler'), [{ Key: 'system_mode', Value: 0 }]);
    await expect.poll(() => route(page), { timeout: 5000 }).toBe('idle');
    await api.write(id('boiler'), [{ Key: 'system_mode', Value: 1 }]);
    await expect.poll(() => route(page), { timeout: 5000 }).toBe('heating');
    await shot(page, 'boiler-view-only-en');
    await context.close();
  }, 60_000);
});
