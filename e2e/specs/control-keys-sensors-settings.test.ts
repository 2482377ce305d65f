import { getError, getProfile } from '@hestia/catalog';
import { HestiaClient } from '@hestia/client';
import { tbTopics } from '@hestia/contract';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artifacts, type E2eStack, startE2e } from '../stack.ts';

/**
 * Issue 7, part B: the key, sensor, lock and vacuum panels and the device settings screens, against
 * simulated devices over MQTT in Chromium. Every control is checked on the simulated device itself,
 * and every live value the screen shows comes from the device's own telemetry.
 */
let stack: E2eStack;
let api: HestiaClient;
const ids: Record<string, string> = {};
const TAB = '/bottom-tab-bar-navigator';

const DEVICES = {
  scenarioKey: ['scenario-key-4', 'Hall scenario key'],
  pushButton: ['push-button-2key', 'Bedside button'],
  pirButton: ['pir-button-1key', 'Corridor button'],
  pir: ['pir-sensor-ceiling', 'Hall motion'],
  door: ['door-sensor-door', 'Front door contact'],
  vibration: ['vibration-sensor-standard', 'Window vibration'],
  lock: ['door-lock-full', 'Front door lock'],
  vacuum: ['vacuum-cleaner-lidar', 'Robot'],
  touch: ['switch-two-pole-touch', 'Kitchen touch switch'],
  relay: ['relay-2ch-din', 'Garage relay'],
  curtains: ['curtain-triple', 'Lounge curtains'],
  glass: ['switch-one-pole-glass', 'Glass switch'],
} as const;
type Name = keyof typeof DEVICES;

beforeAll(async () => {
  stack = await startE2e();
  for (const [name, [profileId, label]] of Object.entries(DEVICES))
    ids[name] = await stack.addDevice(profileId, label);
  api = await stack.demoClient();
});
afterAll(() => stack?.stop());

const device = (name: Name) => {
  const d = stack.fleet.devices.get(ids[name] as string);
  if (!d) throw new Error(`no simulated ${name}`);
  return d;
};
const sim = (name: Name, key: string) => device(name).sim.values.get(key);
/** The device itself reports values (a press, a door opening), as firmware does over MQTT. */
const report = (name: Name, values: Record<string, number | string>) =>
  device(name).client.publishAsync(tbTopics.telemetry, JSON.stringify(values), { qos: 1 });
/** The simulated device raises a catalogue fault, as `simulate.raiseError` does. */
const raise = (name: Name, code: string) => report(name, device(name).sim.raise(code));
const clear = (name: Name) => report(name, device(name).sim.clearErrors());
const faultText = (code: string, lang: 'en' | 'fa') => getError(code)?.messages[lang] as string;

async function logIn(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await stack.logIn(page, { keepSaveLoginOffer: true });
  await page.getByTestId('device-card').first().waitFor();
  return page;
}

/** The control screen the device's profile names (spec section 2), as a card opens it. */
async function openControl(page: Page, name: Name): Promise<void> {
  const profile = getProfile(DEVICES[name][0]);
  await page.goto(`${stack.server.url}${TAB}/${profile?.route.name}/${ids[name]}`);
  await page.getByTestId('control-body').waitFor();
  await expect
    .poll(() => page.getByTestId('control-body').getAttribute('data-enabled'), { timeout: 10_000 })
    .toBe('true');
}

async function shot(page: Page, file: string): Promise<void> {
  await page.waitForTimeout(350);
  await page.screenshot({ path: `${artifacts}/${file}.png` });
}

/** A raised fault shows its catalogue message; clearing it removes the message. */
async function faultShows(page: Page, name: Name, code: string, lang: 'en' | 'fa' = 'en'): Promise<void> {
  await raise(name, code);
  const message = page.getByText(faultText(code, lang), { exact: false });
  await message.first().waitFor({ timeout: 10_000 });
  await clear(name);
  await expect.poll(() => message.count(), { timeout: 10_000 }).toBe(0);
}

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
    for (const a of await api.call('listKeyActions', { params: { id: ids.scenarioKey as string } }))
      await api.call('deleteKeyAction', { params: { id: ids.scenarioKey as string, actionId: a.id } });
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
      (await api.call('listKeyActions', { params: { id: ids.scenarioKey as string } }))
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

describe('sensors', () => {
  it('motion sensor: state, sensitivity and delay pickers, events', async () => {
    const context = await stack.newContext('en');
    const page = await logIn(context);
    await openControl(page, 'pir');
    await report('pir', { motion_status: 1 });
    await expect
      .poll(() => page.getByTestId('motion-status').getAttribute('data-state'), { timeout: 10_000 })
      .toBe('1');
    await page
      .getByTestId('event')
      .filter({ hasText: 'Motion detected' })
      .first()
      .waitFor({ timeout: 10_000 });

    await page.getByTestId('pir-sensor-sensitivity').click();
    await page.getByTestId('pir-sensor-sensitivity-options').locator('[data-value="8"]').click();
    await expect.poll(() => sim('pir', 'sensivity'), { timeout: 10_000 }).toBe(8);
    await expect.poll(() => page.getByTestId('pir-sensor-sensitivity-value').textContent()).toBe('8');

    await page.getByTestId('pir-sensor-delay').click();
    await page.getByTestId('pir-sensor-delay-options').locator('[data-value="120"]').click();
    await expect.poll(() => sim('pir', 'delay'), { timeout: 10_000 }).toBe(120);
    await expect.poll(() => page.getByTestId('pir-sensor-delay-value').textContent()).toBe('2 min');
    await report('pir', { motion_status: 0 });
    await expect
      .poll(() => page.getByTestId('motion-status').getAttribute('data-state'), { timeout: 10_000 })
      .toBe('0');
    await shot(page, 'sensors-pir-en');
    await faultShows(page, 'pir', 'device.error');
    await context.close();
  });

  it('door and vibration sensors: state and event lists follow the device', async () => {
    const context = await stack.newContext('fa');
    const page = await logIn(context);
    await openControl(page, 'door');
    await report('door', { sensor_status: 1 });
    await expect
      .poll(() => page.getByTestId('door-status').getAttribute('data-state'), { timeout: 10_000 })
      .toBe('1');
    await report('door', { sensor_status: 0 });
    await expect
      .poll(() => page.getByTestId('door-status').getAttribute('data-state'), { timeout: 10_000 })
      .toBe('0');
    await expect.poll(() => page.getByTestId('event').count(), { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
    await shot(page, 'sensors-door-fa');
    await faultShows(page, 'door', 'device.error', 'fa');

    await openControl(page, 'vibration');
    await report('vibration', { vibration_status: 1 });
    await expect
      .poll(() => page.getByTestId('vibration-status').getAttribute('data-state'), { timeout: 10_000 })
      .toBe('1');
    await expect.poll(() => page.getByTestId('event').count(), { timeout: 10_000 }).toBeGreaterThanOrEqual(1);
    await page.getByTestId('vibration-sensitivity').click();
    await page.getByTestId('vibration-sensitivity-options').locator('[data-value="3"]').click();
    await expect.poll(() => sim('vibration', 'sensivity'), { timeout: 10_000 }).toBe(3);
    await shot(page, 'sensors-vibration-fa');
    await faultShows(page, 'vibration', 'device.error', 'fa');
    await context.close();
  });
});

describe('lock and vacuum', () => {
  it('door lock: bell, events with user, date and method, and the open command', async () => {
    const context = await stack.newContext('en');
    const page = await logIn(context);
    await openControl(page, 'lock');
    await report('lock', {
      event: 1,
      user_type: 1,
      user_number: 3,
      open_method: 0,
      event_date: new Date().toISOString(),
    });
    await expect
      .poll(() => page.getByTestId('lock-status').getAttribute('data-state'), { timeout: 10_000 })
      .toBe('1');
    const line = page.getByTestId('event').filter({ hasText: 'Door opened' }).filter({ hasText: 'User 3' });
    await line.filter({ hasText: 'Fingerprint' }).first().waitFor({ timeout: 10_000 });
    await report('lock', { event: 3, user_type: 2, user_number: 1, open_method: 2 });
    await page
      .getByTestId('event')
      .filter({ hasText: 'Failed attempt to open' })
      .filter({ hasText: 'Card' })
      .first()
      .waitFor({ timeout: 10_000 });
    await report('lock', { bell: 1 });
    await expect
      .poll(() => page.getByTestId('lock-bell').getAttribute('data-state'), { timeout: 10_000 })
      .toBe('1');
    await shot(page, 'lock-en');

    // The open command reaches the device (a write-only request: the device answered OK).
    let unlocks = 0;
    device('lock').client.on('message', (_topic, payload) => {
      if (payload.toString().includes('unlock')) unlocks++;
    });
    await page.getByTestId('lock-open').click();
    await page.getByTestId('confirm').click();
    await expect.poll(() => unlocks, { timeout: 10_000 }).toBe(1);
    await faultShows(page, 'lock', 'motor.P7');
    await context.close();
  });

  it('vacuum: cleaning modes and back to the dock change the device; the state follows', async () => {
    const context = await stack.newContext('fa');
    const page = await logIn(context);
    await openControl(page, 'vacuum');
    await page.getByTestId('vacuum-move').locator('[data-value="1"]').click();
    await expect.poll(() => sim('vacuum', 'move'), { timeout: 10_000 }).toBe(1);
    await expect
      .poll(() => page.getByTestId('vacuum-state').getAttribute('data-state'), { timeout: 10_000 })
      .toBe(String(sim('vacuum', 'state')));
    await page.getByTestId('vacuum-move').locator('[data-value="3"]').click();
    await expect.poll(() => sim('vacuum', 'move'), { timeout: 10_000 }).toBe(3);
    await expect
      .poll(() => page.getByTestId('vacuum-move').locator('[aria-pressed="true"]').getAttribute('data-value'))
      .toBe('3');
    let homes = 0;
    device('vacuum').client.on('message', (_topic, payload) => {
      if (payload.toString().includes('"home"')) homes++;
    });
    await page.getByTestId('vacuum-home').click();
    await expect.poll(() => homes, { timeout: 10_000 }).toBe(1);
    await shot(page, 'vacuum-fa');
    await faultShows(page, 'vacuum', 'motor.P5', 'fa');
    await context.close();
  });
});

describe('a view-only share', () => {
  it('shows the panels and settings without controls', async () => {
    const email = 'viewer@hestia.local';
    const password = 'Viewer-Pass1';
    const anon = new HestiaClient({ baseUrl: stack.server.url });
    await anon.call('register', { body: { username: email, password, firstName: 'Viewer' } });
    const sent = () => stack.outbox.find((l) => l.includes(email) && /\b\d{6}\b/.test(l));
    await expect.poll(sent, { timeout: 5000 }).toBeTruthy();
    const code = /\b(\d{6})\b/.exec(sent() ?? '')?.[1] as string;
    await anon.call('registerFinalize', { body: { username: email, code } });
    let token: string | undefined;
    const viewer = new HestiaClient({ baseUrl: stack.server.url, getToken: () => token });
    token = (await viewer.login(email, password)).token;
    for (const name of ['scenarioKey', 'pir', 'touch'] as const) {
      const share = await api.call('createShare', {
        params: { id: ids[name] as string },
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

    const open = async (name: Name) => {
      await page.goto(`${stack.server.url}${TAB}/${getProfile(DEVICES[name][0])?.route.name}/${ids[name]}`);
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
    await page.goto(`${stack.server.url}${TAB}/beep/${ids.touch}`);
    await page.getByTestId('view-only-notice').waitFor();
    expect(await page.getByTestId('beep_status').isDisabled()).toBe(true);
    await page.goto(`${stack.server.url}${TAB}/edit-key-title/${ids.touch}`);
    await page.getByTestId('title-relay_1').waitFor();
    expect(await page.getByTestId('save-key-titles').isDisabled()).toBe(true);
    expect(await page.getByTestId('title-relay_1').isDisabled()).toBe(true);
    await shot(page, 'settings-view-only-en');
    await context.close();
  });
});

describe('device settings', () => {
  it('shows the model’s settings and each one changes the device; titles persist after a reload', async () => {
    const id = ids.touch as string;
    const context = await stack.newContext('en');
    const page = await logIn(context);
    await page.goto(`${stack.server.url}${TAB}/device-setting/${id}`);
    await page.getByTestId('link-lightIntensity').waitFor();
    for (const link of [
      'memoryStatus',
      'editKeyTitle',
      'switchKeyList',
      'beep',
      'wifiStatusDisplay',
      'advanced',
    ])
      await page.getByTestId(`link-${link}`).waitFor();
    expect(await page.getByTestId('link-editCurtainName').count()).toBe(0);
    expect(await page.getByTestId('link-temperatureRange').count()).toBe(0);
    await shot(page, 'settings-device-en');

    // Light intensity: the slider sends on release.
    await page.getByTestId('link-lightIntensity').click();
    await page.getByTestId('slider-keys_light_intensity_l').fill('35');
    await expect.poll(() => sim('touch', 'keys_light_intensity_l'), { timeout: 10_000 }).toBe(35);
    await page.getByTestId('slider-keys_light_intensity_h').fill('90');
    await expect.poll(() => sim('touch', 'keys_light_intensity_h'), { timeout: 10_000 }).toBe(90);
    await expect.poll(() => page.getByTestId('value-keys_light_intensity_h').textContent()).toBe('90 %');
    await shot(page, 'settings-light-en');

    // Beep.
    await page.goto(`${stack.server.url}${TAB}/beep/${id}`);
    const beep = page.getByTestId('beep_status');
    await expect
      .poll(() => beep.getAttribute('aria-checked'))
      .toBe(sim('touch', 'beep_status') === 1 ? 'true' : 'false');
    const beepBefore = sim('touch', 'beep_status');
    await beep.click();
    await expect.poll(() => sim('touch', 'beep_status'), { timeout: 10_000 }).toBe(beepBefore === 1 ? 0 : 1);
    await expect.poll(() => beep.getAttribute('aria-checked')).toBe(beepBefore === 1 ? 'false' : 'true');

    // Memory mode of key 1: on after a power cut.
    await page.goto(`${stack.server.url}${TAB}/memory-status/${id}`);
    await page.getByTestId('relay_memory_mode_1-options').locator('[data-value="1"]').click();
    await expect.poll(() => sim('touch', 'relay_memory_mode_1'), { timeout: 10_000 }).toBe(1);
    await expect
      .poll(() => page.getByTestId('relay_memory_mode_1').getAttribute('data-value'), { timeout: 10_000 })
      .toBe('1');
    await shot(page, 'settings-memory-en');

    // A key title is kept by the server: still there after a reload, and in the key list.
    await page.goto(`${stack.server.url}${TAB}/edit-key-title/${id}`);
    await page.getByTestId('title-relay_1').fill('Desk lamp');
    await page.getByTestId('save-key-titles').click();
    await page.getByText('Saved').first().waitFor();
    await page.reload();
    await expect
      .poll(() => page.getByTestId('title-relay_1').inputValue(), { timeout: 10_000 })
      .toBe('Desk lamp');
    await page.goto(`${stack.server.url}${TAB}/switch-keyList-screen/${id}`);
    await expect
      .poll(() => page.getByTestId('key-title-relay_1').textContent(), { timeout: 10_000 })
      .toBe('Desk lamp');
    await page.getByTestId('channel_action_mode_2-options').locator('[data-value="1"]').click();
    await expect.poll(() => sim('touch', 'channel_action_mode_2'), { timeout: 10_000 }).toBe(1);
    await shot(page, 'settings-keys-en');

    // Wi-Fi status through the settings route; the Wi-Fi light is a setting type the device takes.
    await page.goto(`${stack.server.url}${TAB}/wifi-status-display/${id}`);
    const led = page.getByTestId('field-wifi_display_status');
    await led.waitFor();
    const ledBefore = sim('touch', 'wifi_display_status');
    await led.click();
    await expect
      .poll(() => sim('touch', 'wifi_display_status'), { timeout: 10_000 })
      .toBe(ledBefore === 1 ? 0 : 1);
    await page.getByTestId('field-active').waitFor();
    await shot(page, 'settings-wifi-en');
    await context.close();
  });

  it('in Persian, right to left, and offline: links that need the device are disabled with the message', async () => {
    const id = ids.touch as string;
    const context = await stack.newContext('fa');
    const page = await logIn(context);
    await page.goto(`${stack.server.url}${TAB}/device-setting/${id}`);
    await page.getByTestId('link-lightIntensity').waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await shot(page, 'settings-device-fa');
    await page.goto(`${stack.server.url}${TAB}/light-intensity/${id}`);
    await page.getByTestId('slider-keys_light_intensity_l').waitFor();
    await expect
      .poll(() => page.getByTestId('slider-keys_light_intensity_l').isDisabled(), { timeout: 10_000 })
      .toBe(false);
    await shot(page, 'settings-light-fa');
    await page.goto(`${stack.server.url}${TAB}/switch-keyList-screen/${id}`);
    await page.getByTestId('key-title-relay_1').waitFor();
    await shot(page, 'settings-keys-fa');

    // The device drops off the broker.
    await device('touch').client.endAsync(true);
    await page.goto(`${stack.server.url}${TAB}/device-setting/${id}`);
    await expect
      .poll(() => page.getByTestId('link-lightIntensity').evaluate((el) => el.tagName), { timeout: 15_000 })
      .not.toBe('A');
    await page.goto(`${stack.server.url}${TAB}/beep/${id}`);
    await page.getByTestId('offline-notice').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('beep_status').isDisabled()).toBe(true);
    await shot(page, 'settings-offline-fa');
    await context.close();
  });

  it('on a desktop: curtain names are kept on the device, and the temperature correction is sent', async () => {
    const context = await stack.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await logIn(context);
    await page.goto(`${stack.server.url}${TAB}/device-setting/${ids.curtains}`);
    await page.getByTestId('link-editCurtainName').click();
    await expect
      .poll(() => page.getByTestId('curtain_name2').inputValue(), { timeout: 10_000 })
      .toBe(String(sim('curtains', 'curtain_name2')));
    await page.getByTestId('curtain_name2').fill('Balcony');
    await page.getByTestId('save-curtain-names').click();
    await expect.poll(() => sim('curtains', 'curtain_name2'), { timeout: 10_000 }).toBe('Balcony');
    await page.reload();
    await expect
      .poll(() => page.getByTestId('curtain_name2').inputValue(), { timeout: 10_000 })
      .toBe('Balcony');
    await shot(page, 'settings-curtain-names-desktop-en');

    await page.goto(`${stack.server.url}${TAB}/device-setting/${ids.glass}`);
    await page.getByTestId('link-temperatureRange').click();
    await page.getByTestId('temperature-value').waitFor();
    await page.getByTestId('slider-temperature_offset').fill('-1.5');
    await expect.poll(() => sim('glass', 'temperature_offset'), { timeout: 10_000 }).toBe(-1.5);
    await shot(page, 'settings-temperature-desktop-en');

    // The setting types behind the advanced settings: key pairing of a glass switch, the curtain's configuration.
    await page.goto(`${stack.server.url}${TAB}/device-advanced-settings/${ids.glass}`);
    await page.getByTestId('link-pairing').click();
    await page.getByTestId('screen-pairing-devices').waitFor();
    const pairing = page.getByTestId('field-channel_action_mode_1-options');
    const mode = sim('glass', 'channel_action_mode_1') === 1 ? 0 : 1;
    await pairing.locator(`[data-value="${mode}"]`).click();
    await expect.poll(() => sim('glass', 'channel_action_mode_1'), { timeout: 10_000 }).toBe(mode);
    await expect
      .poll(() => page.getByTestId('field-channel_action_mode_1').getAttribute('data-value'), {
        timeout: 10_000,
      })
      .toBe(String(mode));
    await page.goto(`${stack.server.url}${TAB}/device-advanced-settings/${ids.curtains}`);
    expect(await page.getByTestId('link-pairing').count()).toBe(0);
    await page.getByTestId('link-config-status').click();
    await page.getByTestId('field-config_status').waitFor();
    await shot(page, 'settings-config-status-desktop-en');
    await context.close();
  });

  it('hardware test switches each output of a relay module in turn and sees its report', async () => {
    const context = await stack.newContext('en');
    const page = await logIn(context);
    await page.goto(`${stack.server.url}${TAB}/device-advanced-settings/${ids.relay}`);
    await page.getByTestId('link-hardware-test').click();
    await page.getByTestId('screen-hardware-test').waitFor();
    await expect
      .poll(() => page.getByTestId('hardware-test-start').isDisabled(), { timeout: 10_000 })
      .toBe(false);
    // Every write the device receives for relay 1, as the RPC requests arrive over MQTT.
    const writes: string[] = [];
    device('relay').client.on('message', (_topic, payload) => {
      const text = payload.toString();
      if (text.includes('relay_1')) writes.push(text.replace(/\s/g, ''));
    });
    const before = [sim('relay', 'relay_1'), sim('relay', 'relay_2')];
    await page.getByTestId('hardware-test-start').click();
    for (const key of ['relay_1', 'relay_2'])
      await expect
        .poll(() => page.getByTestId(`test-output-${key}`).getAttribute('data-step'), { timeout: 20_000 })
        .toBe('passed');
    // Relay 1 was really switched both ways, and the device ended where it started.
    expect(writes.some((w) => w.includes('"Value":1'))).toBe(true);
    expect(writes.some((w) => w.includes('"Value":0'))).toBe(true);
    expect([sim('relay', 'relay_1'), sim('relay', 'relay_2')]).toEqual(before);
    await shot(page, 'settings-hardware-test-en');
    await context.close();
  });
});
