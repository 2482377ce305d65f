import { describe, expect, it } from 'vitest';
import { axeViolations } from '../axe.ts';
import { stack, useControlStack } from '../control.ts';
import { clear, logIn, open, raise, shot, shown, simNum } from '../control-from-dashboard.ts';
import { catalogText as message, pickMode } from '../control-water.ts';

/** Issue 19, water: the water heater's control screen against a simulated heater. */
useControlStack({ heater: ['water-heater-artel-80l', 'Bathroom heater'] });

describe('control screens: water heater (phone, Chromium)', () => {
  it('water heater: power, mode, submode, setpoint; no water stops the element', async () => {
    const context = await stack.newContext('en');
    const page = await context.newPage();
    await logIn(page);
    await open(page, 'heater');
    await page.getByTestId('heater-power').click();
    await expect.poll(() => simNum('heater', 'system_mode'), { timeout: 5000 }).toBe(1);
    await expect
      .poll(() => page.getByTestId('value-output_status').getAttribute('data-on'), { timeout: 5000 })
      .toBe('true');
    await pickMode(page, 'open-system-mode', 2);
    expect(simNum('heater', 'system_mode')).toBe(2);
    await pickMode(page, 'open-system-submode', 1);
    expect(simNum('heater', 'system_submode')).toBe(1);
    await page.getByTestId('slider-setpoint').fill('65');
    await expect.poll(() => simNum('heater', 'setpoint'), { timeout: 5000 }).toBe(65);

    await raise('heater', 'water.none');
    await page.getByTestId('control-fault').waitFor({ timeout: 5000 });
    expect(await shown(page, 'control-fault-message')).toBe(message('water.none'));
    await expect
      .poll(() => page.getByTestId('value-no_water_error').getAttribute('data-on'), { timeout: 5000 })
      .toBe('true');
    expect(await page.getByTestId('value-output_status').getAttribute('data-on')).toBe('false');
    await shot(page, 'water-heater-fault-en');
    expect(await axeViolations(page, 'water heater')).toEqual([]);
    await clear('heater');
    await page.getByTestId('control-fault').waitFor({ state: 'hidden', timeout: 5000 });
    await context.close();

    // Persian, right to left, dark, Persian digits.
    const fa = await stack.newContext('fa');
    const faPage = await fa.newPage();
    await logIn(faPage);
    await open(faPage, 'heater');
    await expect.poll(() => shown(faPage, 'value-setpoint')).toMatch(/^۶۵/);
    await shot(faPage, 'water-heater-fa');
    await fa.close();
  }, 90_000);
  it('reads in Arabic on a desktop and in Turkish in the dark, modes named, never a bare number', async () => {
    for (const [lang, options] of [
      ['ar', { viewport: { width: 1280, height: 800 }, colorScheme: 'light' }],
      ['tr', { colorScheme: 'dark' }],
    ] as const) {
      const context = await stack.newContext(lang, options);
      const page = await context.newPage();
      await logIn(page);
      await open(page, 'heater');
      expect(await page.evaluate(() => document.documentElement.dir)).toBe(lang === 'ar' ? 'rtl' : 'ltr');
      for (const row of ['open-system-mode-value', 'open-system-submode-value'])
        expect(await shown(page, row)).toMatch(/\p{L}/u);
      await shot(page, `water-heater-${lang}`);
      await context.close();
    }
  }, 60_000);
});
