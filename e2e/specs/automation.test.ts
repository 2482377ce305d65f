import type { HestiaClient } from '@hestia/client';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artifacts, type E2eStack, PHONE, startE2e } from '../stack.ts';

let stack: E2eStack;
let api: HestiaClient;
let plugId: string;
let switchId: string;

beforeAll(async () => {
  stack = await startE2e();
  plugId = stack.deviceOf('plug-metering');
  switchId = stack.deviceOf('switch-two-pole');
  api = await stack.demoClient();
});
afterAll(() => stack?.stop());

const simValue = (id: string, key: string) => stack.fleet.devices.get(id)?.sim.values.get(key);

async function logIn(page: Page): Promise<void> {
  await stack.logIn(page);
}

/** Visible text without the bidi isolates that keep device names in place in right-to-left text. */
const textOf = async (locator: { textContent(): Promise<string | null> }) =>
  ((await locator.textContent()) ?? '').replace(/[\u2066-\u2069]/g, '');

async function shot(page: Page, name: string): Promise<void> {
  await page.waitForTimeout(400); // transitions and toasts settle before the picture
  await page.screenshot({ path: `${artifacts}/automation-${name}.png` });
}

describe('automations and scenarios, in Chromium on a phone', () => {
  it("builds 'when the plug's power goes above 100 W, turn the switch off and notify', drives the plug, and explains the run", async () => {
    // The kettle plug draws nothing (relay off) and the living-room lights are on.
    await api.write(plugId, [{ Key: 'relay_1', Value: 0 }]);
    await api.write(switchId, [{ Key: 'relay_1', Value: 1 }]);
    await expect.poll(() => simValue(plugId, 'power')).toBe(0);
    const notificationsBefore = (await api.call('notifications', { query: {} })).length;

    const context = await stack.newContext('en');
    const page = await context.newPage();
    await logIn(page);
    await page.getByTestId('tab-automation').click();
    await page.getByTestId('screen-automation').waitFor();
    await page.getByTestId('segment-automation').click();
    await page.getByText('No automations yet').waitFor();
    await shot(page, 'empty-en');

    // Create it through the screens: name, condition (plug power > 100 W), action (switch output 1 off), notify.
    await page.getByTestId('automation-add').click();
    await page.getByTestId('new-automation').click();
    await page.getByTestId('automation-name').fill('Kettle guard');
    await page.getByTestId('add-condition').click();
    await page.getByTestId('condition-type-device').click();
    await page.locator(`[data-testid="device-option"][data-device-id="${plugId}"]`).click();
    await page.locator('[data-testid="param-option"][data-key="power"]').click();
    await page.getByTestId('comparison-Bigger').click();
    await page.getByTestId('value-number').fill('100');
    await shot(page, 'condition-en');
    await page.getByTestId('condition-save').click();
    await expect
      .poll(() => textOf(page.getByTestId('condition-row')))
      .toContain('Power of Kettle plug > 100 W');

    await page.getByTestId('add-command').click();
    // A device that cannot be acted on or a view-only share would not be listed; both demo devices are ours.
    await page.locator(`[data-testid="device-option"][data-device-id="${switchId}"]`).click();
    await page.locator('[data-testid="param-option"][data-key="relay_1"]').click();
    await page.getByTestId('value-off').click();
    await shot(page, 'command-en');
    await page.getByTestId('command-save').click();
    await expect
      .poll(() => textOf(page.getByTestId('command-row')))
      .toContain('Output 1 of Living room lights → Off');

    await page.getByTestId('automation-notify-switch').click();
    await page.getByTestId('automation-notify-message').fill('The kettle drew too much power');
    await shot(page, 'editor-en');
    await page.getByTestId('automation-save').click();
    const card = page.getByTestId('automation-card').filter({ hasText: 'Kettle guard' });
    await card.waitFor();
    expect(await card.getByTestId('automation-active').getAttribute('aria-checked')).toBe('true');
    expect(await card.getByTestId('automation-notify').getAttribute('aria-pressed')).toBe('true');
    await shot(page, 'list-en');

    // Drive the simulated plug: switching its load on makes it report about 1200 W.
    await api.write(plugId, [{ Key: 'relay_1', Value: 1 }]);
    await expect.poll(() => Number(simValue(plugId, 'power'))).toBeGreaterThan(100);
    // The switch turns off on the simulated device itself.
    await expect.poll(() => simValue(switchId, 'relay_1'), { timeout: 10_000 }).toBe(0);
    // The notification arrives, with the message.
    await expect
      .poll(async () => (await api.call('notifications', { query: {} })).length, { timeout: 10_000 })
      .toBeGreaterThan(notificationsBefore);
    const notes = await api.call('notifications', { query: {} });
    expect(notes.some((n) => n.message === 'The kettle drew too much power')).toBe(true);

    // The card shows the last run, and the history explains it.
    await page.getByTestId('automation-refresh').click();
    await expect
      .poll(() => card.getByTestId('last-run').getAttribute('data-status'), { timeout: 10_000 })
      .toBe('done');
    await card.getByTestId('automation-history').click();
    const run = page.getByTestId('run').first();
    await run.waitFor();
    await expect.poll(() => run.getAttribute('data-status')).toBe('done');
    expect(await run.getByTestId('run-trigger').textContent()).toBe('Set off by a change of Power');
    const condition = run.getByTestId('trace-condition');
    expect(await condition.getAttribute('data-verdict')).toBe('true');
    expect(await textOf(condition)).toContain('Power of Kettle plug > 100 W');
    expect(await textOf(condition)).toMatch(/Observed value: 1,?\d{3}(\.\d+)? W/);
    const action = run.getByTestId('trace-action');
    expect(await action.getAttribute('data-result')).toBe('OK');
    expect(await textOf(action)).toContain('Output 1 of Living room lights → Off');
    await shot(page, 'history-en');
    // The same screens on a desktop.
    await page.setViewportSize({ width: 1280, height: 800 });
    await shot(page, 'history-desktop-en');
    await page.getByTestId('back').click();
    await card.waitFor();
    await shot(page, 'list-desktop-en');
    await page.setViewportSize(PHONE);

    // Still above 100 W: another report does not run it again (it runs on the crossing).
    await api.write(plugId, [{ Key: 'beep_status', Value: 1 }]);
    await page.waitForTimeout(500);
    expect(
      (
        await api.call('automationRuns', {
          params: { id: (await api.call('listAutomations', { query: {} }))[0]?.id as string },
        })
      ).length,
    ).toBe(1);
    await context.close();
  });

  it('refuses a nameless automation inline and runs a scenario by tapping it, in en and then fa', async () => {
    const context = await stack.newContext('en');
    const page = await context.newPage();
    await logIn(page);
    await page.getByTestId('tab-automation').click();

    // A scenario: every light on, with one tap.
    await page.getByTestId('automation-add').click();
    await page.getByTestId('new-scenario').click();
    await page.getByTestId('automation-save').click();
    await page.getByText('Automation name cannot be empty.').waitFor();
    await page.getByTestId('automation-name').fill('Lights on');
    await page.getByTestId('automation-save').click();
    await page.getByTestId('automation-error').getByText('Add at least one action.').waitFor();
    await page.getByTestId('add-command').click();
    await page.locator(`[data-testid="device-option"][data-device-id="${switchId}"]`).click();
    await page.locator('[data-testid="param-option"][data-key="relay_1"]').click();
    await page.getByTestId('value-on').click();
    await page.getByTestId('command-save').click();
    // Spec section 5: a second action on the same device needs a delay.
    await page.getByTestId('add-command').click();
    await page.locator(`[data-testid="device-option"][data-device-id="${switchId}"]`).click();
    await page.locator('[data-testid="param-option"][data-key="relay_2"]').click();
    await page.getByTestId('value-on').click();
    await page.getByTestId('command-save').click();
    await page
      .getByTestId('command-error')
      .getByText('Only one action without a delay is allowed per device.')
      .waitFor();
    await page.getByTestId('delay-seconds').fill('2');
    await page.getByTestId('command-save').click();
    await expect.poll(() => page.getByTestId('command-row').count()).toBe(2);
    await page.getByTestId('automation-save').click();

    await api.write(switchId, [
      { Key: 'relay_1', Value: 0 },
      { Key: 'relay_2', Value: 0 },
    ]);
    const scenario = page.getByTestId('scenario-card').filter({ hasText: 'Lights on' });
    await scenario.waitFor();
    const scenarioId = (await scenario.getAttribute('data-id')) ?? '';
    await scenario.getByTestId('scenario-run').click();
    await page.getByText('Lights on started; delayed actions will follow.').waitFor();
    await expect.poll(() => simValue(switchId, 'relay_1'), { timeout: 10_000 }).toBe(1);
    await shot(page, 'scenario-run-en');
    await expect.poll(() => simValue(switchId, 'relay_2'), { timeout: 15_000 }).toBe(1);
    await scenario.getByTestId('scenario-history').click();
    const run = page.getByTestId('run').first();
    await expect.poll(() => run.getAttribute('data-status'), { timeout: 10_000 }).toBe('done');
    await expect.poll(() => run.getByTestId('trace-action').count()).toBe(2);
    await shot(page, 'scenario-history-en');

    // The scenario also runs by itself: a daily schedule, added in its editor.
    await page.getByTestId('back').click();
    await scenario.getByTestId('scenario-edit').click();
    await page.getByTestId('add-scenario-schedule').click();
    await page.getByTestId('scenario-schedule-save').click();
    await page.getByTestId('scenario-schedule-dialog').getByText('Select a time.').waitFor();
    await page.getByTestId('schedule-time').fill('07:30');
    await page.getByTestId('scenario-schedule-save').click();
    const schedule = page.getByTestId('scenario-schedule');
    await schedule.waitFor();
    expect(await textOf(schedule)).toContain('Every day at 07:30');
    const stored = await api.call('listScenarioSchedules', { params: { id: scenarioId } });
    expect(stored.map((x) => [x.repeatType, x.time])).toEqual([[1, '07:30']]);
    expect(stored[0]?.nextRunAt).toBeGreaterThan(Date.now());
    await shot(page, 'scenario-schedule-en');
    await context.close();

    // An automation that would set itself off again and again is refused, with the reason.
    const loopPage = await (await stack.newContext('en')).newPage();
    await logIn(loopPage);
    await loopPage.getByTestId('tab-automation').click();
    await loopPage.getByTestId('automation-add').click();
    await loopPage.getByTestId('new-automation').click();
    await loopPage.getByTestId('automation-name').fill('Stay off');
    await loopPage.getByTestId('add-condition').click();
    await loopPage.getByTestId('condition-type-device').click();
    await loopPage.locator(`[data-testid="device-option"][data-device-id="${switchId}"]`).click();
    await loopPage.locator('[data-testid="param-option"][data-key="relay_1"]').click();
    await loopPage.getByTestId('value-off').click();
    await loopPage.getByTestId('condition-save').click();
    await loopPage.getByTestId('add-command').click();
    await loopPage.locator(`[data-testid="device-option"][data-device-id="${switchId}"]`).click();
    await loopPage.locator('[data-testid="param-option"][data-key="relay_1"]').click();
    await loopPage.getByTestId('value-off').click();
    await loopPage.getByTestId('command-save').click();
    await loopPage.getByTestId('automation-save').click();
    const refusal = loopPage.getByTestId('automation-error');
    await refusal.waitFor();
    expect(await refusal.textContent()).toContain(
      'Not saved: this automation could set itself off again and again.',
    );
    await shot(loopPage, 'loop-refused-en');
    expect((await api.call('listAutomations', { query: {} })).map((a) => a.name)).not.toContain('Stay off');

    // One that writes the switch the other way on the same trigger is saved with a clear warning.
    await loopPage.getByTestId('automation-name').fill('Kettle lights');
    await loopPage.getByTestId('command-row').getByRole('button').first().click();
    await loopPage.getByTestId('value-on').click();
    await loopPage.getByTestId('command-save').click();
    await loopPage.getByTestId('condition-row').getByRole('button').last().click();
    await loopPage.getByTestId('add-condition').click();
    await loopPage.getByTestId('condition-type-device').click();
    await loopPage.locator(`[data-testid="device-option"][data-device-id="${plugId}"]`).click();
    await loopPage.locator('[data-testid="param-option"][data-key="power"]').click();
    await loopPage.getByTestId('comparison-Bigger').click();
    await loopPage.getByTestId('value-number').fill('100');
    await loopPage.getByTestId('condition-save').click();
    // Spec section 5: choosing all/any again removes earlier conditions, only after confirmation.
    await loopPage.getByTestId('check-any').click();
    const confirm = loopPage.getByTestId('confirm-dialog');
    await confirm
      .getByText('Switching between all and any removes the conditions added so far (1).')
      .waitFor();
    await shot(loopPage, 'check-type-confirm-en');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    expect(await loopPage.getByTestId('condition-row').count()).toBe(1);
    expect(await loopPage.getByTestId('check-all').getAttribute('aria-pressed')).toBe('true');
    await loopPage.getByTestId('automation-save').click();
    const warning = loopPage.getByTestId('automation-warnings');
    await warning.waitFor();
    const warned = await textOf(warning);
    expect(warned).toContain('Kettle guard');
    // Devices are named, not shown by id.
    expect(warned).toContain('"Living room lights" relay_1 to 0 and 1');
    expect(warned).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/);
    await shot(loopPage, 'conflict-warning-en');
    await warning.getByRole('button', { name: 'Understood' }).click();

    // Timed and weather conditions: every day at 07:30, when it is hotter than 30 °C outside.
    await loopPage.getByTestId('automation-add').click();
    await loopPage.getByTestId('new-automation').click();
    await loopPage.getByTestId('automation-name').fill('Morning heat');
    await loopPage.getByTestId('add-condition').click();
    await loopPage.getByTestId('condition-type-schedule').click();
    await loopPage.getByTestId('condition-save').click();
    await loopPage.getByText('Select a time.').waitFor();
    await loopPage.getByTestId('schedule-time').fill('07:30');
    await loopPage.getByTestId('condition-save').click();
    await loopPage.getByTestId('add-condition').click();
    await loopPage.getByTestId('condition-type-weather').click();
    await loopPage.getByTestId('comparison-Bigger').click();
    await loopPage.getByTestId('value-number').fill('30');
    await loopPage.getByTestId('condition-save').click();
    await expect
      .poll(async () => Promise.all((await loopPage.getByTestId('condition-row').all()).map(textOf)))
      .toEqual(['Every day at 07:30', 'Outdoor temperature > 30 °C']);
    await loopPage.getByTestId('add-command').click();
    await loopPage.locator(`[data-testid="device-option"][data-device-id="${switchId}"]`).click();
    await loopPage.locator('[data-testid="param-option"][data-key="relay_2"]').click();
    await loopPage.getByTestId('value-on').click();
    await loopPage.getByTestId('command-save').click();
    await shot(loopPage, 'timed-weather-en');
    await loopPage.getByTestId('automation-save').click();
    await loopPage.getByTestId('automation-card').filter({ hasText: 'Morning heat' }).waitFor();
    const morning = (await api.call('listAutomations', { query: {} })).find((a) => a.name === 'Morning heat');
    expect(morning?.conditions.map((c) => c.conditionType)).toEqual([1, 6]);
    expect(morning?.conditions[0]?.metadata).toMatchObject({ schedule: { repeatType: 1, time: '07:30' } });
    expect(morning?.conditions[1]).toMatchObject({
      comparisonType: 2,
      value: 30,
      metadata: { key: 'temperature' },
    });
    await loopPage.context().close();

    // Persian, dark, right to left: the same tab, the automation and its history.
    const fa = await stack.newContext('fa');
    const faPage = await fa.newPage();
    await logIn(faPage);
    await faPage.getByTestId('tab-automation').click();
    await faPage.getByTestId('scenario-card').first().waitFor();
    expect(await faPage.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await shot(faPage, 'scenarios-fa');
    await faPage.getByTestId('segment-automation').click();
    // The conflicting one says so on its card and, with the reasons, in its editor.
    const warnedCard = faPage.getByTestId('automation-card').filter({ hasText: 'Kettle lights' });
    await warnedCard.getByTestId('automation-warning').waitFor();
    await warnedCard.getByTestId('automation-edit').click();
    expect(await textOf(faPage.getByTestId('stored-warnings'))).toContain('"Living room lights"');
    await faPage.getByTestId('back').click();
    const card = faPage.getByTestId('automation-card').filter({ hasText: 'Kettle guard' });
    await card.waitFor();
    await shot(faPage, 'list-fa');
    await card.getByTestId('automation-edit').click();
    await faPage.getByTestId('condition-row').waitFor();
    await shot(faPage, 'editor-fa');
    await faPage.getByTestId('add-condition').click();
    await faPage.getByTestId('condition-type-schedule').waitFor();
    await shot(faPage, 'condition-types-fa');
    await faPage.getByTestId('back').click();
    await faPage.getByTestId('back').click();
    await card.getByTestId('automation-history').click();
    await faPage.getByTestId('run-trace').first().waitFor();
    await shot(faPage, 'history-fa');
    await fa.close();
  });
});
