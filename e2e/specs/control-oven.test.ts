import { errorMessage } from '@hestia/catalog';
import { describe, expect, it } from 'vitest';
import { stack, useControlStack } from '../control.ts';
import { clear, logIn, open, raise, shot, simNum } from '../control-from-dashboard.ts';
import { door, pick, recordPhases, refused, speed } from '../kitchen.ts';

/**
 * Issue 19, kitchen: the oven screen against a simulated oven whose clock the test speeds up, so a
 * whole cooking run (preheating → cooking → done) takes seconds; the catalogue's rules (grill mode's
 * fixed temperature, time caps by temperature, door open, sensor fault, no change while cooking)
 * refuse on the screen; a fault shows its catalogue text; the Persian screens.
 */
useControlStack({
  oven: ['oven-built-in-generic-90cm', 'Kitchen oven'],
  dishwasher: ['dishwasher-13-place', 'Dishwasher'],
  double: ['oven-double-aria', 'Double oven'],
});

describe('control screens: oven (phone, Chromium)', () => {
  it('an oven: mode and temperature rules, time capped by temperature, door and sensor refusals, then a cooking run to done', async () => {
    const context = await stack.newContext('en');
    const page = await context.newPage();
    await logIn(page);
    await open(page, 'oven');
    // Grill: the temperature is the program's own, refused on the screen.
    await pick(page, 'pick-mode', 3);
    await expect.poll(() => simNum('oven', 'cooking_mode'), { timeout: 5000 }).toBe(3);
    await page.getByTestId('pick-temperature').click();
    await refused(page, 'rule.temp_fixed_program');
    expect(await page.getByTestId('pick-temperature-picker').isVisible()).toBe(false);
    await pick(page, 'pick-mode', 2);
    await pick(page, 'pick-temperature', 220);
    await expect.poll(() => simNum('oven', 'setpoint'), { timeout: 5000 }).toBe(220);
    // Above 200 °C the time is capped at 3 h: the picker says so and 4 h is not offered.
    await page.getByTestId('pick-timer').click();
    const timer = page.getByTestId('pick-timer-picker');
    expect(await timer.getByTestId('pick-timer-cap').textContent()).toContain('3 h');
    expect(await timer.locator('[data-value="4"]').count()).toBe(0);
    await timer.getByTestId('pick-timer-minutes').locator('[data-value="30"]').click();
    await shot(page, 'oven-timer-en', false);
    await timer.getByTestId('pick-timer-save').click();
    await expect.poll(() => simNum('oven', 'timer_minute'), { timeout: 5000 }).toBe(30);

    // The door open, then a sensor fault: each refuses the start, with the catalogue's words.
    await door('oven', true);
    await expect.poll(() => page.getByTestId('value-door').getAttribute('data-open')).toBe('true');
    await page.getByTestId('oven-start').click();
    await refused(page, 'rule.door_open');
    await door('oven', false);
    await raise('oven', 'sensor.open');
    await page.getByTestId('control-fault').waitFor({ timeout: 5000 });
    expect(await page.getByTestId('control-fault-message').textContent()).toBe(
      errorMessage('sensor.open', 'en'),
    );
    await page.getByTestId('oven-start').click();
    await refused(page, 'rule.sensor_error');
    await shot(page, 'oven-fault-en');
    await clear('oven');
    await page.getByTestId('control-fault').waitFor({ state: 'hidden' });
    expect(simNum('oven', 'cooking')).toBe(0);

    const phases = await recordPhases(page, 'oven-cavity');
    await page.getByTestId('oven-start').click();
    await expect.poll(() => simNum('oven', 'cooking'), { timeout: 5000 }).toBe(1);
    await page.getByTestId('pick-temperature').click();
    await refused(page, 'rule.cooking_in_progress');
    await shot(page, 'oven-cooking-en');
    // Half an hour with preheating at 600×: three seconds.
    await speed('oven', 600);
    await expect
      .poll(() => page.getByTestId('oven-cavity').getAttribute('data-phase'), { timeout: 15_000 })
      .toBe('3');
    expect(await phases()).toEqual([0, 1, 2, 3]);
    expect(await page.getByTestId('oven-phase').textContent()).toBe('Cooking finished');
    await shot(page, 'oven-done-en');
    await context.close();
  }, 45_000);

  it('in Persian: the oven, the dishwasher and a double oven (its second cavity refuses a start with no time)', async () => {
    const fa = await stack.newContext('fa');
    const faPage = await fa.newPage();
    await logIn(faPage);
    await open(faPage, 'oven');
    await shot(faPage, 'oven-fa');
    await open(faPage, 'dishwasher');
    await shot(faPage, 'dishwasher-fa');
    // A double oven: each cavity its own state, start and pickers.
    await open(faPage, 'double');
    await faPage.getByTestId('oven-cavity_2').waitFor();
    await faPage.getByTestId('oven-start_2').click();
    await faPage.getByText(errorMessage('limit.time_zero', 'fa')).first().waitFor({ timeout: 5000 });
    expect(simNum('double', 'cooking_2')).toBe(0);
    await shot(faPage, 'double-oven-fa');
    await fa.close();
  }, 30_000);
});
