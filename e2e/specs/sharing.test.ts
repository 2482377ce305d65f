import { ApiError, HestiaClient } from '@hestia/client';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artifacts, DEMO_EMAIL, DEMO_PASSWORD, type E2eStack, PHONE, startE2e } from '../stack.ts';

let stack: E2eStack;
let plugId: string;
let switchId: string;

beforeAll(async () => {
  stack = await startE2e();
  plugId = stack.deviceOf('plug-metering');
  switchId = stack.deviceOf('switch-two-pole');
});
afterAll(() => stack?.stop());

const GUEST_PASSWORD = 'Guest-Pass1';

async function apiAs(email: string, password: string): Promise<HestiaClient> {
  let token: string | undefined;
  const client = new HestiaClient({ baseUrl: stack.server.url, getToken: () => token });
  token = (await client.login(email, password)).token;
  return client;
}

async function fillLogin(page: Page, email: string, password: string): Promise<void> {
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
}

const cardOf = (page: Page, id: string) =>
  page.locator(`[data-testid="device-card"][data-device-id="${id}"]`);

async function shot(page: Page, name: string): Promise<void> {
  await page.waitForTimeout(350); // transitions and toasts settle before the picture
  await page.screenshot({ path: `${artifacts}/sharing-${name}.png` });
}

/** Press and hold, as a finger would, to start selection. */
async function longPress(page: Page, target: Locator): Promise<void> {
  await target.hover();
  await page.mouse.down();
  await page.waitForTimeout(700);
  await page.mouse.up();
}

const relay = (id: string) => stack.fleet.devices.get(id)?.sim.values.get('relay_1');

/** Counts attempts, so each (a retry too) signs up its own address. */
let attempt = 0;

describe('places, rooms and sharing, in Chromium', () => {
  it.each(['en', 'fa'] as const)(
    'shares a device by link, follows scope change and revoke live, and organises rooms (%s)',
    async (lang) => {
      const guestEmail = `guest-${lang}-${++attempt}@hestia.local`;
      // A second user, made through the real sign-up API with the code the outbox printed.
      await stack.signUp(guestEmail, GUEST_PASSWORD, 'Guest');

      // The owner, on a desktop in English, on a phone in Persian.
      const ownerCtx = await stack.newContext(lang, {
        viewport: lang === 'en' ? { width: 1280, height: 800 } : PHONE,
        hasTouch: false,
      });
      const owner = await ownerCtx.newPage();
      await owner.goto(stack.server.url);
      await fillLogin(owner, DEMO_EMAIL, DEMO_PASSWORD);
      await cardOf(owner, plugId).waitFor();
      await expect
        .poll(() => owner.evaluate(() => document.documentElement.dir))
        .toBe(lang === 'fa' ? 'rtl' : 'ltr');
      await expect.poll(() => cardOf(owner, plugId).getAttribute('data-state')).toBe('online');
      await shot(owner, `01-dashboard-${lang}`);

      // Owner: device settings → share → control → create the invitation.
      // The card opens the control screen; its gear leads on to the settings.
      await cardOf(owner, plugId).getByTestId('device-open').click();
      await owner.getByTestId('screen-control').waitFor();
      await owner.getByTestId('control-settings').click();
      await owner.getByTestId('screen-device-setting').waitFor();
      await owner.getByTestId('share-device').click();
      await owner.getByTestId('screen-share-device').waitFor();
      await owner.getByTestId('create-share').click();
      const link = (await owner.getByTestId('share-link').textContent())?.trim() ?? '';
      expect(link).toMatch(/\/share\/[A-Za-z0-9_-]{20,64}$/);
      await owner.getByTestId('share-qr').waitFor();
      await shot(owner, `02-share-device-${lang}`);

      // Guest, logged out, opens the link: authenticate first, then straight on to accept.
      const guestCtx = await stack.newContext(lang, { hasTouch: false });
      const guest = await guestCtx.newPage();
      await guest.goto(link);
      await guest.getByTestId('login-email').waitFor();
      await fillLogin(guest, guestEmail, GUEST_PASSWORD);
      await guest.getByTestId('screen-shared-device').waitFor();
      await shot(guest, `03-accept-${lang}`);
      await guest.getByTestId('accept-share').click();
      await expect.poll(() => guest.getByTestId('share-accepted').getAttribute('data-scope')).toBe('control');
      await shot(guest, `04-accepted-${lang}`);
      await guest.getByTestId('open-dashboard').click();

      // The shared card: user-group mark, control access, a working toggle.
      const card = cardOf(guest, plugId);
      await card.waitFor();
      expect(await card.getAttribute('data-access')).toBe('control');
      await card.getByTestId('shared-mark').waitFor();
      await expect.poll(() => card.getAttribute('data-state')).toBe('online');
      const before = relay(plugId);
      await card.getByTestId('quick-toggle').click();
      await expect.poll(() => relay(plugId), { timeout: 5000 }).toBe(before === 1 ? 0 : 1);
      await shot(guest, `05-guest-dashboard-${lang}`);

      // The guest cannot share: the setting says so, the screen refuses, and so does the API.
      await card.getByTestId('device-open').click();
      await guest.getByTestId('screen-control').waitFor();
      await guest.getByTestId('control-settings').click();
      await guest.getByTestId('screen-device-setting').waitFor();
      expect(await guest.getByTestId('setting-access').getAttribute('data-access')).toBe('control');
      expect(await guest.getByTestId('share-device').evaluate((el) => el.tagName)).toBe('DIV');
      await shot(guest, `06-guest-cannot-share-${lang}`);
      const direct = await guestCtx.newPage();
      await direct.goto(`${stack.server.url}/bottom-tab-bar-navigator/share-device/${plugId}`);
      await direct.getByRole('alert').waitFor();
      expect(await direct.getByTestId('create-share').count()).toBe(0);
      await direct.close();
      // The link pasted on general-add opens the same share; text that is no share link is refused in words.
      const paste = await guestCtx.newPage();
      await paste.goto(`${stack.server.url}/bottom-tab-bar-navigator/general-add`);
      await paste.getByTestId('shared-link').fill('https://example.com/not-a-share');
      await paste.getByTestId('shared-link-open').click();
      await paste.getByTestId('shared-link-error').waitFor();
      await paste.getByTestId('shared-link').fill(` ${link} `);
      await expect.poll(() => paste.getByTestId('shared-link-error').count()).toBe(0);
      await paste.getByTestId('shared-link-open').click();
      await paste.waitForURL(new RegExp(`/SharedDevice/${link.split('/share/')[1]}$`));
      await paste.close();
      const guestApi = await apiAs(guestEmail, GUEST_PASSWORD);
      const refused = await guestApi
        .call('createShare', { params: { id: plugId }, body: { scope: 'control' } })
        .catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(ApiError);
      expect((refused as ApiError).message).toBe('Sharing is not allowed.');
      // Back from the settings to the control screen, and back again to the dashboard.
      await guest.getByTestId('back').click();
      await guest.getByTestId('screen-control').waitFor();
      await guest.getByTestId('back').click();
      await card.waitFor();
      // From here on the guest's page must never reload: this mark would vanish.
      await guest.evaluate(() => {
        (window as unknown as { __noReload: boolean }).__noReload = true;
      });
      const notReloaded = () =>
        guest.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload === true);

      // Owner: users → the active share → view only.
      await owner.getByTestId('back').click();
      await owner.getByTestId('common-users').click();
      await owner.getByTestId('screen-common-users').waitFor();
      const activeRow = owner.locator('[data-testid="share-row"]:has([data-status="active"])').first();
      await activeRow.waitFor();
      await shot(owner, `07-common-users-${lang}`);
      await activeRow.click();
      await owner.getByTestId('screen-device-user').waitFor();
      await owner.getByTestId('user-scope-view').click();
      await expect.poll(() => owner.getByTestId('user-scope-view').isChecked()).toBe(true);
      await shot(owner, `08-device-user-${lang}`);

      // Guest, live: view only, no toggle.
      await expect.poll(() => card.getAttribute('data-access'), { timeout: 10_000 }).toBe('view');
      expect(await card.getByTestId('quick-toggle').count()).toBe(0);
      expect(await notReloaded()).toBe(true);
      await shot(guest, `09-guest-view-only-${lang}`);

      // Owner revokes; the guest's card leaves at once.
      await owner.getByTestId('revoke-share').click();
      await owner.getByTestId('confirm').click();
      await owner.getByTestId('screen-common-users').waitFor();
      await owner.locator('[data-testid="share-row"]:has([data-status="deleted"])').first().waitFor();
      await expect.poll(() => card.count(), { timeout: 10_000 }).toBe(0);
      expect(await notReloaded()).toBe(true);
      await shot(guest, `10-guest-revoked-${lang}`);
      await shot(owner, `11-common-users-revoked-${lang}`);
      await guestCtx.close();

      // Organise: add a room, move a device into it by long press, delete the room.
      const roomName = lang === 'en' ? 'Study' : 'اتاق مطالعه';
      await owner.goto(`${stack.server.url}/bottom-tab-bar-navigator/dashboard`);
      await cardOf(owner, switchId).waitFor();
      await owner.getByTestId('manage-rooms').click();
      await owner.getByTestId('screen-room-list').waitFor();
      await owner.getByTestId('add-room').click();
      await owner.getByTestId('room-name').fill(roomName);
      await shot(owner, `12-add-room-${lang}`);
      await owner.getByTestId('room-save').click();
      await owner.getByTestId('screen-room-list').waitFor();
      await owner.getByTestId('room-row').filter({ hasText: roomName }).waitFor();
      await owner.getByTestId('back').click();
      await owner.getByTestId('room-chip').filter({ hasText: roomName }).waitFor();

      await longPress(owner, cardOf(owner, switchId).getByTestId('device-open'));
      await owner.getByTestId('selection-bar').waitFor();
      expect(await cardOf(owner, switchId).getAttribute('data-selected')).toBe('true');
      await shot(owner, `13-selection-${lang}`);
      await owner.getByTestId('bulk-move').click();
      await owner.getByTestId('move-target').filter({ hasText: roomName }).click();
      await owner.getByTestId('selection-bar').waitFor({ state: 'detached' });
      await owner.getByTestId('room-chip').filter({ hasText: roomName }).click();
      await cardOf(owner, switchId).waitFor();
      expect(await owner.getByTestId('device-card').count()).toBe(1);
      await shot(owner, `14-room-with-device-${lang}`);

      const ownerApi = await apiAs(DEMO_EMAIL, DEMO_PASSWORD);
      const tree = await ownerApi.call('assetTree', {});
      const home = tree.find((p) => p.isDefault);
      const room = home?.children.find((r) => r.name === roomName);
      expect((await ownerApi.call('getDevice', { params: { id: switchId } })).assetId).toBe(room?.id);

      await owner.getByTestId('manage-rooms').click();
      await owner.getByTestId('room-row').filter({ hasText: roomName }).click();
      await owner.getByTestId('delete-room').click();
      const dialog = owner.getByTestId('confirm-dialog');
      await dialog.waitFor();
      expect(await dialog.textContent()).toContain(home?.name ?? '');
      await shot(owner, `15-delete-room-${lang}`);
      await owner.getByTestId('confirm').click();
      await owner.getByTestId('screen-room-list').waitFor();
      await expect.poll(() => owner.getByTestId('room-row').filter({ hasText: roomName }).count()).toBe(0);
      await owner.getByTestId('back').click();
      await owner.getByTestId('screen-dashboard').waitFor();
      // 'All rooms' is shown again, and the device is back in the default place.
      await cardOf(owner, switchId).waitFor();
      expect((await ownerApi.call('getDevice', { params: { id: switchId } })).assetId).toBe(home?.id);
      await shot(owner, `16-after-delete-${lang}`);
      await ownerCtx.close();
    },
  );

  // What the guest reads when the owner scopes the share down to view (issue 26, item 3).
  const pausedTexts = {
    en: {
      viewOnly: (device: string) =>
        `Turned off: ${device} is now shared with you for viewing only, so it cannot control it.`,
      paused: 'Paused',
    },
    fa: {
      viewOnly: (device: string) =>
        `خاموش شد: ${device} اکنون فقط برای مشاهده با شما به اشتراک گذاشته شده است و نمی‌تواند آن را کنترل کند.`,
      paused: 'غیرفعال',
    },
  } as const;

  it.each(['en', 'fa'] as const)(
    "says why a guest's schedule and timer were switched off when the share turns view only, live, then revoked (%s)",
    async (lang) => {
      const TAB = '/bottom-tab-bar-navigator';
      // A new address per attempt, so the suite's retry starts clean instead of failing on sign-up.
      const email = `timer-guest-${lang}-${++attempt}@hestia.local`;
      const guestApi = await stack.signUp(email, GUEST_PASSWORD, 'Timer guest');
      const ownerApi = await stack.demoClient();
      const created = await ownerApi.call('createShare', {
        params: { id: plugId },
        body: { scope: 'control' },
      });
      await guestApi.call('finalizeShare', { params: { shareToken: created.token } });
      const label = (await guestApi.call('getDevice', { params: { id: plugId } })).label;

      // The guest's own schedule and a long timer on the shared plug.
      const schedule = await guestApi.call('saveSchedule', {
        params: { id: plugId },
        body: {
          name: lang === 'en' ? 'Kettle at seven' : 'کتری ساعت هفت',
          repeatType: 1,
          startDateTime: Date.now(),
          time: '07:00',
          deviceScheduleActions: [{ deviceParameterId: 'relay_1', value: 1 }],
        },
      });
      const timer = await guestApi.call('saveTimer', {
        params: { id: plugId },
        body: { minutes: 300, actions: [{ deviceParameterId: 'relay_1', value: 0 }] },
      });

      const context = await stack.newContext(lang);
      const page = await context.newPage();
      await stack.logIn(page, { email, password: GUEST_PASSWORD });
      await page.goto(`${stack.server.url}${TAB}/set-device-schedule/${plugId}`);
      const row = page.locator(`[data-testid="schedule-row"][data-schedule-id="${schedule.id}"]`);
      await row.waitFor();
      expect(await row.getAttribute('data-active')).toBe('true');
      expect(await row.getByTestId('paused-reason').count()).toBe(0);

      // The owner makes the share view only; the guest's list says why, without a reload.
      await page.evaluate(() => {
        (window as unknown as { __noReload: boolean }).__noReload = true;
      });
      const share = (await ownerApi.call('listShares', { query: { deviceId: plugId } })).find(
        (x) => x.id === created.id,
      );
      expect(share?.status).toBe('active');
      await ownerApi.call('updateShare', {
        params: { id: plugId, shareId: share?.id as string },
        body: { scope: 'view' },
      });
      const note = row.getByTestId('paused-reason');
      await note.waitFor({ timeout: 10_000 });
      expect(await note.getAttribute('data-code')).toBe('view_only');
      expect(await note.textContent()).toBe(pausedTexts[lang].viewOnly(label));
      await expect.poll(() => row.getAttribute('data-active')).toBe('false');
      expect(await row.getByTestId('schedule-next-run').textContent()).toBe(pausedTexts[lang].paused);
      expect(await row.getByTestId('schedule-active').isDisabled()).toBe(true);
      expect(
        await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload === true),
      ).toBe(true);
      await shot(page, `18-guest-schedule-paused-${lang}`);

      // Its edit screen says it too.
      await row.getByTestId('schedule-open').click();
      await page.getByTestId('screen-schedule-edit').waitFor();
      const editNote = page.getByTestId('paused-reason');
      await editNote.waitFor();
      expect(await editNote.textContent()).toBe(pausedTexts[lang].viewOnly(label));
      await shot(page, `19-guest-schedule-edit-paused-${lang}`);

      // The timer stopped before its end is listed with the same reason, and can be cancelled.
      await page.goto(`${stack.server.url}${TAB}/set-device-timer/${plugId}`);
      const stopped = page.locator(`[data-testid="stopped-timer"][data-timer-id="${timer.id}"]`);
      await stopped.waitFor();
      expect(await stopped.getByTestId('paused-reason').getAttribute('data-code')).toBe('view_only');
      expect(await stopped.getByTestId('paused-reason').textContent()).toBe(
        pausedTexts[lang].viewOnly(label),
      );
      await shot(page, `20-guest-timer-paused-${lang}`);
      const mine = await guestApi.call('listSchedules', { query: { deviceId: plugId } });
      expect(mine.find((x) => x.id === schedule.id)?.pausedReason).toEqual({
        code: 'view_only',
        deviceId: plugId,
      });

      // Revoked: the device's screens are gone for the guest, and the schedule stays off with its reason.
      await ownerApi.call('deleteShare', { params: { id: plugId, shareId: share?.id as string } });
      await page.getByTestId('device-gone').waitFor({ timeout: 10_000 });
      const after = await guestApi.call('listSchedules', { query: {} });
      expect(after.find((x) => x.id === schedule.id)).toMatchObject({
        isActive: false,
        pausedReason: { code: 'view_only' },
      });
      await context.close();
    },
  );

  it('keeps a home of 500 devices light: only the cards near the viewport are in the page', async () => {
    const context = await stack.newContext('en', { hasTouch: false });
    const page = await context.newPage();
    // The list answers with 500 copies of the plug, so the grid is measured without seeding 500
    // devices; their ids are no one's, so the live socket is held back (it would refuse them).
    await page.routeWebSocket(/\/api\/ws/, () => undefined);
    await page.route('**/api/v1/customer/devices', async (route) => {
      const res = await route.fetch();
      const body = (await res.json()) as { data: Array<Record<string, unknown>> };
      const plug = body.data.find((d) => d.id === plugId) as Record<string, unknown>;
      body.data = Array.from({ length: 500 }, (_, i) => ({
        ...plug,
        id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
        label: `Plug ${i + 1}`,
      }));
      await route.fulfill({ response: res, json: body });
    });
    await page.goto(stack.server.url);
    await fillLogin(page, DEMO_EMAIL, DEMO_PASSWORD);
    await page.getByTestId('device-card').first().waitFor();
    expect(await page.getByTestId('device-card').count()).toBeLessThan(40);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.getByText('Plug 500', { exact: true }).waitFor();
    expect(await page.getByTestId('device-card').count()).toBeLessThan(40);
    await shot(page, '17-500-devices-bottom-en');
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await context.close();
  });
});
