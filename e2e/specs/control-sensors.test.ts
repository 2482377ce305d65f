import { describe, expect, it } from 'vitest';
import { sim, stack, useControlStack } from '../control.ts';
import { faultShows, logIn, openControl, report, shot } from '../control-by-route.ts';

/**
 * Issue 7, part B: the motion, door and vibration sensor panels against simulated devices over MQTT
 * in Chromium. Every control is checked on the simulated device itself, and every live value the
 * screen shows comes from the device's own telemetry.
 */
useControlStack({
  pir: ['pir-sensor-ceiling', 'Hall motion'],
  door: ['door-sensor-door', 'Front door contact'],
  vibration: ['vibration-sensor-standard', 'Window vibration'],
});

describe('sensors', () => {
  it('motion sensor: state, sensitivity and delay pickers, events', async () => {
    const context = await stack.newContext('en');
    const page = await logIn(context);
    await openControl(page, 'pir');
    await report('pir', { motion_status: 1 });
    await expect
      .poll(() => page.getByTestId('motion-status').getAttribute('data-state'), { timeout: 10_000 })
      .toBe('1');
    await page
      .getByTestId('event')
      .filter({ hasText: 'Motion detected' })
      .first()
      .waitFor({ timeout: 10_000 });

    await page.getByTestId('pir-sensor-sensitivity').click();
    await page.getByTestId('pir-sensor-sensitivity-options').locator('[data-value="8"]').click();
    await expect.poll(() => sim('pir', 'sensivity'), { timeout: 10_000 }).toBe(8);
    await expect.poll(() => page.getByTestId('pir-sensor-sensitivity-value').textContent()).toBe('8');

    await page.getByTestId('pir-sensor-delay').click();
    await page.getByTestId('pir-sensor-delay-options').locator('[data-value="120"]').click();
    await expect.poll(() => sim('pir', 'delay'), { timeout: 10_000 }).toBe(120);
    await expect.poll(() => page.getByTestId('pir-sensor-delay-value').textContent()).toBe('2 min');
    await report('pir', { motion_status: 0 });
    await expect
      .poll(() => page.getByTestId('motion-status').getAttribute('data-state'), { timeout: 10_000 })
      .toBe('0');
    await shot(page, 'sensors-pir-en');
    await faultShows(page, 'pir', 'device.error');
    await context.close();
  });

  it('door and vibration sensors: state and event lists follow the device', async () => {
    const context = await stack.newContext('fa');
    const page = await logIn(context);
    await openControl(page, 'door');
    await report('door', { sensor_status: 1 });
    await expect
      .poll(() => page.getByTestId('door-status').getAttribute('data-state'), { timeout: 10_000 })
      .toBe('1');
    await report('door', { sensor_status: 0 });
    await expect
      .poll(() => page.getByTestId('door-status').getAttribute('data-state'), { timeout: 10_000 })
      .toBe('0');
    await expect.poll(() => page.getByTestId('event').count(), { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
    await shot(page, 'sensors-door-fa');
    await faultShows(page, 'door', 'device.error', 'fa');

    await openControl(page, 'vibration');
    await report('vibration', { vibration_status: 1 });
    await expect
      .poll(() => page.getByTestId('vibration-status').getAttribute('data-state'), { timeout: 10_000 })
      .toBe('1');
    await expect.poll(() => page.getByTestId('event').count(), { timeout: 10_000 }).toBeGreaterThanOrEqual(1);
    await page.getByTestId('vibration-sensitivity').click();
    await page.getByTestId('vibration-sensitivity-options').locator('[data-value="3"]').click();
    await expect.poll(() => sim('vibration', 'sensivity'), { timeout: 10_000 }).toBe(3);
    await shot(page, 'sensors-vibration-fa');
    await faultShows(page, 'vibration', 'device.error', 'fa');
    await context.close();
  });
});
