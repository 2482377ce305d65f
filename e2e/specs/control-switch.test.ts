import { describe, expect, it } from 'vitest';
import { api, id, stack, useControlStack } from '../control.ts';
import { clear, logIn, open, pressed, raise, shot, shown, simNum } from '../control-from-dashboard.ts';

/**
 * Issue 7, part A: the control screens of switches against simulated devices.
 * Every control changes the simulated device; the screen follows what the device reports.
 */
useControlStack({
  'switch-six-pole': ['switch-six-pole', 'Hall six keys'],
  'relay-6ch-din': ['relay-6ch-din', 'Garden relays'],
});

describe('control screens: switches (phone, Chromium)', () => {
  it('switches: every key, master power and beep drive the device; live changes, a fault, en and fa', async () => {
    const context = await stack.newContext('en');
    const page = await context.newPage();
    await logIn(page);

    // Two-pole switch from the demo home.
    await open(page, 'switch-two-pole');
    expect(await shown(page, 'control-device-name')).toBe('Living room lights');
    expect(await shown(page, 'control-room')).toBe('Living room');
    for (const key of ['relay_1', 'relay_2']) {
      const before = simNum('switch-two-pole', key);
      await page.getByTestId(`key-${key}`).click();
      await expect.poll(() => simNum('switch-two-pole', key), { timeout: 5000 }).toBe(before === 1 ? 0 : 1);
      await expect.poll(() => pressed(page, `key-${key}`)).toBe(before === 1 ? 'false' : 'true');
    }
    // Master power: any relay on → all off; then all on.
    const anyOn = simNum('switch-two-pole', 'relay_1') === 1 || simNum('switch-two-pole', 'relay_2') === 1;
    await page.getByTestId('master-power').click();
    const all = anyOn ? 0 : 1;
    await expect
      .poll(() => [simNum('switch-two-pole', 'relay_1'), simNum('switch-two-pole', 'relay_2')], {
        timeout: 5000,
      })
      .toEqual([all, all]);
    await page.getByTestId('master-power').click();
    await expect
      .poll(() => [simNum('switch-two-pole', 'relay_1'), simNum('switch-two-pole', 'relay_2')], {
        timeout: 5000,
      })
      .toEqual([1 - all, 1 - all]);
    // Beep, from the catalogue's remaining settings.
    const beep = simNum('switch-two-pole', 'beep_status');
    await page.getByTestId('toggle-beep_status').click();
    await expect
      .poll(() => simNum('switch-two-pole', 'beep_status'), { timeout: 5000 })
      .toBe(beep === 1 ? 0 : 1);
    // A change made elsewhere reaches the screen through live data alone.
    await api.write(id('switch-two-pole'), [{ Key: 'relay_2', Value: 0 }]);
    await expect.poll(() => pressed(page, 'key-relay_2'), { timeout: 5000 }).toBe('false');
    await api.write(id('switch-two-pole'), [{ Key: 'relay_2', Value: 1 }]);
    await expect.poll(() => pressed(page, 'key-relay_2'), { timeout: 5000 }).toBe('true');
    await shot(page, 'switch-two-pole-en');

    // Six-pole switch added to the home: six keys.
    await open(page, 'switch-six-pole');
    for (let n = 1; n <= 6; n++) {
      const key = `relay_${n}`;
      const before = simNum('switch-six-pole', key);
      await page.getByTestId(`key-${key}`).click();
      await expect.poll(() => simNum('switch-six-pole', key), { timeout: 5000 }).toBe(before === 1 ? 0 : 1);
      await expect.poll(() => pressed(page, `key-${key}`)).toBe(before === 1 ? 'false' : 'true');
    }
    await page.getByTestId('master-power').click();
    await expect
      .poll(() => [1, 2, 3, 4, 5, 6].map((n) => simNum('switch-six-pole', `relay_${n}`)), { timeout: 5000 })
      .toEqual([0, 0, 0, 0, 0, 0]);
    await expect.poll(() => shown(page, 'master-summary')).toBe('All off');
    await shot(page, 'switch-six-pole-en');

    // A relay module with a fault: the catalogue's message, check again, contact support; cleared live.
    await open(page, 'relay-6ch-din');
    await page.getByTestId('select-relay_memory_mode_1').locator('[data-value="0"]').click();
    await expect.poll(() => simNum('relay-6ch-din', 'relay_memory_mode_1'), { timeout: 5000 }).toBe(0);
    await raise('relay-6ch-din', 'device.relay_board');
    await expect
      .poll(() => shown(page, 'control-fault-message'), { timeout: 5000 })
      .toBe('Communication error with the relay board, check the connection.');
    await page.getByTestId('control-fault-retry').click();
    await page.getByText('The device still reports this error.').waitFor();
    await page.getByTestId('control-fault-support').click();
    await page.getByTestId('control-support').getByText('device.relay_board (RB)').waitFor();
    await shot(page, 'switch-fault-en', false);
    await page.keyboard.press('Escape');
    await clear('relay-6ch-din');
    await expect.poll(() => page.getByTestId('control-fault').count(), { timeout: 5000 }).toBe(0);

    // The gear and the chart lead to the device's settings and reports.
    await page.getByTestId('control-settings').click();
    await page.getByTestId('screen-device-setting').waitFor();
    await page.goBack();
    await page.getByTestId('control-reports').click();
    await expect.poll(() => page.url()).toContain(`/device-reports/${id('relay-6ch-din')}`);
    await page.goBack();
    await page.getByTestId('screen-control').waitFor();
    await context.close();

    // Persian, dark, right to left.
    const fa = await stack.newContext('fa');
    const faPage = await fa.newPage();
    await logIn(faPage);
    await open(faPage, 'switch-six-pole');
    expect(await faPage.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await faPage.getByTestId('key-relay_3').click();
    await expect.poll(() => simNum('switch-six-pole', 'relay_3'), { timeout: 5000 }).toBe(1);
    await shot(faPage, 'switch-six-pole-fa');
    await fa.close();
  }, 120_000);
});
