import { getError } from '@hestia/catalog';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api, id, sim, stack, useControlStack } from '../control.ts';
import { faultShows, logIn, openControl, shot } from '../control-by-route.ts';

/**
 * Issue 19, climate: air conditioner, evaporative cooler and fan panels against simulated devices
 * over MQTT in Chromium: each control checked on the device, the timer rule refused on the screen and
 * by the device, a fault with its catalogue text, Persian, and a view-only share.
 */
useControlStack({
  ac: ['air-conditioner-12000', 'Living room AC'],
  cooler: ['cooler-5500', 'Roof cooler'],
  fan: ['fan-stand', 'Desk fan'],
});

const pick = async (page: Page, key: string, value: number) => {
  await page.getByTestId(`pick-${key}`).click();
  await page.getByTestId(`pick-${key}-options`).locator(`[data-value="${value}"]`).click();
  await page.getByTestId(`pick-${key}-picker`).waitFor({ state: 'hidden' });
};
const flips = async (page: Page, name: string, key: string) => {
  const was = sim(name, key);
  await page.getByTestId(`toggle-${key}`).click();
  await expect.poll(() => sim(name, key), { timeout: 10_000 }).toBe(was === 1 ? 0 : 1);
};

describe('climate: moving air', () => {
  it('air conditioner: power, mode, setpoint, swing, turbo, sleep, timers and their rule; a fault', async () => {
    const context = await stack.newContext('en');
    const page = await logIn(context);
    await openControl(page, 'ac');
    await page.getByTestId('air-panel').waitFor();
    await page.getByTestId('power-onoff').click();
    await expect.poll(() => sim('ac', 'onoff'), { timeout: 10_000 }).toBe(1);

    await pick(page, 'mode', 4);
    await expect.poll(() => sim('ac', 'mode'), { timeout: 10_000 }).toBe(4);
    expect(await page.getByTestId('pick-mode-value').textContent()).toBe('Auto');
    // No off timer in auto: refused on the screen, and by the device when asked directly.
    await page.getByTestId('timer-off_timer').click();
    await page.getByTestId('timer-off_timer-start').click();
    await page
      .getByText(getError('rule.timer_off_or_auto')?.messages.en as string)
      .first()
      .waitFor({ timeout: 5000 });
    expect(sim('ac', 'off_timer')).toBe(0);
    await page.getByTestId('timer-off_timer-picker').getByRole('button', { name: 'Close' }).click();
    await page.getByTestId('timer-off_timer-picker').waitFor({ state: 'hidden' });
    await expect(api.write(id('ac'), [{ Key: 'off_timer', Value: 30 }])).rejects.toThrow();
    expect(sim('ac', 'off_timer')).toBe(0);

    await pick(page, 'mode', 1);
    await expect.poll(() => sim('ac', 'mode'), { timeout: 10_000 }).toBe(1);
    await expect.poll(() => page.getByTestId('power-onoff-state').textContent()).toBe('On · Heat');
    const setpoint = Number(sim('ac', 'temperature_setpoint'));
    await page
      .getByTestId('step-temperature_setpoint')
      .getByRole('button', { name: /Increase/ })
      .click();
    await expect.poll(() => sim('ac', 'temperature_setpoint'), { timeout: 10_000 }).toBe(setpoint + 1);
    for (const key of ['swing', 'turbo', 'sleep']) await flips(page, 'ac', key);
    await page.getByTestId('timer-off_timer').click();
    await page.getByTestId('timer-off_timer-start').click();
    await expect.poll(() => sim('ac', 'off_timer'), { timeout: 10_000 }).toBe(30);
    await page.getByTestId('timer-on_timer').click();
    await page.getByTestId('timer-on_timer-hours').fill('2');
    await page.getByTestId('timer-on_timer-hours').press('Tab');
    await page.getByTestId('timer-on_timer-start').click();
    await expect.poll(() => sim('ac', 'on_timer'), { timeout: 10_000 }).toBe(150);
    await shot(page, 'climate-ac-en');
    await faultShows(page, 'ac', 'motor.P3');
    await context.close();
  }, 60_000);

  it('cooler in Persian (speed, pump, the 1 h 39 min timer) and a fan (speed, swing, no answer)', async () => {
    const context = await stack.newContext('fa');
    const page = await logIn(context);
    await openControl(page, 'cooler');
    await page.getByTestId('air-panel').waitFor();
    await page.getByTestId('power-onoff').click();
    await expect.poll(() => sim('cooler', 'onoff'), { timeout: 10_000 }).toBe(1);
    await pick(page, 'speed', 2);
    await expect.poll(() => sim('cooler', 'speed'), { timeout: 10_000 }).toBe(2);
    expect(await page.getByTestId('pick-speed-value').textContent()).toBe('سرعت ۲');
    await flips(page, 'cooler', 'pump');
    await page.getByTestId('timer-timer').click();
    expect(await page.getByTestId('timer-timer-max').textContent()).toBe('حداکثر ۱ ساعت و ۳۹ دقیقه.');
    await shot(page, 'climate-cooler-timer-fa');
    await page.getByTestId('timer-timer-start').click();
    await expect.poll(() => sim('cooler', 'timer'), { timeout: 10_000 }).toBe(30);
    await shot(page, 'climate-cooler-fa');
    await faultShows(page, 'cooler', 'water.none', 'fa');

    await openControl(page, 'fan');
    await page.getByTestId('power-onoff').click();
    await expect.poll(() => sim('fan', 'onoff'), { timeout: 10_000 }).toBe(1);
    await pick(page, 'speed', 3);
    await expect.poll(() => sim('fan', 'speed'), { timeout: 10_000 }).toBe(3);
    await flips(page, 'fan', 'swing');
    await shot(page, 'climate-fan-fa');
    // A fan that stops answering: the spinner while the call runs, then the disturbance toast, and
    // the screen keeps what the device last said.
    stack.fleet.devices.get(id('fan'))?.client.removeAllListeners('message');
    await page.getByTestId('power-onoff').click();
    await expect.poll(() => page.getByTestId('power-onoff').getAttribute('aria-busy')).toBe('true');
    await page.getByText('اختلال در ارتباط با دستگاه.').first().waitFor({ timeout: 15_000 });
    await expect.poll(() => page.getByTestId('power-onoff').getAttribute('aria-busy')).toBe(null);
    expect(await page.getByTestId('power-onoff').getAttribute('aria-pressed')).toBe('true');
    expect(sim('fan', 'onoff')).toBe(1);
    await context.close();
  }, 60_000);

  it('air conditioner in Arabic on a desktop, and in Turkish in the dark: named modes, right to left', async () => {
    const ar = await stack.newContext('ar', { viewport: { width: 1280, height: 800 } });
    const page = await logIn(ar);
    await openControl(page, 'ac');
    await page.getByTestId('air-panel').waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await expect.poll(() => page.getByTestId('pick-mode-value').textContent()).toBe('تدفئة');
    await shot(page, 'climate-ac-ar-desktop');
    await ar.close();
    const tr = await stack.newContext('tr', { colorScheme: 'dark' });
    const trPage = await logIn(tr);
    await openControl(trPage, 'ac');
    await expect.poll(() => trPage.getByTestId('pick-mode-value').textContent()).toBe('Isıtma');
    await shot(trPage, 'climate-ac-tr-dark');
    await tr.close();
  }, 60_000);

  it('a view-only share sees the air conditioner and no controls', async () => {
    const email = `air-viewer-${Date.now()}@hestia.local`;
    const password = 'Viewer-Pass1';
    const viewer = await stack.signUp(email, password, 'Viewer');
    const share = await api.call('createShare', { params: { id: id('ac') }, body: { scope: 'view' } });
    await viewer.call('finalizeShare', { params: { shareToken: share.token } });
    const context = await stack.newContext('en');
    const page = await context.newPage();
    await stack.logIn(page, { email, password });
    await page.goto(`${stack.server.url}/bottom-tab-bar-navigator/cooler/${id('ac')}`);
    await page.getByTestId('air-panel').waitFor();
    await page.getByTestId('control-view-only').waitFor();
    expect(await page.getByTestId('power-onoff').isDisabled()).toBe(true);
    expect(await page.locator('[role="switch"]').count()).toBe(0);
    expect(await page.getByTestId('pick-mode').evaluate((el) => el.tagName)).toBe('DIV');
    expect(await page.getByTestId('timer-off_timer').evaluate((el) => el.tagName)).toBe('DIV');
    await expect.poll(() => page.getByTestId('pick-mode-value').textContent()).toBe('Heat');
    await shot(page, 'climate-ac-view-only-en');
    await context.close();
  }, 60_000);
});
