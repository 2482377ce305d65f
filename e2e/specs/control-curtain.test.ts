import { describe, expect, it } from 'vitest';
import { api, id, stack, useControlStack } from '../control.ts';
import { clear, logIn, open, raise, shot, shown, simNum } from '../control-from-dashboard.ts';

/**
 * Issue 7, part A: the control screens of curtains against simulated devices.
 * Every control changes the simulated device; the screen follows what the device reports.
 */
useControlStack({ 'curtain-six-relay': ['curtain-six-relay', 'Bedroom curtains'] });

describe('control screens: curtains (phone, Chromium)', () => {
  it('curtains: open, pause, close, position, three named curtains, the reconfiguration wizard; fault; offline', async () => {
    const context = await stack.newContext('en');
    const page = await context.newPage();
    await logIn(page);

    // Single curtain: the position follows the motor as it travels.
    await open(page, 'curtain-single');
    await page.getByTestId('curtain-open-1').click();
    await expect
      .poll(() => simNum('curtain-single', 'curtain_percentage'), { timeout: 3000 })
      .toBeGreaterThan(0);
    await page.getByTestId('curtain-pause-1').click();
    const paused = simNum('curtain-single', 'curtain_percentage');
    expect(paused).toBeLessThan(100);
    await page.waitForTimeout(800);
    expect(Math.abs(simNum('curtain-single', 'curtain_percentage') - paused)).toBeLessThan(15);
    await expect
      .poll(
        async () => Number(await page.getByTestId('value-curtain_percentage').getAttribute('data-value')),
        { timeout: 5000 },
      )
      .toBe(Math.round(simNum('curtain-single', 'curtain_percentage')));
    await page.getByTestId('slider-positionsetpoint').fill('60');
    await expect
      .poll(() => Math.round(simNum('curtain-single', 'curtain_percentage')), { timeout: 8000 })
      .toBe(60);
    await expect
      .poll(() => page.getByTestId('value-curtain_percentage').getAttribute('data-value'), { timeout: 5000 })
      .toBe('60');
    await page.getByTestId('curtain-close-1').click();
    await expect.poll(() => simNum('curtain-single', 'curtain_percentage'), { timeout: 8000 }).toBe(0);
    await expect.poll(() => shown(page, 'curtain-state-1'), { timeout: 5000 }).toBe('Closed');
    await shot(page, 'curtain-single-en');

    // Six-relay curtain: three curtains with their names.
    await open(page, 'curtain-six-relay');
    await api.write(id('curtain-six-relay'), [{ Key: 'curtain_name2', Value: 'Balcony' }]);
    await expect.poll(() => shown(page, 'curtain-name-2'), { timeout: 5000 }).toBe('Balcony');
    await page.getByTestId('curtain-open-1').click();
    await expect.poll(() => simNum('curtain-six-relay', 'position_1'), { timeout: 8000 }).toBe(100);
    await expect
      .poll(() => page.getByTestId('value-position_1').getAttribute('data-value'), { timeout: 5000 })
      .toBe('100');
    await page.getByTestId('curtain-2').getByTestId('slider-positionsetpoint_2').fill('30');
    await expect
      .poll(() => Math.round(simNum('curtain-six-relay', 'position_2')), { timeout: 8000 })
      .toBe(30);
    await page.getByTestId('curtain-close-1').click();
    await expect.poll(() => simNum('curtain-six-relay', 'position_1'), { timeout: 8000 }).toBe(0);
    // Curtain 3 taken out of use: the device stores it and its card goes.
    await page.getByTestId('toggle-curtain_enable_3').click();
    await expect.poll(() => simNum('curtain-six-relay', 'curtain_enable_3'), { timeout: 5000 }).toBe(0);
    await expect.poll(() => page.getByTestId('curtain-3').count(), { timeout: 5000 }).toBe(0);
    await page.getByTestId('toggle-curtain_enable_3').click();
    await page.getByTestId('curtain-3').waitFor({ timeout: 5000 });
    await shot(page, 'curtain-six-relay-en');

    // The reconfiguration wizard: open, stop, close, stop, success.
    await page.getByTestId('open-curtain-wizard').click();
    await page.getByTestId('wizard-start').click();
    await expect.poll(() => simNum('curtain-six-relay', 'config_request'), { timeout: 5000 }).toBe(1);
    await expect
      .poll(() => page.getByTestId('wizard-step-2').getAttribute('data-state'), { timeout: 10_000 })
      .toBe('current');
    await shot(page, 'curtain-wizard-en', false);
    await expect
      .poll(() => page.getByTestId('wizard-phase').getAttribute('data-phase'), { timeout: 20_000 })
      .toBe('success');
    await shot(page, 'curtain-wizard-success-en', false);
    await page.getByTestId('wizard-done').click();

    // A fault: the curtain is not connected. The wizard then fails and offers a retry.
    await raise('curtain-six-relay', 'device.curtain_not_connected');
    await expect
      .poll(() => shown(page, 'control-fault-message'), { timeout: 5000 })
      .toBe('Curtain not connected; curtain configuration failed, try again.');
    await page.getByTestId('open-curtain-wizard').click();
    await page.getByTestId('wizard-start').click();
    await expect
      .poll(() => page.getByTestId('wizard-phase').getAttribute('data-phase'), { timeout: 10_000 })
      .toBe('failure');
    await page.getByTestId('wizard-retry').waitFor();
    await shot(page, 'curtain-wizard-failure-en', false);
    await page.keyboard.press('Escape');
    await clear('curtain-six-relay');
    await expect.poll(() => page.getByTestId('control-fault').count(), { timeout: 5000 }).toBe(0);
    await context.close();

    // Persian, dark.
    const fa = await stack.newContext('fa');
    const faPage = await fa.newPage();
    await logIn(faPage);
    await open(faPage, 'curtain-six-relay');
    await faPage.getByTestId('curtain-open-2').click();
    await expect.poll(() => simNum('curtain-six-relay', 'position_2'), { timeout: 8000 }).toBe(100);
    await shot(faPage, 'curtain-six-relay-fa');

    // Offline: the device drops off the broker; its controls are disabled with the spec's message.
    await open(faPage, 'curtain-single');
    await stack.fleet.devices.get(id('curtain-single'))?.client.endAsync(true);
    await expect
      .poll(() => faPage.getByTestId('control-notice').getAttribute('data-reason'), { timeout: 8000 })
      .toBe('offline');
    expect(await faPage.getByTestId('curtain-open-1').isDisabled()).toBe(true);
    expect(await faPage.getByTestId('slider-positionsetpoint').isDisabled()).toBe(true);
    await shot(faPage, 'curtain-offline-fa');
    await fa.close();
  }, 150_000);
});
