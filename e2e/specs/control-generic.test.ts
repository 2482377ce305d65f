import { describe, expect, it } from 'vitest';
import { sim, stack, useControlStack } from '../control.ts';
import { logIn, openControl, report, shot } from '../control-by-route.ts';

/**
 * A family with no bespoke panel (a room thermostat) is operated through the generic renderer built
 * from the catalogue: a toggle, a choice, sliders, a live reading and an indicator, each checked on
 * the simulated device itself, in English and in Persian (right to left, Persian digits).
 */
useControlStack({ thermostat: ['room-thermostat-wall', 'Bedroom thermostat'] });

const shown = (page: import('playwright-core').Page, testId: string) =>
  page.getByTestId(testId).first().textContent();

describe('the generic control renderer', () => {
  it('operates a room thermostat: power, season, setpoint; readings follow the device', async () => {
    const context = await stack.newContext('en');
    const page = await logIn(context);
    await openControl(page, 'thermostat');
    await page.getByTestId('generic-panel').waitFor();

    const power = sim('thermostat', 'power');
    await page.getByTestId('toggle-power').click();
    await expect.poll(() => sim('thermostat', 'power'), { timeout: 10_000 }).toBe(power === 1 ? 0 : 1);

    const season = sim('thermostat', 'summer_winter') === 1 ? 0 : 1;
    await page.getByTestId('select-summer_winter').locator(`[data-value="${season}"]`).click();
    await expect.poll(() => sim('thermostat', 'summer_winter'), { timeout: 10_000 }).toBe(season);

    await page.getByTestId('slider-temperature_setpoint').fill('24.5');
    await expect.poll(() => sim('thermostat', 'temperature_setpoint'), { timeout: 10_000 }).toBe(24.5);
    await expect.poll(() => shown(page, 'value-temperature_setpoint')).toBe('24.5 °C');

    // A reading the device reports itself shows as it arrives.
    await report('thermostat', { temperature: 19.5 });
    await expect.poll(() => shown(page, 'value-temperature'), { timeout: 10_000 }).toBe('19.5 °C');
    await shot(page, 'generic-thermostat-en');
    await context.close();
  }, 120_000);

  it('reads right to left in Persian, with Persian digits, and still writes to the device', async () => {
    const context = await stack.newContext('fa');
    const page = await logIn(context);
    await openControl(page, 'thermostat');
    await page.getByTestId('generic-panel').waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');

    await page.getByTestId('slider-temperature_setpoint').fill('21');
    await expect.poll(() => sim('thermostat', 'temperature_setpoint'), { timeout: 10_000 }).toBe(21);
    await expect.poll(() => shown(page, 'value-temperature_setpoint')).toMatch(/^۲۱/);
    await report('thermostat', { temperature: 18 });
    await expect.poll(() => shown(page, 'value-temperature'), { timeout: 10_000 }).toMatch(/^۱۸/);
    await shot(page, 'generic-thermostat-fa');
    await context.close();
  }, 120_000);
});
