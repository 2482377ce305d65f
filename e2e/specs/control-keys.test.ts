import { describe, expect, it } from 'vitest';
import { api, id, sim, stack, useControlStack } from '../control.ts';
import { controlUrl, faultShows, logIn, openControl, report, shot, TAB } from '../control-by-route.ts';

/**
 * Issue 7, part B: the key panels (scenario key, push button, PIR button) against simulated devices
 * over MQTT in Chromium, and what a view-only share of them leaves. Every control is checked on the
 * simulated device itself, and every live value the screen shows comes from the device's own telemetry.
 */
useControlStack({
  scenarioKey: ['scenario-key-4', 'Hall scenario key'],
  pushButton: ['push-button-2key', 'Bedside button'],
  pirButton: ['pir-button-1key', 'Corridor button'],
  pir: ['pir-sensor-ceiling', 'Hall motion'],
  touch: ['switch-two-pole-touch', 'Kitchen touch switch'],
});

describe('key devices', () => {
  it('binds a scenario-key press to a scenario, runs it when the key is pressed, and edits, reorders and deletes actions', async () => {
    const switchId = stack.deviceOf('switch-two-pole');
    const lightsOn = await api.call('saveScenario', {
      body: {
        name: 'Evening lights',
        commands: [{ deviceId: switchId, deviceParameterId: 'relay_1', value: 1 }],
      },
    });
    await api.write(switchId, [
      { Key: 'relay_1', Value: 0 },
      { Key: 'relay_2', Value: 0 },
    ]);
    // A retry starts from no bindings.
    for (const a of await api.call('listKeyActions', { params: { id: id('scenarioKey') } }))
      await api.call('deleteKeyAction', { params: { id: id('scenarioKey'), actionId: a.id } });
    const context = await stack.newContext('en');
    const page = await logIn(context);
    await openControl(page, 'scenarioKey');
    for (const n of [1, 2, 3, 4]) await page.getByTestId(`key-${n}`).waitFor();
    expect(await page.getByTestId('key-5').count()).toBe(0);

    // Key 3, hold → run "Evening lights".
    await page.getByTestId('add-action-3-hold').click();
    const dialog = page.getByTestId('key-action-dialog');
    await dialog.getByTestId('scenario-option').filter({ hasText: 'Evening lights' }).click();
    await dialog.getByTestId('key-action-save').click();
    const hold3 = page.getByTestId('press-3-hold');
    await hold3.getByText('Runs “Evening lights”').waitFor();

    // A second action on the same press: switch relay 2 of the two-pole switch on.
    await page.getByTestId('add-action-3-hold').click();
    await dialog.getByTestId('key-action-type').locator('[data-value="1"]').click();
    await dialog.locator(`[data-testid="target-option"][data-device-id="${switchId}"]`).click();
    await dialog.getByTestId('target-key').locator('button').nth(1).click();
    await dialog.getByTestId('target-value').locator('[data-value="1"]').click();
    await dialog.getByTestId('key-action-title').fill('Second lamp');
    await dialog.getByTestId('key-action-save').click();
    await hold3.getByText('Second lamp').waitFor();
    await shot(page, 'keys-scenario-key-en');

    // Reorder: the second action moves up, on the server too.
    const order = async () =>
      (await api.call('listKeyActions', { params: { id: id('scenarioKey') } }))
        .filter((a) => a.keyIndex === 3 && a.pressType === 'hold')
        .map((a) => a.title || a.scenarioName);
    expect(await order()).toEqual(['Evening lights', 'Second lamp']);
    await hold3.getByTestId('key-action').nth(1).getByTestId('action-up').click();
    await expect.poll(order, { timeout: 5000 }).toEqual(['Second lamp', 'Evening lights']);
    await expect.poll(() => hold3.getByTestId('key-action').first().textContent()).toContain('Second lamp');

    // The key is held on the device: both actions run, and the screen shows the press.
    await report('scenarioKey', { key_three_status: 2 });
    await expect
      .poll(() => stack.fleet.devices.get(switchId)?.sim.values.get('relay_1'), { timeout: 10_000 })
      .toBe(1);
    await expect
      .poll(() => stack.fleet.devices.get(switchId)?.sim.values.get('relay_2'), { timeout: 10_000 })
      .toBe(1);
    await expect.poll(() => page.getByTestId('key-3-last').textContent()).toBe('Last press: hold');
    const runs = await api.call('scenarioHistories', { params: { id: lightsOn.id } });
    expect(runs.length).toBeGreaterThan(0);

    // Delete the device action: one left.
    await hold3.getByTestId('key-action').first().getByTestId('action-delete').click();
    await page.getByTestId('confirm').click();
    await expect.poll(order, { timeout: 5000 }).toEqual(['Evening lights']);
    await expect.poll(() => hold3.getByTestId('key-action').count()).toBe(1);

    await faultShows(page, 'scenarioKey', 'device.error');
    await context.close();
  });

  it('shows push-button presses live, and a PIR button switches its relay', async () => {
    const context = await stack.newContext('fa');
    const page = await logIn(context);
    await openControl(page, 'pushButton');
    await report('pushButton', { key_one_status: 1 });
    await expect
      .poll(() => page.getByTestId('key-1').getAttribute('data-press'), { timeout: 10_000 })
      .toBe('1');
    await report('pushButton', { key_two_status: 2 });
    await expect
      .poll(() => page.getByTestId('key-2').getAttribute('data-press'), { timeout: 10_000 })
      .toBe('2');
    await shot(page, 'keys-push-button-fa');
    await page.getByTestId('add-action-1-tap').click();
    await page
      .getByTestId('key-action-dialog')
      .getByTestId('key-action-type')
      .locator('[data-value="1"]')
      .click();
    await page.getByTestId('key-action-dialog').getByTestId('target-option').first().click();
    await shot(page, 'keys-action-dialog-fa');
    await page.keyboard.press('Escape');
    await faultShows(page, 'pushButton', 'device.error', 'fa');

    await openControl(page, 'pirButton');
    const before = sim('pirButton', 'relay_1');
    await page.getByTestId('toggle-relay_1').click();
    await expect.poll(() => sim('pirButton', 'relay_1'), { timeout: 10_000 }).toBe(before === 1 ? 0 : 1);
    await expect
      .poll(() => page.getByTestId('toggle-relay_1').getAttribute('aria-checked'))
      .toBe(before === 1 ? 'false' : 'true');
    await report('pirButton', { motion_status: 1 });
    await expect
      .poll(() => page.getByTestId('motion-status').getAttribute('data-state'), { timeout: 10_000 })
      .toBe('1');
    await context.close();
  });
});

// After the key devices: the actions it lists are the ones the scenario-key test bound.
describe('a view-only share', () => {
  it('shows the panels and settings without controls', async () => {
    // A new address per attempt, so the suite's retry starts clean instead of failing on sign-up.
    const email = `viewer-${Date.now()}@hestia.local`;
    const password = 'Viewer-Pass1';
    const viewer = await stack.signUp(email, password, 'Viewer');
    for (const name of ['scenarioKey', 'pir', 'touch'] as const) {
      const share = await api.call('createShare', {
        params: { id: id(name) },
        body: { scope: 'view' },
      });
      await viewer.call('finalizeShare', { params: { shareToken: share.token } });
    }

    const context = await stack.newContext('en');
    const page = await context.newPage();
    await page.goto(stack.server.url);
    await page.getByTestId('login-email').fill(email);
    await page.getByTestId('login-password').fill(password);
    await page.getByTestId('login-submit').click();
    await page.getByTestId('device-card').first().waitFor();

    const open = async (name: string) => {
      await page.goto(controlUrl(name));
      await page.getByTestId('control-body').waitFor();
    };
    await open('scenarioKey');
    await page.getByTestId('key-1').waitFor();
    // The actions the owner bound are listed, but nothing can be added, moved or deleted.
    await page.getByTestId('press-3-hold').getByTestId('key-action').first().waitFor();
    expect(await page.getByTestId('add-action-1-tap').count()).toBe(0);
    expect(await page.getByTestId('action-delete').count()).toBe(0);
    await open('pir');
    await page.getByTestId('pir-sensor-sensitivity').waitFor();
    expect(await page.getByTestId('pir-sensor-sensitivity').evaluate((el) => el.tagName)).toBe('DIV');
    await page.goto(`${stack.server.url}${TAB}/beep/${id('touch')}`);
    await page.getByTestId('view-only-notice').waitFor();
    expect(await page.getByTestId('beep_status').isDisabled()).toBe(true);
    await page.goto(`${stack.server.url}${TAB}/edit-key-title/${id('touch')}`);
    await page.getByTestId('title-relay_1').waitFor();
    expect(await page.getByTestId('save-key-titles').isDisabled()).toBe(true);
    expect(await page.getByTestId('title-relay_1').isDisabled()).toBe(true);
    await shot(page, 'settings-view-only-en');
    await context.close();
  });
});
