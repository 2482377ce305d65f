import { describe, expect, it } from 'vitest';
import { sim, stack, useControlStack } from '../control.ts';
import { logIn, openControl, report, shot } from '../control-by-route.ts';

/**
 * The generic renderer built from the catalogue (GenericFields): every family has its own panel now
 * (the IR blaster's is its remote list since issue 23, remotes.test.ts), and each panel hands the
 * keys it does not draw itself to the generic renderer. Here a glass switch's: a toggle (beep), a
 * slider (key light intensity) and a live reading (temperature), each checked on the simulated
 * device itself, in English and in Persian (right to left, Persian digits). The generic choice
 * (select) is driven inside the plug panel (control-plug.test.ts, summer_winter).
 */
useControlStack({ glass: ['switch-one-pole-glass', 'Hall glass switch'] });

const shown = (page: import('playwright-core').Page, testId: string) =>
  page.getByTestId(testId).first().textContent();

describe('the generic control renderer', () => {
  it("operates a switch's other keys: a toggle, a slider, and a reading that follows the device", async () => {
    const context = await stack.newContext('en');
    const page = await logIn(context);
    await openControl(page, 'glass');
    await page.getByTestId('toggle-beep_status').waitFor();

    const beep = sim('glass', 'beep_status');
    await page.getByTestId('toggle-beep_status').click();
    await expect.poll(() => sim('glass', 'beep_status'), { timeout: 10_000 }).toBe(beep === 1 ? 0 : 1);

    await page.getByTestId('slider-keys_light_intensity_h').fill('70');
    await expect.poll(() => sim('glass', 'keys_light_intensity_h'), { timeout: 10_000 }).toBe(70);
    await expect.poll(() => shown(page, 'value-keys_light_intensity_h')).toMatch(/^70/);

    // A reading the device reports itself shows as it arrives.
    await report('glass', { temperature: 23.5 });
    await expect.poll(() => shown(page, 'value-temperature'), { timeout: 10_000 }).toMatch(/23\.5/);
    await shot(page, 'generic-fields-en');
    await context.close();
  }, 120_000);

  it('reads right to left in Persian, with Persian digits, and still writes to the device', async () => {
    const context = await stack.newContext('fa');
    const page = await logIn(context);
    await openControl(page, 'glass');
    await page.getByTestId('slider-keys_light_intensity_h').waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');

    await page.getByTestId('slider-keys_light_intensity_h').fill('21');
    await expect.poll(() => sim('glass', 'keys_light_intensity_h'), { timeout: 10_000 }).toBe(21);
    await expect.poll(() => shown(page, 'value-keys_light_intensity_h')).toMatch(/^۲۱/);
    await shot(page, 'generic-fields-fa');
    await context.close();
  }, 120_000);
});
