import { readFileSync } from 'node:fs';
import type { HestiaClient } from '@hestia/client';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artifacts, DEMO_EMAIL, DEMO_PASSWORD, type E2eStack, startE2e } from '../stack.ts';

let stack: E2eStack;
let plugId: string;
let washerId: string;
let api: HestiaClient;

const HOUR = 3_600_000;
const STEP = 5 * 60_000;
/** Four hours of history three days ago: power every 5 min, the plug on for the middle two hours. */
let history: { startTs: number; endTs: number };

beforeAll(async () => {
  stack = await startE2e();
  plugId = stack.deviceOf('plug-metering');
  api = await stack.demoClient();

  const startTs = Math.floor((Date.now() - 3 * 24 * HOUR) / HOUR) * HOUR;
  history = { startTs, endTs: startTs + 4 * HOUR };
  for (let ts = startTs; ts < history.endTs; ts += STEP) {
    const on = ts >= startTs + HOUR && ts < startTs + 3 * HOUR;
    stack.server.telemetry.ingest(
      plugId,
      { power: on ? 1000 + ((ts / STEP) % 5) * 50 : 0, relay_1: on ? 1 : 0 },
      ts,
    );
  }
  // A washer's run in the same hours: idle, washing, rinsing, spinning, done (its phase, an enum key).
  washerId = await stack.addDevice('washing-machine-8kg-1200', 'Washer');
  for (const phase of [0, 1, 2, 3, 4])
    stack.server.telemetry.ingest(washerId, { phase }, history.startTs + (phase * 45 + 1) * 60_000);
});
afterAll(() => stack?.stop());

async function shot(page: Page, name: string, fullPage = false): Promise<void> {
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${artifacts}/charts-${name}.png`, fullPage });
}

/** `YYYY-MM-DDTHH:mm` in the browser's (this machine's) local time. */
function localInput(ts: number): string {
  const d = new Date(ts);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
}

const points = (page: Page, id: string) => page.getByTestId(id).getAttribute('data-points').then(Number);

describe('charts and reports, in Chromium', () => {
  it.each([
    ['en', { width: 1280, height: 800 }],
    ['fa', { width: 390, height: 844 }],
  ] as const)(
    'shows a live chart, a custom-range chart and a downloaded report for the plug (%s)',
    async (lang, viewport) => {
      await api.write(plugId, [{ Key: 'relay_1', Value: 0 }]);
      const context = await stack.newContext(lang, { viewport, acceptDownloads: true });
      const page = await context.newPage();
      await page.goto(stack.server.url);
      await page.getByTestId('login-email').fill(DEMO_EMAIL);
      await page.getByTestId('login-password').fill(DEMO_PASSWORD);
      await page.getByTestId('login-submit').click();
      await page.waitForURL(/dashboard/);
      await page.goto(`${stack.server.url}/bottom-tab-bar-navigator/device-reports/${plugId}`);
      await page.getByTestId('screen-device-reports').waitFor();
      expect(await page.evaluate(() => document.documentElement.dir)).toBe(lang === 'fa' ? 'rtl' : 'ltr');

      // Live: a short range appends points as they arrive; switching the plug on makes power rise.
      await page.locator('[data-testid="range-picker"] [data-value="5m"]').click();
      await page.getByTestId('live-indicator').waitFor();
      await expect.poll(() => page.getByTestId('stale-badge').count(), { timeout: 10_000 }).toBe(0);
      const before = await points(page, 'history-chart');
      await api.write(plugId, [{ Key: 'relay_1', Value: 1 }]);
      await expect
        .poll(() => points(page, 'history-chart'), { timeout: 15_000 })
        .toBeGreaterThanOrEqual(before + 2);
      await expect
        .poll(async () => (await page.getByTestId('reading-power').textContent()) ?? '', { timeout: 10_000 })
        .toMatch(lang === 'fa' ? /[۱-۹]/ : /[1-9]\d* W/);
      await shot(page, `01-live-${lang}`);

      // Custom range over the ingested history: aggregated buckets, and no live points.
      await page.locator('[data-testid="range-picker"] [data-value="custom"]').click();
      await page.getByTestId('custom-from').fill(localInput(history.startTs));
      await page.getByTestId('custom-to').fill(localInput(history.endTs));
      await page.getByTestId('custom-apply').click();
      await expect.poll(() => points(page, 'history-chart'), { timeout: 10_000 }).toBe(48);
      expect(await page.getByTestId('live-indicator').count()).toBe(0);
      const summary = (await page.getByTestId('custom-summary').textContent()) ?? '';
      if (lang === 'fa') expect(summary).toMatch(/۱۴۰[۰-۹]/); // Jalali year in Persian digits
      await page.waitForTimeout(5500); // a live power report arrives every 5 s; none may join
      expect(await points(page, 'history-chart')).toBe(48);
      await page.getByTestId('history-card').scrollIntoViewIfNeeded();
      await shot(page, `02-custom-${lang}`);

      // Tariff (typed in Persian digits in fa), then energy and cost.
      await page.getByTestId('open-tariff').click();
      await page.getByTestId('tariff-price').fill(lang === 'fa' ? '۰٫۲۵' : '0.25');
      await page.getByTestId('tariff-currency').selectOption('EUR');
      await page.getByTestId('tariff-save').click();
      await page.getByTestId('tariff-summary').waitFor();
      await page.getByTestId('energy-card').scrollIntoViewIfNeeded();
      await shot(page, `03-energy-${lang}`);

      // A report for the ingested period: on-time, energy and cost, events; downloaded as CSV.
      await page.locator('[data-testid="report-period-picker"] [data-value="custom"]').click();
      await page.getByTestId('report-from').fill(localInput(history.startTs));
      await page.getByTestId('report-to').fill(localInput(history.endTs));
      await page.getByTestId('generate-report').click();
      await page.getByTestId('report-view').waitFor();
      expect(await page.getByTestId('report-on-relay_1').textContent()).toBe(
        lang === 'fa' ? '۲ ساعت و ۰ دقیقه' : '2 h 0 min',
      );
      expect(await page.getByTestId('report-cost').textContent()).toMatch(lang === 'fa' ? /€/ : /^€0\.\d\d$/);
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByTestId('download-csv').click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^hestia-report-.*\.csv$/);
      const csv = readFileSync((await download.path()) as string, 'utf8');
      expect(csv).toContain('energy_kwh,');
      expect(csv).toMatch(/currency,EUR/);
      expect(csv).toMatch(/on_time_hours_relay_1,2\r\n/);
      expect(csv).toMatch(/,event,relay_1,1\r\n/);
      expect(csv).toMatch(/,event,relay_1,0\r\n/);
      await page.getByTestId('reports-card').scrollIntoViewIfNeeded();
      await shot(page, `04-report-${lang}`);

      // The printable page, on screen and as printed.
      await page.getByTestId('open-printable').click();
      await page.getByTestId('screen-report-print').getByTestId('report-view').waitFor();
      await shot(page, `05-printable-${lang}`, true);
      await page.emulateMedia({ media: 'print' });
      expect(await page.getByTestId('print').isVisible()).toBe(false);
      await shot(page, `06-print-media-${lang}`, true);
      await page.emulateMedia({ media: 'screen' });

      // Offline first: with no socket, the saved state shows at once, marked stale, and old readings are marked.
      expect(await page.evaluate(() => localStorage.getItem('hestia-last-known') ?? '')).toContain(plugId);
      const offline = await context.newPage();
      await offline.addInitScript(() => {
        // A socket that never opens: live data cannot arrive.
        (window as unknown as { WebSocket: unknown }).WebSocket = class {
          readyState = 0;
          send() {}
          close() {}
          addEventListener() {}
          removeEventListener() {}
        };
      });
      await offline.goto(`${stack.server.url}/bottom-tab-bar-navigator/device-reports/${plugId}`);
      await offline.getByTestId('stale-badge').waitFor();
      await expect
        .poll(() => offline.getByTestId('reading-power').getAttribute('data-outdated'), { timeout: 25_000 })
        .toBe('true');
      await shot(offline, `07-stale-${lang}`);
      await context.close();
    },
    150_000,
  );

  it.each(['en', 'fa'] as const)('charts an enum key as a step line with named levels (%s)', async (lang) => {
    const context = await stack.newContext(lang);
    const page = await context.newPage();
    await page.goto(stack.server.url);
    await page.getByTestId('login-email').fill(DEMO_EMAIL);
    await page.getByTestId('login-password').fill(DEMO_PASSWORD);
    await page.getByTestId('login-submit').click();
    await page.waitForURL(/dashboard/);
    await page.goto(`${stack.server.url}/bottom-tab-bar-navigator/device-reports/${washerId}`);
    await page.locator('[data-testid="metric-picker"] [data-value="phase"]').click();
    await page.locator('[data-testid="range-picker"] [data-value="custom"]').click();
    await page.getByTestId('custom-from').fill(localInput(history.startTs));
    await page.getByTestId('custom-to').fill(localInput(history.endTs));
    await page.getByTestId('custom-apply').click();
    const chart = page.getByTestId('history-chart');
    await expect
      .poll(() => chart.getAttribute('data-last-name'), { timeout: 10_000 })
      .toBe(lang === 'fa' ? 'تمام شد' : 'Done');
    expect(await chart.getAttribute('data-kind')).toBe('step');
    const ticks = (await chart.getAttribute('data-y-ticks')) ?? '';
    expect(ticks.split('|')).toEqual(
      lang === 'fa'
        ? ['بیکار', 'در حال شست‌وشو', 'در حال آبکشی', 'در حال چرخش', 'تمام شد']
        : ['Idle', 'Washing', 'Rinsing', 'Spinning', 'Done'],
    );
    expect(ticks).not.toMatch(/[0-9۰-۹]/);
    await page.getByTestId('history-card').scrollIntoViewIfNeeded();
    await shot(page, `08-enum-${lang}`);
    await context.close();
  });
});
