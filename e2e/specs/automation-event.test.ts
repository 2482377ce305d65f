/**
 * A device-event (Notify) condition built in the automation editor (decision 038): "when the front
 * door opens, turn the switch on", in Chromium on a phone. The simulated door contact reports its
 * door open over MQTT, the simulated switch turns on, and the run is in the history. Then, in
 * Persian, the saved condition is shown and changed.
 */
import type { HestiaClient } from '@hestia/client';
import { tbTopics } from '@hestia/contract';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from '../axe.ts';
import { artifacts, type E2eStack, PHONE, startE2e } from '../stack.ts';

let stack: E2eStack;
let api: HestiaClient;
let switchId: string;
let doorId: string;
/** The automation the first test saves (a retry saves another of the same name). */
let automationId = '';
/** When the door contact joined the fleet: its own simulated open/close cycle counts from here. */
let doorAddedAt: number;

const NAME = 'Hall light at the door';

beforeAll(async () => {
  stack = await startE2e();
  switchId = stack.deviceOf('switch-two-pole');
  api = await stack.demoClient();
  doorId = await stack.addDevice('door-sensor-door', 'Front door');
  doorAddedAt = Date.now();
});
afterAll(() => stack?.stop());

const relay = () => stack.fleet.devices.get(switchId)?.sim.values.get('relay_1');

/** Visible text without the bidi isolates that keep device names in place in right-to-left text. */
const textOf = async (locator: { textContent(): Promise<string | null> }) =>
  ((await locator.textContent()) ?? '').replace(/[\u2066-\u2069]/g, '');

async function shot(page: Page, name: string): Promise<void> {
  await page.waitForTimeout(400); // transitions settle before the picture
  await page.screenshot({ path: `${artifacts}/automation-event-${name}.png` });
}

/**
 * The simulated contact also opens by itself every 60 s (its catalogue cycle: open 30 s after it
 * joined, closed 30 s later, and so on). Wait, if needed, until its own next opening is more than
 * `clearMs` away and its last one at least 3 s past, so the opening the test reports is the only one.
 */
async function awayFromOwnOpening(clearMs: number): Promise<void> {
  const phase = () => (Date.now() - doorAddedAt) % 60_000; // its own openings come at phase 30 s
  const untilOpen = () => (30_000 - phase() + 60_000) % 60_000;
  const sinceOpen = () => 60_000 - untilOpen();
  const wait = untilOpen() < clearMs ? untilOpen() + 3_000 : sinceOpen() < 3_000 ? 3_000 - sinceOpen() : 0;
  if (wait > 0) await new Promise((r) => setTimeout(r, wait));
}

const publish = (values: Record<string, number>) =>
  stack.fleet.devices
    .get(doorId)
    ?.client.publishAsync(tbTopics.telemetry, JSON.stringify(values), { qos: 1 });

describe('a device-event condition, in Chromium on a phone', () => {
  it('en: builds "when the front door opens, turn output 1 on"; the door opening runs it and the history says so', async () => {
    await api.write(switchId, [{ Key: 'relay_1', Value: 0 }]);
    await expect.poll(relay).toBe(0);

    const context = await stack.newContext('en');
    const page = await context.newPage();
    await stack.logIn(page);
    await page.getByTestId('tab-automation').click();
    await page.getByTestId('segment-automation').click();
    await page.getByTestId('automation-add').click();
    await page.getByTestId('new-automation').click();
    await page.getByTestId('automation-name').fill(NAME);
    await page.getByTestId('add-condition').click();
    const type = page.getByTestId('condition-type-event');
    expect(await textOf(type)).toContain('Device event');
    await type.click();

    // Only devices whose model raises an event are offered: the contact, not the switch.
    await page.getByTestId('screen-select-device').waitFor();
    const door = page.locator(`[data-testid="device-option"][data-device-id="${doorId}"]`);
    await door.waitFor();
    expect(await page.locator(`[data-testid="device-option"][data-device-id="${switchId}"]`).count()).toBe(0);
    expect(await page.getByTestId('screen-select-device').textContent()).toContain(
      'Only devices that report events',
    );
    expect(await axeViolations(page, 'event-device-en')).toEqual([]);
    await door.click();

    // Its events: any, an error, the door opening; never motion or a program's end.
    await page.getByTestId('screen-condition-event').waitFor();
    const options = page.getByTestId('event-option');
    await expect
      .poll(async () => options.evaluateAll((els) => els.map((e) => e.getAttribute('data-event'))))
      .toEqual(['any', 'error', 'door_open']);
    expect(await options.first().getAttribute('aria-pressed')).toBe('true');
    const opened = page.locator('[data-testid="event-option"][data-event="door_open"]');
    await opened.click();
    expect(await opened.getAttribute('aria-pressed')).toBe('true');
    expect(await textOf(opened)).toContain('Door opened');
    await shot(page, 'event-en');
    expect(await axeViolations(page, 'event-en')).toEqual([]);
    // The same screen on a desktop.
    await page.setViewportSize({ width: 1280, height: 800 });
    await shot(page, 'event-desktop-en');
    expect(await axeViolations(page, 'event-desktop-en')).toEqual([]);
    await page.setViewportSize(PHONE);
    await page.getByTestId('condition-save').click();
    await expect.poll(() => textOf(page.getByTestId('condition-row'))).toBe('Front door: door opened');

    await page.getByTestId('add-command').click();
    await page.locator(`[data-testid="device-option"][data-device-id="${switchId}"]`).click();
    await page.locator('[data-testid="param-option"][data-key="relay_1"]').click();
    await page.getByTestId('value-on').click();
    await page.getByTestId('command-save').click();
    await shot(page, 'editor-en');
    expect(await axeViolations(page, 'event-editor-en')).toEqual([]);
    await page.getByTestId('automation-save').click();
    await page.getByTestId('automation-card').filter({ hasText: NAME }).first().waitFor();

    const saved = (await api.call('listAutomations', { query: {} })).findLast((a) => a.name === NAME);
    expect(saved?.conditions).toEqual([
      expect.objectContaining({ conditionType: 4, deviceId: doorId, metadata: { event: 'door_open' } }),
    ]);
    const id = saved?.id as string;
    automationId = id;
    const card = page.getByTestId('automation-card').filter({ has: page.locator(`[href*="${id}"]`) });
    expect(await textOf(card)).toContain('Front door: door opened');

    // The contact reports its door closed, then open, as its firmware does.
    await awayFromOwnOpening(15_000);
    await api.write(switchId, [{ Key: 'relay_1', Value: 0 }]);
    await expect.poll(relay).toBe(0);
    const runsBefore = (await api.call('automationRuns', { params: { id } })).length;
    await publish({ sensor_status: 0 });
    await page.waitForTimeout(500);
    expect(relay()).toBe(0);
    const openedAt = Date.now();
    await publish({ sensor_status: 1 });
    // The switch turns on on the simulated device itself.
    await expect.poll(relay, { timeout: 10_000 }).toBe(1);
    const runs = await api.call('automationRuns', { params: { id } });
    expect(runs.length).toBe(runsBefore + 1);
    expect(runs[0]).toMatchObject({ trigger: 'Notify: door_open' });
    expect(runs[0]?.startedAt).toBeGreaterThanOrEqual(openedAt - 1000);

    // The history: set off by the door's event, the condition held on it, the switch turned on.
    await card.getByTestId('automation-history').click();
    const run = page.getByTestId('run').first();
    await run.waitFor({ timeout: 10_000 });
    await expect.poll(() => run.getAttribute('data-status'), { timeout: 10_000 }).toBe('done');
    expect(await run.getByTestId('run-trigger').textContent()).toBe('Set off by a device event: door opened');
    const condition = run.getByTestId('trace-condition');
    expect(await condition.getAttribute('data-verdict')).toBe('true');
    expect(await textOf(condition)).toContain('Front door: door opened');
    expect(await textOf(condition)).toContain('Observed value: door opened');
    const action = run.getByTestId('trace-action');
    expect(await action.getAttribute('data-result')).toBe('OK');
    expect(await textOf(action)).toContain('Output 1 of Living room lights → On');
    await shot(page, 'history-en');
    // The status pills are green text on a green tint: the theme's success-text (5.5:1), not the fill green.
    expect(await axeViolations(page, 'history-en')).toEqual([]);
    await context.close();
  }, 180_000);

  it('fa: the saved condition reads in Persian, right to left; its event is changed to any', async () => {
    const context = await stack.newContext('fa');
    const page = await context.newPage();
    await stack.logIn(page);
    await page.getByTestId('tab-automation').click();
    await page.getByTestId('segment-automation').click();
    const card = page
      .getByTestId('automation-card')
      .filter({ has: page.locator(`[href*="${automationId}"]`) });
    await card.getByTestId('automation-edit').click();
    const row = page.getByTestId('condition-row');
    await expect.poll(() => textOf(row)).toBe('Front door: باز شدن در');
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await shot(page, 'editor-fa');
    expect(await axeViolations(page, 'event-editor-fa')).toEqual([]);

    await row.getByRole('button').first().click();
    await page.getByTestId('screen-condition-event').waitFor();
    const opened = page.locator('[data-testid="event-option"][data-event="door_open"]');
    await expect.poll(() => opened.getAttribute('aria-pressed')).toBe('true');
    expect(await textOf(opened)).toContain('باز شدن در');
    await shot(page, 'event-fa');
    expect(await axeViolations(page, 'event-fa')).toEqual([]);
    await page.locator('[data-testid="event-option"][data-event="any"]').click();
    await page.getByTestId('condition-save').click();
    await expect.poll(() => textOf(row)).toBe('Front door: هر رویدادی');
    await page.getByTestId('automation-save').click();
    await card.waitFor();
    await expect
      .poll(
        async () =>
          (await api.call('listAutomations', { query: {} })).find((a) => a.id === automationId)?.conditions[0]
            ?.metadata,
      )
      .toEqual({});

    // The type list names the condition in Persian too.
    await card.getByTestId('automation-edit').click();
    await page.getByTestId('add-condition').click();
    expect(await textOf(page.getByTestId('condition-type-event'))).toContain('رویداد دستگاه');
    await shot(page, 'types-fa');
    expect(await axeViolations(page, 'condition-types-fa')).toEqual([]);
    await context.close();
  }, 120_000);
});
