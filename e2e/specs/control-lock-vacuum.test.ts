import { describe, expect, it } from 'vitest';
import { device, sim, stack, useControlStack } from '../control.ts';
import { faultShows, logIn, openControl, report, shot } from '../control-by-route.ts';

/**
 * Issue 7, part B: the door lock and vacuum panels against simulated devices over MQTT in Chromium.
 * Every control is checked on the simulated device itself, and every live value the screen shows
 * comes from the device's own telemetry.
 */
useControlStack({
  lock: ['door-lock-full', 'Front door lock'],
  vacuum: ['vacuum-cleaner-lidar', 'Robot'],
});

describe('lock and vacuum', () => {
  it('door lock: bell, events with user, date and method, and the open command', async () => {
    const context = await stack.newContext('en');
    const page = await logIn(context);
    await openControl(page, 'lock');
    await report('lock', {
      event: 1,
      user_type: 1,
      user_number: 3,
      open_method: 0,
      event_date: new Date().toISOString(),
    });
    await expect
      .poll(() => page.getByTestId('lock-status').getAttribute('data-state'), { timeout: 10_000 })
      .toBe('1');
    const line = page.getByTestId('event').filter({ hasText: 'Door opened' }).filter({ hasText: 'User 3' });
    await line.filter({ hasText: 'Fingerprint' }).first().waitFor({ timeout: 10_000 });
    await report('lock', { event: 3, user_type: 2, user_number: 1, open_method: 2 });
    await page
      .getByTestId('event')
      .filter({ hasText: 'Failed attempt to open' })
      .filter({ hasText: 'Card' })
      .first()
      .waitFor({ timeout: 10_000 });
    await report('lock', { bell: 1 });
    await expect
      .poll(() => page.getByTestId('lock-bell').getAttribute('data-state'), { timeout: 10_000 })
      .toBe('1');
    await shot(page, 'lock-en');

    // The open command reaches the device (a write-only request: the device answered OK).
    let unlocks = 0;
    device('lock').client.on('message', (_topic, payload) => {
      if (payload.toString().includes('unlock')) unlocks++;
    });
    await page.getByTestId('lock-open').click();
    await page.getByTestId('confirm').click();
    await expect.poll(() => unlocks, { timeout: 10_000 }).toBe(1);
    await faultShows(page, 'lock', 'motor.P7');
    await context.close();
  });

  it('vacuum: cleaning modes and back to the dock change the device; the state follows', async () => {
    const context = await stack.newContext('fa');
    const page = await logIn(context);
    await openControl(page, 'vacuum');
    await page.getByTestId('vacuum-move').locator('[data-value="1"]').click();
    await expect.poll(() => sim('vacuum', 'move'), { timeout: 10_000 }).toBe(1);
    await expect
      .poll(() => page.getByTestId('vacuum-state').getAttribute('data-state'), { timeout: 10_000 })
      .toBe(String(sim('vacuum', 'state')));
    await page.getByTestId('vacuum-move').locator('[data-value="3"]').click();
    await expect.poll(() => sim('vacuum', 'move'), { timeout: 10_000 }).toBe(3);
    await expect
      .poll(() => page.getByTestId('vacuum-move').locator('[aria-pressed="true"]').getAttribute('data-value'))
      .toBe('3');
    let homes = 0;
    device('vacuum').client.on('message', (_topic, payload) => {
      if (payload.toString().includes('"home"')) homes++;
    });
    await page.getByTestId('vacuum-home').click();
    await expect.poll(() => homes, { timeout: 10_000 }).toBe(1);
    await shot(page, 'vacuum-fa');
    await faultShows(page, 'vacuum', 'motor.P5', 'fa');
    await context.close();
  });
});
