import { randomBytes } from 'node:crypto';
import type { HestiaClient } from '@hestia/client';
import { DEMO_EMAIL, DeviceRepository, newAccessToken, UserRepository } from '@hestia/server';
import type { OtaSettings } from '@hestia/simulator';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artifacts, type E2eStack, startE2e } from '../stack.ts';

/**
 * Issue 20: a simulated plug's firmware updated from its settings in Chromium, in English and in
 * Persian; the states come from the device over MQTT as it downloads the package in chunks.
 */

const TAB = '/bottom-tab-bar-navigator';
const OPERATOR_KEY = 'e2e-operator-key-firmware-0123456789abcdef';
/** Slow enough to watch: 8 chunks a quarter second apart, half a second per state. */
const WATCHABLE: Partial<OtaSettings> = { chunkSize: 1024, chunkMs: 250, stepMs: 500 };
let stack: E2eStack;
let api: HestiaClient;

/** A simulated plug in the demo home running firmware 7.15 (the card's red dot: above version 6). */
async function plug(name: string, ota: Partial<OtaSettings>, version = '7.15'): Promise<string> {
  const db = stack.server.database.db;
  const owner = await new UserRepository(db).findByUsername(DEMO_EMAIL);
  const place = (await new DeviceRepository(db).simulated())[0]?.assetId ?? null;
  const row = await new DeviceRepository(db).create({
    ownerId: owner?.id as string,
    assetId: place,
    name,
    label: name,
    profileId: 'plug-basic',
    accessToken: newAccessToken(),
    simulated: true,
  });
  await stack.fleet.add({
    id: row.id,
    accessToken: row.accessToken,
    profileId: 'plug-basic',
    firmware: { title: 'plug-basic', version },
    ota,
  });
  await expect
    .poll(async () => (await api.call('firmwareStatus', { params: { id: row.id } })).currentVersion, {
      timeout: 20_000,
    })
    .toBe(version);
  return row.id;
}

const shot = (page: Page, file: string) => page.screenshot({ path: `${artifacts}/${file}.png` });
const phase = (page: Page) => page.getByTestId('firmware-state').getAttribute('data-state');

/** The phases the screen shows until `last`, each once, in order. */
async function watch(page: Page, last: string, onPhase: (p: string) => Promise<void>): Promise<string[]> {
  const seen: string[] = [];
  await expect
    .poll(
      async () => {
        const p = await phase(page);
        if (p && p !== seen.at(-1)) {
          seen.push(p);
          await onPhase(p);
        }
        return p;
      },
      { timeout: 30_000, interval: 150 },
    )
    .toBe(last);
  return seen;
}

const cardDot = (page: Page, name: string) =>
  page.getByTestId('device-card').filter({ hasText: name }).getByTestId('firmware-dot');

beforeAll(async () => {
  stack = await startE2e({ OPERATOR_KEY });
  api = await stack.demoClient();
  const res = await fetch(`${stack.server.url}/api/operator/firmware`, {
    method: 'POST',
    headers: { authorization: `Bearer ${OPERATOR_KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      profile: 'plug-basic',
      version: '8.0',
      data: randomBytes(8000).toString('base64'),
    }),
  });
  expect(res.status).toBe(200);
}, 60_000);
afterAll(() => stack?.stop());

describe('firmware update', () => {
  it('a plug below the firmware floor (7.15) says so and takes no command; its update lifts it (issue 25, en)', async () => {
    const id = await plug('Old plug', { chunkSize: 4096, chunkMs: 20, stepMs: 50 }, '7.9');
    const device = () => stack.fleet.devices.get(id)?.sim.values.get('relay_1');
    const page = await (await stack.newContext('en')).newPage();
    await stack.logIn(page);
    const card = page.locator(`[data-testid="device-card"][data-device-id="${id}"]`);
    // The card says it too, and offers no quick toggle that the server would refuse.
    await card.getByTestId('device-firmware-too-old').waitFor({ timeout: 10_000 });
    expect(await card.getByTestId('quick-toggle').count()).toBe(0);
    await card.scrollIntoViewIfNeeded();
    await shot(page, 'firmware-floor-card-en');
    await card.getByTestId('device-open').click();
    const notice = page.getByTestId('control-notice');
    await expect.poll(() => notice.getAttribute('data-reason'), { timeout: 10_000 }).toBe('firmware');
    expect(await notice.textContent()).toContain('Device not up to date, contact support.');
    await shot(page, 'firmware-floor-en');
    // A command is refused by the server, in the same words, and never reaches the plug.
    const before = device();
    await page.getByTestId('key-relay_1').click();
    await page.getByText('Device not up to date, contact support.').last().waitFor({ timeout: 10_000 });
    expect(device()).toBe(before);
    // The notice leads the owner to the update; once on 8.0 the plug is controlled again.
    await page.getByTestId('control-firmware-update').click();
    await expect.poll(() => phase(page), { timeout: 20_000 }).toBe('available');
    await page.getByTestId('firmware-update-button').click();
    await page.getByTestId('firmware-updated').waitFor({ timeout: 30_000 });
    await page.goto(`${stack.server.url}${TAB}/dashboard`);
    await card.getByTestId('quick-toggle').waitFor({ timeout: 10_000 });
    expect(await card.getByTestId('device-firmware-too-old').count()).toBe(0);
    await card.getByTestId('device-open').click();
    await expect
      .poll(() => page.getByTestId('control-body').getAttribute('data-enabled'), { timeout: 10_000 })
      .toBe('true');
    expect(await page.getByTestId('control-notice').count()).toBe(0);
    await page.getByTestId('key-relay_1').click();
    await expect.poll(device, { timeout: 10_000 }).not.toBe(before);
  });

  it('updates a plug from its settings and shows each state to UPDATED; the red dot clears (en)', async () => {
    const id = await plug('Hall plug', WATCHABLE);
    const page = await (await stack.newContext('en')).newPage();
    await stack.logIn(page);
    await cardDot(page, 'Hall plug').waitFor();
    await page.goto(`${stack.server.url}${TAB}/device-setting/${id}`);
    await page.getByTestId('device-firmware').click();
    await expect.poll(() => phase(page), { timeout: 20_000 }).toBe('available');
    expect(await page.getByTestId('firmware-current').textContent()).toContain('7.15');
    expect(await page.getByTestId('firmware-available').textContent()).toContain('8.0');
    await shot(page, 'firmware-available-en');
    await page.getByTestId('firmware-update-button').click();
    let percentShot = false;
    const seen = await watch(page, 'updated', async (p) => {
      if (p === 'downloading' && !percentShot) {
        const bar = page.getByTestId('firmware-progress');
        await bar.waitFor();
        percentShot = true;
        // The bar climbs with the chunks (8 of 1 KiB); the shot shows it part way.
        await expect
          .poll(async () => Number(await bar.getAttribute('aria-valuenow').catch(() => '100')), {
            timeout: 5000,
          })
          .toBeGreaterThan(0);
        await shot(page, 'firmware-downloading-en');
      }
    });
    // The polled screen may skip a short state, never reorder them.
    const order = ['starting', 'downloading', 'downloaded', 'verifying', 'installing', 'updated'];
    expect(seen.filter((p) => p !== 'available')).toEqual(order.filter((p) => seen.includes(p)));
    expect(seen).toEqual(expect.arrayContaining(['downloading', 'installing', 'updated']));
    await page.getByTestId('firmware-updated').waitFor();
    expect(await page.getByTestId('firmware-current').textContent()).toContain('8.0');
    expect(await page.getByTestId('firmware-update-button').count()).toBe(0);
    await shot(page, 'firmware-updated-en');
    await page.goto(`${stack.server.url}${TAB}/dashboard`);
    await page.getByTestId('device-card').filter({ hasText: 'Hall plug' }).waitFor();
    await expect.poll(() => cardDot(page, 'Hall plug').count(), { timeout: 20_000 }).toBe(0);
  });

  it('shows a failed update with its reason in Persian, and the retry brings it to UPDATED (fa)', async () => {
    const id = await plug('Kitchen plug', { ...WATCHABLE, chunkMs: 0, corrupt: 'checksum' });
    const page = await (await stack.newContext('fa')).newPage();
    await stack.logIn(page);
    await page.goto(`${stack.server.url}${TAB}/deviceFirmwareUpdate/${id}`);
    await expect.poll(() => phase(page), { timeout: 20_000 }).toBe('available');
    expect(await page.getByTestId('firmware-current').textContent()).toContain('۷.۱۵');
    await page.getByTestId('firmware-update-button').click();
    await watch(page, 'failed', async () => undefined);
    expect(await page.getByTestId('firmware-failure').textContent()).toContain('چک‌سام');
    await shot(page, 'firmware-failed-fa');
    const device = stack.fleet.devices.get(id);
    if (device) device.ota.settings.corrupt = null;
    await page.getByTestId('firmware-update-button').click();
    let percentShot = false;
    await watch(page, 'updated', async (p) => {
      if (p === 'installing' && !percentShot) {
        percentShot = true;
        await shot(page, 'firmware-installing-fa');
      }
    });
    expect(await page.getByTestId('firmware-current').textContent()).toContain('۸.۰');
    await shot(page, 'firmware-updated-fa');
  });

  it("says 'taking longer than expected' when an update hangs (en, the page's clock moved on)", async () => {
    const id = await plug('Porch plug', { ...WATCHABLE, stepMs: 60_000 });
    const page = await (await stack.newContext('en')).newPage();
    await page.clock.install();
    await stack.logIn(page);
    await page.goto(`${stack.server.url}${TAB}/deviceFirmwareUpdate/${id}`);
    await expect.poll(() => phase(page), { timeout: 20_000 }).toBe('available');
    await page.getByTestId('firmware-update-button').click();
    await expect.poll(() => phase(page), { timeout: 20_000 }).toBe('starting');
    expect(await page.getByTestId('firmware-slow').count()).toBe(0);
    await page.clock.fastForward('03:30');
    await page.getByTestId('firmware-slow').waitFor({ timeout: 20_000 });
    expect(await phase(page)).toBe('starting');
    await shot(page, 'firmware-slow-en');
  });
});
