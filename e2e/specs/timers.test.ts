import { nextOccurrence, PERSIAN_MONTH_NAMES } from '@hestia/automation';
import type { HestiaClient } from '@hestia/client';
import type { RepeatType } from '@hestia/contract';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDateTime } from '../../apps/web/src/lib/date-format.ts';
import { artifacts, type E2eStack, startE2e } from '../stack.ts';

let stack: E2eStack;
let api: HestiaClient;
let switchId: string;
let plugId: string;

beforeAll(async () => {
  stack = await startE2e();
  switchId = stack.deviceOf('switch-two-pole');
  plugId = stack.deviceOf('plug-metering');
  api = await stack.demoClient();
});
afterAll(() => stack?.stop());

const TAB = '/bottom-tab-bar-navigator';
const sim = (id: string, key: string) => stack.fleet.devices.get(id)?.sim.values.get(key);

async function logIn(page: Page): Promise<void> {
  await stack.logIn(page, { keepSaveLoginOffer: true });
  await page.locator(`[data-testid="device-card"][data-device-id="${switchId}"]`).waitFor();
}

/** Switch the interface language the way the app keeps it (its persisted setting), then reload. */
async function useLanguage(page: Page, language: 'en' | 'fa'): Promise<void> {
  await page.evaluate((lng) => {
    const saved = JSON.parse(localStorage.getItem('app-setting-store') ?? '{"state":{},"version":1}');
    saved.state.selectedLanguage = lng;
    localStorage.setItem('app-setting-store', JSON.stringify(saved));
  }, language);
  await page.reload();
  await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(language);
}

const shot = (page: Page, name: string) => page.screenshot({ path: `${artifacts}/timers-${name}.png` });

describe('timers, schedules and data exchange of a device, in Chromium at 390x844', () => {
  it('sets a one-minute timer that turns the switch off when it ends, refusing a timer the catalogue forbids', async () => {
    await api.write(switchId, [
      { Key: 'relay_1', Value: 1 },
      { Key: 'relay_2', Value: 1 },
    ]);
    await expect.poll(() => sim(switchId, 'relay_1'), { timeout: 5000 }).toBe(1);

    const context = await stack.newContext('en', { colorScheme: 'light' });
    const page = await context.newPage();
    await logIn(page);

    // The way in: the device's settings list the timer among its automation links.
    await page.goto(`${stack.server.url}${TAB}/device-setting/${switchId}`);
    await page.getByTestId('link-set-device-timer').click();
    await page.getByTestId('screen-set-device-timer').waitFor();
    await page.getByTestId('no-running-timer').waitFor();

    // The default actions turn every output off; keep only output 1.
    await expect.poll(() => page.getByTestId('timer-action').count()).toBe(2);
    await page.getByTestId('timer-action-remove').nth(1).click();
    await expect.poll(() => page.getByTestId('timer-action').count()).toBe(1);
    await expect.poll(() => page.getByTestId('timer-action').textContent()).toMatch(/Output 1.*Off/);

    await page.getByTestId('timer-hours').selectOption('0');
    await page.getByTestId('timer-minutes').selectOption('1');
    await page.getByTestId('timer-start').click();
    const remaining = page.getByTestId('timer-remaining');
    await remaining.waitFor();
    const first = await remaining.textContent();
    expect(first).toMatch(/^0:0[01]:\d\d$/);
    // A live countdown: the text moves on by itself.
    await expect.poll(() => remaining.textContent(), { timeout: 5000 }).not.toBe(first);
    await shot(page, 'timer-en');
    expect(sim(switchId, 'relay_1')).toBe(1);

    // The server's clock cannot be moved in this stack: one real minute, then the relay turns off.
    await expect.poll(() => sim(switchId, 'relay_1'), { timeout: 75_000, interval: 500 }).toBe(0);
    expect(sim(switchId, 'relay_2')).toBe(1);
    await page.getByTestId('no-running-timer').waitFor({ timeout: 10_000 });

    // A fan that is off refuses a timer (catalogue rule), with the catalogue's words, before anything is sent.
    const fanId = await stack.addDevice('fan-ceiling', 'Bedroom fan');
    await expect.poll(() => sim(fanId, 'onoff'), { timeout: 5000 }).toBe(0);
    await page.goto(`${stack.server.url}${TAB}/set-device-timer/${fanId}`);
    const refusal = page.getByTestId('timer-refusal');
    await refusal.waitFor({ timeout: 10_000 });
    expect(await refusal.textContent()).toBe(
      'A timer cannot be added while the device is off or in auto mode.',
    );
    expect(await page.getByTestId('timer-start').isDisabled()).toBe(true);
    await shot(page, 'timer-refused-en');
    await api.write(fanId, [{ Key: 'onoff', Value: 1 }]);
    await expect.poll(() => refusal.count(), { timeout: 10_000 }).toBe(0);
    expect(await page.getByTestId('timer-start').isDisabled()).toBe(false);
    await context.close();
  }, 180_000);

  it('creates a weekly schedule with validation, lists it with its next run in en and in fa (Jalali)', async () => {
    const context = await stack.newContext('en', { colorScheme: 'light' });
    const page = await context.newPage();
    await logIn(page);
    await page.goto(`${stack.server.url}${TAB}/device-setting/${switchId}`);
    await page.getByTestId('link-set-device-schedule').click();
    await page.getByTestId('screen-set-device-schedule').waitFor();
    await page.getByTestId('schedule-add').click();
    await page.getByTestId('screen-schedule-edit').waitFor();

    // Nothing filled in: the spec's messages, and nothing is saved.
    await page.getByTestId('schedule-save').click();
    await page.getByText('Schedule name is required.').waitFor();
    await page.getByText('Choose how the schedule repeats.').waitFor();
    await page.getByText('Select a time.').waitFor();

    // Daily, ending the day it starts: shorter than 24 hours.
    await page.getByTestId('schedule-name').fill('Morning lights');
    await page.getByTestId('repeat-daily').click();
    await page.getByTestId('schedule-hour').selectOption('07');
    await page.getByTestId('schedule-minute').selectOption('30');
    await page.getByTestId('schedule-has-end').click();
    for (const part of ['year', 'month', 'day'] as const) {
      const v = await page.getByTestId(`schedule-start-${part}`).inputValue();
      await page.getByTestId(`schedule-end-${part}`).selectOption(v);
    }
    await page.getByText('From start to end must be longer than 24 hours for a daily schedule.').waitFor();
    await shot(page, 'schedule-invalid-en');

    // Weekly on Monday and Wednesday (Saturday is day 0), without an end.
    await page.getByTestId('schedule-has-end').click();
    await page.getByTestId('repeat-weekly').click();
    await page.getByText('Choose at least one day of the week.').waitFor();
    const chips = await page.getByTestId('schedule-days').locator('button').allTextContents();
    expect(chips).toEqual(['Sat', 'Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri']);
    await page.getByTestId('weekday-2').click();
    await page.getByTestId('weekday-4').click();
    await expect.poll(() => page.getByTestId('schedule-preview').locator('li').count()).toBe(3);
    await page.getByTestId('schedule-save').click();
    await page.getByTestId('screen-set-device-schedule').waitFor();

    const [saved] = await api.call('listSchedules', { query: { deviceId: switchId } });
    expect(saved).toMatchObject({ name: 'Morning lights', repeatType: 2, dayOfWeeks: [2, 4], time: '07:30' });
    const next = saved?.nextRunAt as number;
    expect(next).toBe(
      nextOccurrence(
        {
          repeatType: saved?.repeatType as RepeatType,
          startDateTime: saved?.startDateTime as number,
          endDateTime: null,
          dayOfWeeks: [2, 4],
          time: '07:30',
          timeZone: saved?.timeZone as string,
        },
        Date.now(),
      ),
    );
    const row = page.locator(`[data-testid="schedule-row"][data-schedule-id="${saved?.id}"]`);
    await row.waitFor();
    // The app's one date-time formatter, with the weekday a schedule runs on.
    const english = formatDateTime(next, 'en', saved?.timeZone, { weekday: true });
    expect(english).toMatch(/^(Mon|Wed), /);
    expect(await row.getByTestId('schedule-next-run').textContent()).toBe(`Next run: ${english}`);
    expect(await row.textContent()).toContain('Weekly · Mon, Wed · 07:30');
    await shot(page, 'schedule-list-en');

    // Persian: the same run on the Jalali calendar, Persian month name and digits.
    await useLanguage(page, 'fa');
    await row.waitFor();
    const persian = await row.getByTestId('schedule-next-run').textContent();
    expect(persian).toContain(formatDateTime(next, 'fa', saved?.timeZone, { weekday: true }));
    expect(PERSIAN_MONTH_NAMES.some((m) => persian?.includes(m))).toBe(true);
    expect(persian).toContain('۰۷:۳۰');
    await shot(page, 'schedule-list-fa');

    // The editor in Persian shows Jalali dates; pausing and deleting work from the list and the form.
    await row.getByTestId('schedule-active').click();
    await expect.poll(() => row.getAttribute('data-active')).toBe('false');
    await expect
      .poll(
        async () => (await api.call('getSchedule', { params: { scheduleId: saved?.id as string } })).isActive,
      )
      .toBe(false);
    await row.getByTestId('schedule-open').click();
    await page.getByTestId('screen-schedule-edit').waitFor();
    const month = await page.getByTestId('schedule-start-month').locator('option:checked').textContent();
    expect(PERSIAN_MONTH_NAMES).toContain(month);
    await shot(page, 'schedule-edit-fa');
    await page.getByTestId('schedule-delete').click();
    await page.getByTestId('confirm').click();
    await page.getByTestId('screen-set-device-schedule').waitFor();
    await expect
      .poll(async () => (await api.call('listSchedules', { query: { deviceId: switchId } })).length)
      .toBe(0);
    await context.close();
  }, 120_000);

  it('adds a data exchange from the plug to the switch, sees a source change write the target, deletes it', async () => {
    await api.write(switchId, [{ Key: 'relay_2', Value: 0 }]);
    await api.write(plugId, [{ Key: 'relay_1', Value: 0 }]);
    await expect.poll(() => sim(switchId, 'relay_2'), { timeout: 5000 }).toBe(0);

    const context = await stack.newContext('fa', { colorScheme: 'dark' });
    const page = await context.newPage();
    await logIn(page);
    await page.goto(`${stack.server.url}${TAB}/device-setting/${plugId}`);
    await page.getByTestId('link-data-exchange-list').click();
    await page.getByTestId('screen-data-exchange-list').waitFor();
    await page.getByTestId('exchange-add').click();
    await page.getByTestId('screen-connection-device').waitFor();
    await page.getByTestId('exchange-source').selectOption('relay_1');
    await page.getByTestId('exchange-target-device').selectOption(switchId);
    await page.getByTestId('exchange-target-parameter').selectOption('relay_2');
    await shot(page, 'exchange-add-fa');
    await page.getByTestId('exchange-save').click();
    await page.getByTestId('screen-data-exchange-list').waitFor();
    const row = page.getByTestId('exchange-row');
    await row.waitFor();
    expect(await row.textContent()).toContain('خروجی ۱');
    expect(await row.textContent()).toContain('خروجی ۲');
    await shot(page, 'exchange-list-fa');

    // The plug's output turns on: the switch's second output follows; and back off.
    await api.write(plugId, [{ Key: 'relay_1', Value: 1 }]);
    await expect.poll(() => sim(switchId, 'relay_2'), { timeout: 10_000 }).toBe(1);
    await api.write(plugId, [{ Key: 'relay_1', Value: 0 }]);
    await expect.poll(() => sim(switchId, 'relay_2'), { timeout: 10_000 }).toBe(0);

    await page.getByTestId('exchange-delete').click();
    await page.getByTestId('confirm').click();
    await expect.poll(() => row.count(), { timeout: 5000 }).toBe(0);
    expect(await api.call('listDataExchanges', { params: { id: plugId } })).toEqual([]);
    await context.close();
  }, 120_000);

  it('lists the automations that involve the device, with their state, linking to the automation editor', async () => {
    const made = await api.call('saveAutomation', {
      body: {
        name: 'Lights off at night',
        conditions: [{ conditionType: 0 }],
        commands: [{ deviceId: switchId, deviceParameterId: 'relay_1', value: 0 }],
      },
    });
    const context = await stack.newContext('en', { colorScheme: 'dark' });
    const page = await context.newPage();
    await logIn(page);
    await page.goto(`${stack.server.url}${TAB}/device-setting/${switchId}`);
    await page.getByTestId('link-device-automation-list').waitFor();
    await page.screenshot({ path: `${artifacts}/timers-links-en.png`, fullPage: true });
    await page.getByTestId('link-device-automation-list').click();
    await page.getByTestId('screen-device-automation-list').waitFor();
    const row = page.getByTestId('device-automation');
    await row.waitFor();
    expect(await row.textContent()).toContain('Lights off at night');
    expect(await row.textContent()).toContain('1 condition · 1 action');
    expect(await row.getByTestId('automation-state').textContent()).toBe('Active');
    expect(await row.getAttribute('href')).toContain(`add-or-edit-automation?kind=automation&id=${made.id}`);
    await shot(page, 'automations-en');
    // The plug is in no automation.
    await page.goto(`${stack.server.url}${TAB}/device-automation-list/${plugId}`);
    await page.getByText('No automation uses this device').waitFor();
    await context.close();
  }, 120_000);
});
