import { HestiaClient } from '@hestia/client';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artifacts, DEMO_EMAIL, DEMO_PASSWORD, type E2eStack, startE2e } from '../stack.ts';

/**
 * Issue 7, part A: the control screens of switches, plugs and curtains against simulated devices.
 * Every control changes the simulated device; the screen follows what the device reports.
 */
let stack: E2eStack;
let api: HestiaClient;
const ids: Record<string, string> = {};

beforeAll(async () => {
  stack = await startE2e();
  for (const d of stack.fleet.devices.values()) ids[d.spec.profileId] = d.spec.id;
  ids['switch-six-pole'] = await stack.addDevice('switch-six-pole', 'Hall six keys');
  ids['relay-6ch-din'] = await stack.addDevice('relay-6ch-din', 'Garden relays');
  ids['plug-v4'] = await stack.addDevice('plug-v4', 'Heater plug');
  ids['curtain-six-relay'] = await stack.addDevice('curtain-six-relay', 'Bedroom curtains');
  api = await stack.demoClient();
}, 60_000);
afterAll(() => stack?.stop());

const id = (profileId: string) => ids[profileId] as string;
const sim = (profileId: string, key: string) => stack.fleet.devices.get(id(profileId))?.sim.values.get(key);
const simNum = (profileId: string, key: string) => Number(sim(profileId, key) ?? Number.NaN);

async function logIn(page: Page, email = DEMO_EMAIL, password = DEMO_PASSWORD): Promise<void> {
  await stack.logIn(page, { email, password });
  await page.getByTestId('device-card').first().waitFor();
}

/** From the dashboard, the way a user goes: tap the device's card. */
async function open(page: Page, profileId: string, controllable = true): Promise<void> {
  if (await page.getByTestId('screen-control').count()) await page.getByTestId('back').click();
  await page.getByTestId('tab-dashboard').click();
  const card = page.locator(`[data-testid="device-card"][data-device-id="${id(profileId)}"]`);
  await card.getByTestId('device-open').click();
  await page.getByTestId('screen-control').waitFor();
  if (!controllable) {
    await expect
      .poll(() => page.getByTestId('control-connection').getAttribute('data-state'), { timeout: 10_000 })
      .toBe('online');
    return;
  }
  await expect
    .poll(() => page.getByTestId('control-body').getAttribute('data-enabled'), { timeout: 10_000 })
    .toBe('true');
}

/** The whole screen, or (with an open dialog) what the phone shows. */
async function shot(page: Page, name: string, fullPage = true): Promise<void> {
  await page.waitForTimeout(400); // transitions and toasts settle before the picture
  await page.screenshot({ path: `${artifacts}/control-${name}.png`, fullPage });
}

const pressed = (page: Page, testId: string) => page.getByTestId(testId).getAttribute('aria-pressed');
const shown = (page: Page, testId: string) => page.getByTestId(testId).textContent();

async function raise(profileId: string, code: string): Promise<void> {
  const res = await api.twowayRpc(id(profileId), { method: 'simulate.raiseError', params: { code } });
  expect(res.result).toBe('OK');
}
async function clear(profileId: string): Promise<void> {
  await api.twowayRpc(id(profileId), { method: 'simulate.clearErrors' });
}

const GUEST_PASSWORD = 'Guest-Pass1';

/** A second user through the real sign-up, with the code the outbox printed; returns their client. */
async function guest(email: string): Promise<HestiaClient> {
  const anon = new HestiaClient({ baseUrl: stack.server.url });
  await anon.call('register', { body: { username: email, password: GUEST_PASSWORD, firstName: 'Guest' } });
  const sent = () => stack.outbox.find((l) => l.includes(email) && /\b\d{6}\b/.test(l));
  await expect.poll(sent, { timeout: 5000 }).toBeTruthy();
  const code = /\b(\d{6})\b/.exec(sent() ?? '')?.[1] as string;
  await anon.call('registerFinalize', { body: { username: email, code } });
  let token: string | undefined;
  const client = new HestiaClient({ baseUrl: stack.server.url, getToken: () => token });
  token = (await client.login(email, GUEST_PASSWORD)).token;
  return client;
}

describe('control screens: switches, plugs, curtains (phone, Chromium)', () => {
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

  it('plugs: on/off with live power, protections, limits, pickers and thermostat mode; a fault', async () => {
    const context = await stack.newContext('en');
    const page = await context.newPage();
    await logIn(page);

    // The metering plug: on/off and its meter follow the device.
    await open(page, 'plug-metering');
    const before = simNum('plug-metering', 'relay_1');
    await page.getByTestId('key-relay_1').click();
    await expect.poll(() => simNum('plug-metering', 'relay_1'), { timeout: 5000 }).toBe(before === 1 ? 0 : 1);
    if (before !== 1) {
      await expect
        .poll(async () => Number.parseFloat((await shown(page, 'value-power')) ?? ''), { timeout: 8000 })
        .toBeGreaterThan(0);
    }
    await expect
      .poll(async () => Number.parseFloat((await shown(page, 'value-voltage')) ?? ''), { timeout: 8000 })
      .toBeGreaterThan(100);
    await shot(page, 'plug-metering-en');

    // Plug V4.
    await open(page, 'plug-v4');
    await page.getByTestId('key-relay_1').click();
    await expect.poll(() => simNum('plug-v4', 'relay_1'), { timeout: 5000 }).toBe(1);
    for (const key of ['over_voltage_protection_enable', 'under_voltage_protection_enable']) {
      const was = simNum('plug-v4', key);
      await page.getByTestId(`toggle-${key}`).click();
      await expect.poll(() => simNum('plug-v4', key), { timeout: 5000 }).toBe(was === 1 ? 0 : 1);
    }
    // The voltage limit picker.
    await page.getByTestId('open-voltage-limit').click();
    const picker = page.getByTestId('voltage-limit-picker');
    await picker.getByTestId('pick-over_voltage_limit').locator('[data-value="255"]').click();
    await expect.poll(() => simNum('plug-v4', 'over_voltage_limit'), { timeout: 5000 }).toBe(255);
    await picker.getByTestId('pick-under_voltage_limit').locator('[data-value="190"]').click();
    await expect.poll(() => simNum('plug-v4', 'under_voltage_limit'), { timeout: 5000 }).toBe(190);
    await shot(page, 'plug-voltage-picker-en', false);
    await page.keyboard.press('Escape');
    // Power limit: a slider, sent on release.
    await page.getByTestId('slider-power_limit').fill('2000');
    await expect.poll(() => simNum('plug-v4', 'power_limit'), { timeout: 5000 }).toBe(2000);
    // Current limit 50–3000: out of range is refused on the screen, in range reaches the device.
    const current = page.getByTestId('input-current_limit');
    await current.fill('20');
    expect(await page.getByTestId('save-current_limit').isDisabled()).toBe(true);
    expect(await current.getAttribute('aria-invalid')).toBe('true');
    await current.fill('3500');
    expect(await page.getByTestId('save-current_limit').isDisabled()).toBe(true);
    await current.fill('1500');
    await page.getByTestId('save-current_limit').click();
    await expect.poll(() => simNum('plug-v4', 'current_limit'), { timeout: 5000 }).toBe(1500);
    // The plug mode picker: room thermostat, then its season, setpoint and hysteresis.
    await page.getByTestId('open-plug-mode').click();
    await page.getByTestId('plug-mode-picker').locator('[data-value="1"]').click();
    await expect.poll(() => simNum('plug-v4', 'room_thermostat_mode'), { timeout: 5000 }).toBe(1);
    await page.getByTestId('select-summer_winter').locator('[data-value="0"]').click();
    await expect.poll(() => simNum('plug-v4', 'summer_winter'), { timeout: 5000 }).toBe(0);
    await page.getByTestId('slider-temperature_setpoint').fill('22.5');
    await expect.poll(() => simNum('plug-v4', 'temperature_setpoint'), { timeout: 5000 }).toBe(22.5);
    const up = simNum('plug-v4', 'up_hysteresis');
    await page
      .getByTestId('field-up_hysteresis')
      .getByRole('button', { name: /Increase/ })
      .click();
    await expect.poll(() => simNum('plug-v4', 'up_hysteresis'), { timeout: 5000 }).toBe(up + 0.5);
    await page.getByTestId('slider-down_hysteresis').fill('2');
    await expect.poll(() => simNum('plug-v4', 'down_hysteresis'), { timeout: 5000 }).toBe(2);
    await expect.poll(() => shown(page, 'value-temperature_setpoint')).toBe('22.5 °C');
    await shot(page, 'plug-v4-en');
    // A fault of the plug's catalogue.
    await raise('plug-v4', 'sensor.temperature');
    await page.getByTestId('control-fault').waitFor({ timeout: 5000 });
    expect(await page.getByTestId('control-fault').getAttribute('data-code')).toBe('sensor.temperature');
    await shot(page, 'plug-fault-en');
    await clear('plug-v4');
    await context.close();

    const fa = await stack.newContext('fa');
    const faPage = await fa.newPage();
    await logIn(faPage);
    await open(faPage, 'plug-v4');
    const beep = simNum('plug-v4', 'beep_status');
    await faPage.getByTestId('toggle-beep_status').click();
    await expect.poll(() => simNum('plug-v4', 'beep_status'), { timeout: 5000 }).toBe(beep === 1 ? 0 : 1);
    await shot(faPage, 'plug-v4-fa');
    await fa.close();

    // A device that stops answering: the top toast, and the socket keeps what the device last said.
    const again = await stack.newContext('en');
    const last = await again.newPage();
    await logIn(last);
    await open(last, 'plug-metering');
    const state = await pressed(last, 'key-relay_1');
    stack.fleet.devices.get(id('plug-metering'))?.client.removeAllListeners('message');
    await last.getByTestId('key-relay_1').click();
    await last.getByText('Disturbance in communication with the device').waitFor({ timeout: 15_000 });
    await expect.poll(() => last.getByTestId('key-relay_1').getAttribute('aria-busy')).toBe(null);
    expect(await pressed(last, 'key-relay_1')).toBe(state);
    await shot(last, 'plug-no-answer-en', false);
    await again.close();
  }, 120_000);

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
  it('a view-only share sees the state and no controls', async () => {
    const email = `viewer-${Date.now()}@hestia.local`;
    const viewer = await guest(email);
    const share = await api.call('createShare', { params: { id: id('plug-v4') }, body: { scope: 'view' } });
    await viewer.call('finalizeShare', { params: { shareToken: share.token } });

    const context = await stack.newContext('en');
    const page = await context.newPage();
    await logIn(page, email, GUEST_PASSWORD);
    await open(page, 'plug-v4', false);
    await expect.poll(() => page.getByTestId('control-notice').getAttribute('data-reason')).toBe('view');
    await page.getByTestId('control-view-only').waitFor();
    expect(await page.getByTestId('key-relay_1').isDisabled()).toBe(true);
    await page.getByTestId('value-power').waitFor();
    expect(await page.locator('[role="switch"]').count()).toBe(0);
    expect(await page.locator('input').count()).toBe(0);
    expect(await page.getByTestId('open-voltage-limit').evaluate((el) => el.tagName)).toBe('DIV');
    // The state still follows the device.
    const relay = simNum('plug-v4', 'relay_1');
    await api.write(id('plug-v4'), [{ Key: 'relay_1', Value: relay === 1 ? 0 : 1 }]);
    await expect
      .poll(() => pressed(page, 'key-relay_1'), { timeout: 5000 })
      .toBe(relay === 1 ? 'false' : 'true');
    await shot(page, 'plug-view-only-en');
    await context.close();
  }, 60_000);
});
