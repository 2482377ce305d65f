import { errorMessage } from '@hestia/catalog';
import { describe, expect, it } from 'vitest';
import { stack, useControlStack } from '../control.ts';
import { clear, logIn, open, raise, shot, simNum } from '../control-from-dashboard.ts';
import { door, pick, refused, speed } from '../kitchen.ts';

/**
 * Issue 19, kitchen: the hood and microwave screens against simulated devices. The hood's speed,
 * light and switch-off timer (refused in automatic mode) run down on a sped-up clock until the fan
 * stops; the microwave refuses a start with no time or the door open, then heats for its time to the
 * end; a smoke-sensor fault shows its catalogue text; the Persian screens.
 */
useControlStack({
  hood: ['hood-chimney-90', 'Kitchen hood'],
  microwave: ['microwave-convection-30l', 'Microwave'],
});

describe('control screens: hood and microwave (phone, Chromium)', () => {
  it('a hood: speed, light, a timer refused in automatic mode, then run down to off; a sensor fault', async () => {
    const context = await stack.newContext('en');
    const page = await context.newPage();
    await logIn(page);
    await open(page, 'hood');
    await page.getByTestId('select-fan_speed').locator('[data-value="2"]').click();
    await expect.poll(() => simNum('hood', 'fan_speed'), { timeout: 5000 }).toBe(2);
    await page.getByTestId('toggle-light').click();
    await expect.poll(() => simNum('hood', 'light'), { timeout: 5000 }).toBe(1);
    await page.getByTestId('toggle-auto_mode').click();
    await expect.poll(() => simNum('hood', 'auto_mode'), { timeout: 5000 }).toBe(1);
    await page.getByTestId('pick-hood-timer').click();
    await refused(page, 'rule.timer_off_or_auto');
    await page.getByTestId('toggle-auto_mode').click();
    await expect.poll(() => simNum('hood', 'auto_mode'), { timeout: 5000 }).toBe(0);
    await pick(page, 'pick-hood-timer', 10);
    await expect.poll(() => simNum('hood', 'timer'), { timeout: 5000 }).toBe(10);
    await shot(page, 'hood-en');
    // Ten minutes at 300×: two seconds, then the fan stops by itself.
    await speed('hood', 300);
    await expect
      .poll(() => page.getByTestId('hood-panel').getAttribute('data-speed'), { timeout: 10_000 })
      .toBe('0');
    expect(await page.getByTestId('hood-state').textContent()).toBe('Fan off');
    await raise('hood', 'smoke.sensor');
    await page.getByTestId('control-fault').waitFor({ timeout: 5000 });
    expect(await page.getByTestId('control-fault-message').textContent()).toBe(
      errorMessage('smoke.sensor', 'en'),
    );
    await shot(page, 'hood-fault-en');
    await clear('hood');
    await context.close();
  }, 40_000);

  it('a microwave: no start without time or with the door open; program, power and time, then heats to the end', async () => {
    const context = await stack.newContext('en');
    const page = await context.newPage();
    await logIn(page);
    await open(page, 'microwave');
    await page.getByTestId('microwave-start').click();
    await refused(page, 'rule.time_first');
    await pick(page, 'pick-mw-program', 2);
    await expect.poll(() => simNum('microwave', 'program'), { timeout: 5000 }).toBe(2);
    await pick(page, 'pick-mw-power', 7);
    await expect.poll(() => simNum('microwave', 'power_level'), { timeout: 5000 }).toBe(7);
    await page.getByTestId('pick-mw-timer').click();
    const timer = page.getByTestId('pick-mw-timer-picker');
    await timer.getByTestId('pick-mw-timer-minutes').locator('[data-value="2"]').click();
    await timer.getByTestId('pick-mw-timer-seconds').locator('[data-value="30"]').click();
    await shot(page, 'microwave-timer-en', false);
    await timer.getByTestId('pick-mw-timer-save').click();
    await expect.poll(() => simNum('microwave', 'micro_timer_minute'), { timeout: 5000 }).toBe(2);
    expect(simNum('microwave', 'micro_timer_second')).toBe(30);

    await door('microwave', true);
    await expect.poll(() => page.getByTestId('value-door').getAttribute('data-open')).toBe('true');
    await page.getByTestId('microwave-start').click();
    await refused(page, 'rule.door_open');
    await door('microwave', false);
    await expect.poll(() => page.getByTestId('value-door').getAttribute('data-open')).toBe('false');
    await page.getByTestId('microwave-start').click();
    await expect.poll(() => simNum('microwave', 'cooking'), { timeout: 5000 }).toBe(1);
    await page.getByTestId('pick-mw-power').click();
    await refused(page, 'rule.cooking_in_progress');
    await shot(page, 'microwave-heating-en');
    await speed('microwave', 120);
    await expect
      .poll(() => page.getByTestId('microwave-panel').getAttribute('data-cooking'), { timeout: 10_000 })
      .toBe('false');
    expect(await page.getByTestId('microwave-state').textContent()).toBe('Ready');
    await context.close();
  }, 40_000);

  it('in Persian: the hood and the microwave', async () => {
    const fa = await stack.newContext('fa');
    const page = await fa.newPage();
    await logIn(page);
    await open(page, 'hood');
    await shot(page, 'hood-fa');
    await open(page, 'microwave');
    await shot(page, 'microwave-fa');
    await fa.close();
  }, 20_000);
});
