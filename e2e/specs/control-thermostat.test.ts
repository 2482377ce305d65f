import { getError } from '@hestia/catalog';
import { describe, expect, it } from 'vitest';
import { axeViolations } from '../axe.ts';
import { api, id, sim, stack, useControlStack } from '../control.ts';
import { faultShows, logIn, openControl, report, shot } from '../control-by-route.ts';

/**
 * Issue 19, climate: the fan coil's thermostat screen and the room thermostat against simulated
 * devices over MQTT in Chromium. Every control is checked on the simulated device; a rule is refused
 * on the screen before anything is sent and by the device itself; a fault shows its catalogue text;
 * a view-only share sees the state and no controls.
 */
useControlStack({
  fanCoil: ['fan-coil-2pipe-ec', 'Office fan coil'],
  room: ['room-thermostat-wall', 'Bedroom thermostat'],
});

const message = (code: string, lang: 'en' | 'fa' = 'en') => getError(code)?.messages[lang] as string;
const pick = async (page: import('playwright-core').Page, key: string, value: number) => {
  await page.getByTestId(`pick-${key}`).click();
  await page.getByTestId(`pick-${key}-options`).locator(`[data-value="${value}"]`).click();
  await page.getByTestId(`pick-${key}-picker`).waitFor({ state: 'hidden' });
};

describe('climate: thermostats', () => {
  it('fan coil: power, auto-only setpoint, season, speed, segment, backlight, timer rule, fault', async () => {
    const context = await stack.newContext('en');
    const page = await logIn(context);
    await openControl(page, 'fanCoil');
    await page.getByTestId('thermostat-panel').waitFor();

    await page.getByTestId('power-power').click();
    await expect.poll(() => sim('fanCoil', 'power'), { timeout: 10_000 }).toBe(1);
    // In auto (the model starts so) the setpoint steps reach the device.
    const before = Number(sim('fanCoil', 'setpoint'));
    await page
      .getByTestId('step-setpoint')
      .getByRole('button', { name: /Increase/ })
      .click();
    await expect.poll(() => sim('fanCoil', 'setpoint'), { timeout: 10_000 }).toBe(before + 0.5);
    await shot(page, 'climate-fan-coil-top-en');
    expect(await axeViolations(page, 'fan coil en')).toEqual([]);
    await pick(page, 'speed', 4);
    await expect.poll(() => sim('fanCoil', 'speed'), { timeout: 10_000 }).toBe(4);
    expect(await page.getByTestId('pick-speed-value').textContent()).toBe('Speed 4');
    await pick(page, 'winter_summer', 0);
    await expect.poll(() => sim('fanCoil', 'winter_summer'), { timeout: 10_000 }).toBe(0);
    expect(await page.getByTestId('pick-winter_summer-value').textContent()).toBe('Winter (heating)');
    await pick(page, 'setpoint', 21.5);
    await expect.poll(() => sim('fanCoil', 'setpoint'), { timeout: 10_000 }).toBe(21.5);
    await pick(page, 'display_light_percent', 30);
    await expect.poll(() => sim('fanCoil', 'display_light_percent'), { timeout: 10_000 }).toBe(30);

    // A timer in auto mode is refused on the screen with the catalogue's words; nothing is sent.
    await page.getByTestId('timer-timer').click();
    await page.getByTestId('timer-timer-start').click();
    await page.getByText(message('rule.timer_off_or_auto')).first().waitFor({ timeout: 5000 });
    expect(sim('fanCoil', 'timer')).toBe(0);
    await page.getByTestId('timer-timer-picker').getByRole('button', { name: 'Close' }).click();
    await page.getByTestId('timer-timer-picker').waitFor({ state: 'hidden' });

    // Auto off: the setpoint is locked on the screen, and the device refuses it when asked directly.
    await page.getByTestId('toggle-auto').click();
    await expect.poll(() => sim('fanCoil', 'auto'), { timeout: 10_000 }).toBe(0);
    await page.getByTestId('locked-setpoint').waitFor();
    await expect(api.write(id('fanCoil'), [{ Key: 'setpoint', Value: 25 }])).rejects.toThrow();
    expect(sim('fanCoil', 'setpoint')).toBe(21.5);
    // Now the timer is allowed: 1 h 30 min reaches the device as 90 minutes.
    await page.getByTestId('timer-timer').click();
    await page.getByTestId('timer-timer-hours').fill('1');
    await page.getByTestId('timer-timer-minutes').fill('30');
    await page.getByTestId('timer-timer-minutes').press('Tab');
    await page.getByTestId('timer-timer-start').click();
    await expect.poll(() => sim('fanCoil', 'timer'), { timeout: 10_000 }).toBe(90);
    await expect
      .poll(() => page.getByTestId('timer-timer-value').textContent(), { timeout: 10_000 })
      .toBe('1 h 30 min left');
    await report('fanCoil', { temperature: 23.5 });
    await expect.poll(() => page.getByTestId('value-temperature').textContent()).toBe('23.5 °C');
    await shot(page, 'climate-fan-coil-en');
    await faultShows(page, 'fanCoil', 'sensor.temperature');
    await context.close();
  }, 60_000);

  it('room thermostat in Persian: power, setpoint, season, hysteresis, timer; a fault', async () => {
    const context = await stack.newContext('fa');
    const page = await logIn(context);
    await openControl(page, 'room');
    await page.getByTestId('thermostat-panel').waitFor();
    await page.getByTestId('power-power').click();
    await expect.poll(() => sim('room', 'power'), { timeout: 10_000 }).toBe(1);
    await shot(page, 'climate-room-thermostat-top-fa');
    expect(await axeViolations(page, 'room thermostat fa')).toEqual([]);
    const before = Number(sim('room', 'temperature_setpoint'));
    await page.getByTestId('step-temperature_setpoint').locator('button').first().click();
    await expect.poll(() => sim('room', 'temperature_setpoint'), { timeout: 10_000 }).toBe(before - 0.5);
    await pick(page, 'summer_winter', 0);
    await expect.poll(() => sim('room', 'summer_winter'), { timeout: 10_000 }).toBe(0);
    expect(await page.getByTestId('pick-summer_winter-value').textContent()).toBe('تابستان (سرمایش)');
    await page.getByTestId('slider-up_hysteresis').fill('2');
    await expect.poll(() => sim('room', 'up_hysteresis'), { timeout: 10_000 }).toBe(2);
    await page.getByTestId('timer-timer').click();
    await page.getByTestId('timer-timer-start').click();
    await expect.poll(() => sim('room', 'timer'), { timeout: 10_000 }).toBe(30);
    await expect.poll(() => page.getByTestId('timer-timer-value').textContent()).toBe('۳۰ دقیقه مانده');
    await report('room', { temperature: 18 });
    await expect.poll(() => page.getByTestId('value-temperature').textContent()).toMatch(/^۱۸/);
    await shot(page, 'climate-room-thermostat-fa');
    await faultShows(page, 'room', 'sensor.open', 'fa');
    await context.close();
  }, 60_000);

  it('a view-only share sees the thermostat and no controls', async () => {
    const email = `climate-viewer-${Date.now()}@hestia.local`;
    const password = 'Viewer-Pass1';
    const viewer = await stack.signUp(email, password, 'Viewer');
    const share = await api.call('createShare', { params: { id: id('fanCoil') }, body: { scope: 'view' } });
    await viewer.call('finalizeShare', { params: { shareToken: share.token } });
    const context = await stack.newContext('en');
    const page = await context.newPage();
    await stack.logIn(page, { email, password });
    await page.goto(`${stack.server.url}/bottom-tab-bar-navigator/thermostat-screen/${id('fanCoil')}`);
    await page.getByTestId('thermostat-panel').waitFor();
    await page.getByTestId('control-view-only').waitFor();
    expect(await page.getByTestId('power-power').isDisabled()).toBe(true);
    expect(await page.getByTestId('step-setpoint').count()).toBe(0);
    expect(await page.locator('[role="switch"]').count()).toBe(0);
    expect(await page.getByTestId('pick-speed').evaluate((el) => el.tagName)).toBe('DIV');
    expect(await page.getByTestId('timer-timer').evaluate((el) => el.tagName)).toBe('DIV');
    await expect.poll(() => page.getByTestId('pick-speed-value').textContent()).toBe('Speed 4');
    await shot(page, 'climate-fan-coil-view-only-en');
    await context.close();
  }, 60_000);
});
