import type { HestiaClient } from '@hestia/client';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artifacts, type E2eStack, startE2e } from '../stack.ts';

/**
 * Issue 17, items 4 and 5: the history of on/off keys (bands) and curtain positions (a step line) from
 * the stored history, and the automation editor's curtain actions, in en and fa on a phone.
 */
let stack: E2eStack;
let api: HestiaClient;
let switchId: string;
let curtainId: string;
let curtainLabel: string;

beforeAll(async () => {
  stack = await startE2e();
  api = await stack.demoClient();
  switchId = stack.deviceOf('switch-two-pole');
  curtainId = stack.deviceOf('curtain-single');
  curtainLabel = (await api.getDevice(curtainId)).label;
});
afterAll(() => stack?.stop());

const simValue = (id: string, key: string) => stack.fleet.devices.get(id)?.sim.values.get(key);

/** Visible text without the bidi isolates that keep device names in place in right-to-left text. */
const textOf = async (locator: { textContent(): Promise<string | null> }) =>
  ((await locator.textContent()) ?? '').replace(/[\u2066-\u2069]/g, '');

async function shot(page: Page, name: string): Promise<void> {
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${artifacts}/charts-curtain-${name}.png` });
}

const chart = (page: Page) => page.getByTestId('history-chart');

/** The value axis's tick labels as drawn on the chart's canvas. */
const yLabels = async (page: Page) =>
  ((await chart(page).getAttribute('data-y-ticks')) ?? '').split('|').filter(Boolean);

async function openReports(page: Page, deviceId: string): Promise<void> {
  await page.goto(`${stack.server.url}/bottom-tab-bar-navigator/device-reports/${deviceId}`);
  await page.getByTestId('screen-device-reports').waitFor();
  await chart(page).waitFor();
}

const WORDS = {
  en: {
    on: 'On',
    off: 'Off',
    noData: 'No data',
    target: 'Curtain target position',
    open: 'Open curtain',
    close: 'Close curtain',
  },
  fa: {
    on: 'روشن',
    off: 'خاموش',
    noData: 'داده‌ای',
    target: 'موقعیت هدف پرده',
    open: 'باز کردن پرده',
    close: 'بستن پرده',
  },
} as const;

describe('history of on/off keys and positions, and curtain actions (phone, Chromium)', () => {
  it.each(['en', 'fa'] as const)(
    'a switch output reads as on/off bands and a curtain position as a step line, from stored history (%s)',
    async (lang) => {
      const w = WORDS[lang];
      await api.write(switchId, [{ Key: 'relay_1', Value: 0 }]);
      await expect.poll(() => simValue(switchId, 'relay_1')).toBe(0);
      const context = await stack.newContext(lang);
      const page = await context.newPage();
      await stack.logIn(page);

      await openReports(page, switchId);
      expect(await chart(page).getAttribute('data-kind')).toBe('step');
      expect(await chart(page).getAttribute('data-metric')).toBe('relay_1');
      await expect.poll(() => chart(page).getAttribute('data-last'), { timeout: 10_000 }).toBe('0');

      // Toggle the switch: a band starts, live.
      await api.write(switchId, [{ Key: 'relay_1', Value: 1 }]);
      await expect
        .poll(() => chart(page).getAttribute('data-bands').then(Number), { timeout: 10_000 })
        .toBeGreaterThanOrEqual(1);

      // Reloaded, the band comes from the stored history alone (and the state before the range).
      await page.waitForTimeout(600);
      await openReports(page, switchId);
      await expect
        .poll(() => chart(page).getAttribute('data-bands').then(Number), { timeout: 10_000 })
        .toBeGreaterThanOrEqual(1);
      expect(await chart(page).getAttribute('data-last')).toBe('1');
      expect(await chart(page).getByText(w.noData).count()).toBe(0);
      expect(await page.getByTestId('history-chart-value').textContent()).toBe(w.on);
      // The value axis says off and on, once each, not 0, 0, 0, 1, 1, 1.
      await expect.poll(() => yLabels(page)).toEqual([w.off, w.on]);
      expect(await page.getByTestId('agg-picker').count()).toBe(0);
      await chart(page).scrollIntoViewIfNeeded();
      await shot(page, `switch-${lang}`);

      // Off again: the band ends; the chart keeps it.
      await api.write(switchId, [{ Key: 'relay_1', Value: 0 }]);
      await expect.poll(() => chart(page).getAttribute('data-last'), { timeout: 10_000 }).toBe('0');
      expect(Number(await chart(page).getAttribute('data-bands'))).toBeGreaterThanOrEqual(1);

      // The curtain: its position as a step line, ending where the curtain stopped.
      const target = lang === 'en' ? 40 : 70;
      await api.write(curtainId, [{ Key: 'positionsetpoint', Value: target }]);
      await expect
        .poll(() => Math.round(Number(simValue(curtainId, 'curtain_percentage'))), { timeout: 10_000 })
        .toBe(target);
      await page.waitForTimeout(600);
      await openReports(page, curtainId);
      expect(await chart(page).getAttribute('data-kind')).toBe('step');
      expect(await chart(page).getAttribute('data-metric')).toBe('curtain_percentage');
      await expect
        .poll(() => chart(page).getAttribute('data-last'), { timeout: 10_000 })
        .toBe(String(target));
      expect(Number(await chart(page).getAttribute('data-points'))).toBeGreaterThanOrEqual(2);
      expect(await chart(page).getByText(w.noData).count()).toBe(0);
      const ticks = await yLabels(page);
      expect(ticks.length).toBeGreaterThan(1);
      expect(new Set(ticks).size).toBe(ticks.length);
      await chart(page).scrollIntoViewIfNeeded();
      await shot(page, `curtain-${lang}`);
      await context.close();
    },
    90_000,
  );

  it.each(['en', 'fa'] as const)(
    'a curtain target-position action starts valid and saves; open and close read as words; one curtain has no number (%s)',
    async (lang) => {
      const w = WORDS[lang];
      const context = await stack.newContext(lang);
      const page = await context.newPage();
      await stack.logIn(page);
      await page.getByTestId('tab-automation').click();
      await page.getByTestId('automation-add').click();
      await page.getByTestId('new-scenario').click();
      const name = `Curtains ${lang}`;
      await page.getByTestId('automation-name').fill(name);

      // Target position: the field is filled with a valid value, and it is taken as it is.
      await page.getByTestId('add-command').click();
      await page.locator(`[data-testid="device-option"][data-device-id="${curtainId}"]`).click();
      await page.locator('[data-testid="param-option"][data-key="positionsetpoint"]').click();
      expect(await page.getByTestId('value-number').inputValue()).toBe('50');
      expect(await page.getByRole('slider').inputValue()).toBe('50');
      const names = (await page.getByTestId('param-option').allTextContents()).join('|');
      expect(names).toContain(w.open);
      expect(names).not.toMatch(/[1۱]/);
      await shot(page, `action-target-${lang}`);
      await page.getByTestId('command-save').click();
      await expect.poll(() => page.getByTestId('command-row').count()).toBe(1);
      expect(await page.getByTestId('command-error').count()).toBe(0);

      // Open, two seconds later: a word, not "→ 1".
      await page.getByTestId('add-command').click();
      await page.locator(`[data-testid="device-option"][data-device-id="${curtainId}"]`).click();
      await page.locator('[data-testid="param-option"][data-key="open_request_1"]').click();
      expect(await textOf(page.getByTestId('value-request'))).toBe(w.open);
      await page.getByTestId('delay-seconds').fill('2');
      await shot(page, `action-open-${lang}`);
      await page.getByTestId('command-save').click();
      // Close, four seconds later.
      await page.getByTestId('add-command').click();
      await page.locator(`[data-testid="device-option"][data-device-id="${curtainId}"]`).click();
      await page.locator('[data-testid="param-option"][data-key="close_request_1"]').click();
      await page.getByTestId('delay-seconds').fill('4');
      await page.getByTestId('command-save').click();
      await expect.poll(() => page.getByTestId('command-row').count()).toBe(3);

      const rows = await Promise.all((await page.getByTestId('command-row').all()).map((r) => textOf(r)));
      expect(rows[0]).toContain(w.target);
      expect(rows[0]).toMatch(lang === 'en' ? /50 %/ : /۵۰ %/);
      expect(rows[1]).toContain(`${w.open}: ${curtainLabel}`);
      expect(rows[2]).toContain(`${w.close}: ${curtainLabel}`);
      for (const row of rows.slice(1)) {
        expect(row).not.toContain('→');
        expect(row).not.toMatch(/[1۱]/);
      }
      await shot(page, `editor-${lang}`);

      await page.getByTestId('automation-save').click();
      await page.getByTestId('scenario-card').filter({ hasText: name }).waitFor();
      const saved = (await api.call('listScenarios', {})).find((a) => a.name === name);
      expect(saved?.commands.map((c) => [c.deviceParameterId, c.value])).toEqual([
        ['positionsetpoint', 50],
        ['open_request_1', 1],
        ['close_request_1', 1],
      ]);
      await context.close();
    },
    90_000,
  );
});

/** Lines a label's text runs over (its line boxes' distinct tops). */
const linesOf = (locator: Locator) =>
  locator.evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
  });

/** A pill's label: on one line and inside its pill. */
async function expectPill(button: Locator): Promise<void> {
  await button.waitFor();
  const label = button.locator('span').last();
  expect(await linesOf(label)).toBe(1);
  const pill = await button.boundingBox();
  const text = await label.boundingBox();
  if (!pill || !text) throw new Error('pill not laid out');
  expect(text.x).toBeGreaterThanOrEqual(pill.x);
  expect(text.x + text.width).toBeLessThanOrEqual(pill.x + pill.width + 0.5);
  expect(text.y).toBeGreaterThanOrEqual(pill.y);
  expect(text.y + text.height).toBeLessThanOrEqual(pill.y + pill.height + 0.5);
  expect(pill.x).toBeGreaterThanOrEqual(0);
  expect(pill.x + pill.width).toBeLessThanOrEqual(390);
}

describe('chip rows and pills on a phone (390 px)', () => {
  it.each(['en', 'fa'] as const)(
    'chart chip rows fade at the end where more chips hide; Download CSV and Send QR image stay on one line in their pills (%s)',
    async (lang) => {
      const plug = stack.deviceOf('plug-metering');
      const context = await stack.newContext(lang);
      const page = await context.newPage();
      await stack.logIn(page);
      await openReports(page, plug);
      const rtl = lang === 'fa';
      for (const id of ['range-picker-row', 'agg-picker-row']) {
        const row = page.getByTestId(id);
        await row.scrollIntoViewIfNeeded();
        // More chips than fit: the end fades, at the right in English and at the left in Persian.
        await expect.poll(() => row.getAttribute('data-more-end')).toBe('true');
        expect(await row.getAttribute('data-more-start')).toBe('false');
        const fade = await page.getByTestId(`${id}-more`).boundingBox();
        const box = await row.boundingBox();
        if (!fade || !box) throw new Error(`${id} not laid out`);
        if (rtl) expect(fade.x).toBeLessThan(box.x + box.width / 2);
        else expect(fade.x).toBeGreaterThan(box.x + box.width / 2);
        if (id === 'range-picker-row') await shot(page, `chips-${lang}`);
        // Scrolled to its end, the row fades at its start instead.
        await row.evaluate(
          (el, toLeft) => el.scrollTo({ left: toLeft ? -el.scrollWidth : el.scrollWidth }),
          rtl,
        );
        await expect.poll(() => row.getAttribute('data-more-end')).toBe('false');
        expect(await row.getAttribute('data-more-start')).toBe('true');
      }

      await page.getByTestId('generate-report').click();
      const csv = page.getByTestId('download-csv');
      await csv.scrollIntoViewIfNeeded();
      await expectPill(csv);
      await shot(page, `csv-pill-${lang}`);

      await page.goto(`${stack.server.url}/bottom-tab-bar-navigator/share-device/${plug}`);
      await page.getByTestId('create-share').click();
      const qr = page.getByTestId('send-qr');
      await expect.poll(() => qr.isEnabled(), { timeout: 10_000 }).toBe(true);
      await expectPill(qr);
      await expectPill(page.getByTestId('send-link'));
      await shot(page, `share-pills-${lang}`);
      await context.close();
    },
    60_000,
  );
});
