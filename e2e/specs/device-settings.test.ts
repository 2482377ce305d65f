import { describe, expect, it } from 'vitest';
import { device, id, sim, stack, useControlStack } from '../control.ts';
import { logIn, shot, TAB } from '../control-by-route.ts';

/**
 * Issue 7, part B: the device settings screens against simulated devices over MQTT in Chromium.
 * Every setting is checked on the simulated device itself.
 */
useControlStack({
  touch: ['switch-two-pole-touch', 'Kitchen touch switch'],
  relay: ['relay-2ch-din', 'Garage relay'],
  curtains: ['curtain-triple', 'Lounge curtains'],
  glass: ['switch-one-pole-glass', 'Glass switch'],
});

describe('device settings', () => {
  it('shows the model’s settings and each one changes the device; titles persist after a reload', async () => {
    const touch = id('touch');
    const context = await stack.newContext('en');
    const page = await logIn(context);
    await page.goto(`${stack.server.url}${TAB}/device-setting/${touch}`);
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
    await page.goto(`${stack.server.url}${TAB}/beep/${touch}`);
    const beep = page.getByTestId('beep_status');
    await expect
      .poll(() => beep.getAttribute('aria-checked'))
      .toBe(sim('touch', 'beep_status') === 1 ? 'true' : 'false');
    const beepBefore = sim('touch', 'beep_status');
    await beep.click();
    await expect.poll(() => sim('touch', 'beep_status'), { timeout: 10_000 }).toBe(beepBefore === 1 ? 0 : 1);
    await expect.poll(() => beep.getAttribute('aria-checked')).toBe(beepBefore === 1 ? 'false' : 'true');

    // Memory mode of key 1: on after a power cut.
    await page.goto(`${stack.server.url}${TAB}/memory-status/${touch}`);
    await page.getByTestId('relay_memory_mode_1-options').locator('[data-value="1"]').click();
    await expect.poll(() => sim('touch', 'relay_memory_mode_1'), { timeout: 10_000 }).toBe(1);
    await expect
      .poll(() => page.getByTestId('relay_memory_mode_1').getAttribute('data-value'), { timeout: 10_000 })
      .toBe('1');
    await shot(page, 'settings-memory-en');

    // A key title is kept by the server: still there after a reload, and in the key list.
    await page.goto(`${stack.server.url}${TAB}/edit-key-title/${touch}`);
    await page.getByTestId('title-relay_1').fill('Desk lamp');
    await page.getByTestId('save-key-titles').click();
    await page.getByText('Saved').first().waitFor();
    await page.reload();
    await expect
      .poll(() => page.getByTestId('title-relay_1').inputValue(), { timeout: 10_000 })
      .toBe('Desk lamp');
    await page.goto(`${stack.server.url}${TAB}/switch-keyList-screen/${touch}`);
    await expect
      .poll(() => page.getByTestId('key-title-relay_1').textContent(), { timeout: 10_000 })
      .toBe('Desk lamp');
    await page.getByTestId('channel_action_mode_2-options').locator('[data-value="1"]').click();
    await expect.poll(() => sim('touch', 'channel_action_mode_2'), { timeout: 10_000 }).toBe(1);
    await shot(page, 'settings-keys-en');

    // Wi-Fi status through the settings route; the Wi-Fi light is a setting type the device takes.
    await page.goto(`${stack.server.url}${TAB}/wifi-status-display/${touch}`);
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
    const touch = id('touch');
    const context = await stack.newContext('fa');
    const page = await logIn(context);
    await page.goto(`${stack.server.url}${TAB}/device-setting/${touch}`);
    await page.getByTestId('link-lightIntensity').waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await shot(page, 'settings-device-fa');
    await page.goto(`${stack.server.url}${TAB}/light-intensity/${touch}`);
    await page.getByTestId('slider-keys_light_intensity_l').waitFor();
    await expect
      .poll(() => page.getByTestId('slider-keys_light_intensity_l').isDisabled(), { timeout: 10_000 })
      .toBe(false);
    await shot(page, 'settings-light-fa');
    await page.goto(`${stack.server.url}${TAB}/switch-keyList-screen/${touch}`);
    await page.getByTestId('key-title-relay_1').waitFor();
    await shot(page, 'settings-keys-fa');

    // The device drops off the broker.
    await device('touch').client.endAsync(true);
    await page.goto(`${stack.server.url}${TAB}/device-setting/${touch}`);
    await expect
      .poll(() => page.getByTestId('link-lightIntensity').evaluate((el) => el.tagName), { timeout: 15_000 })
      .not.toBe('A');
    await page.goto(`${stack.server.url}${TAB}/beep/${touch}`);
    await page.getByTestId('offline-notice').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('beep_status').isDisabled()).toBe(true);
    await shot(page, 'settings-offline-fa');
    await context.close();
  });

  it('on a desktop: curtain names are kept on the device, and the temperature correction is sent', async () => {
    const context = await stack.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await logIn(context);
    await page.goto(`${stack.server.url}${TAB}/device-setting/${id('curtains')}`);
    await page.getByTestId('link-editCurtainName').click();
    await expect
      .poll(() => page.getByTestId('curtain_name2').inputValue(), { timeout: 10_000 })
      .toBe(String(sim('curtains', 'curtain_name2')));
    await page.getByTestId('curtain_name2').fill('Balcony');
    // Names go to the device as the spec's Modbus string writes: function 6, length 71, one per name.
    const rpcs: Array<{ method: string; params: { function: number; len: number } }> = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/twoway-rpc')) rpcs.push(r.postDataJSON());
    });
    await page.getByTestId('save-curtain-names').click();
    await expect.poll(() => sim('curtains', 'curtain_name2'), { timeout: 10_000 }).toBe('Balcony');
    expect(rpcs.length).toBeGreaterThan(0);
    for (const rpc of rpcs) expect(rpc).toMatchObject({ method: 'modbus', params: { function: 6, len: 71 } });
    await page.reload();
    await expect
      .poll(() => page.getByTestId('curtain_name2').inputValue(), { timeout: 10_000 })
      .toBe('Balcony');
    await shot(page, 'settings-curtain-names-desktop-en');

    await page.goto(`${stack.server.url}${TAB}/device-setting/${id('glass')}`);
    await page.getByTestId('link-temperatureRange').click();
    await page.getByTestId('temperature-value').waitFor();
    await page.getByTestId('slider-temperature_offset').fill('-1.5');
    await expect.poll(() => sim('glass', 'temperature_offset'), { timeout: 10_000 }).toBe(-1.5);
    await shot(page, 'settings-temperature-desktop-en');

    // The setting types behind the advanced settings: key pairing of a glass switch, the curtain's configuration.
    await page.goto(`${stack.server.url}${TAB}/device-advanced-settings/${id('glass')}`);
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
    await page.goto(`${stack.server.url}${TAB}/device-advanced-settings/${id('curtains')}`);
    expect(await page.getByTestId('link-pairing').count()).toBe(0);
    await page.getByTestId('link-config-status').click();
    await page.getByTestId('field-config_status').waitFor();
    await shot(page, 'settings-config-status-desktop-en');
    await context.close();
  });

  it('hardware test switches each output of a relay module in turn and sees its report', async () => {
    const context = await stack.newContext('en');
    const page = await logIn(context);
    await page.goto(`${stack.server.url}${TAB}/device-advanced-settings/${id('relay')}`);
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

  it('the owner refuses adding the device again, in Persian, and allows it back', async () => {
    const glass = id('glass');
    const api = await stack.demoClient();
    const context = await stack.newContext('fa');
    const page = await logIn(context);
    await page.goto(`${stack.server.url}${TAB}/device-setting/${glass}`);
    const toggle = page.getByTestId('reconfiguration-switch');
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('true');
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('false');
    expect((await api.call('getDevice', { params: { id: glass } })).configDisabled).toBe(true);
    await shot(page, 'settings-reconfiguration-fa');
    // Rename: an empty name cannot be saved; a new one is saved and shown.
    await page.getByTestId('rename-device').click();
    const input = page.getByTestId('rename-input');
    await input.fill('   ');
    expect(await page.getByTestId('rename-save').isDisabled()).toBe(true);
    await input.fill('کلید شیشه‌ای راهرو');
    await page.getByTestId('rename-save').click();
    await expect
      .poll(async () => (await api.call('getDevice', { params: { id: glass } })).label)
      .toBe('کلید شیشه‌ای راهرو');
    await toggle.click();
    await expect
      .poll(async () => (await api.call('getDevice', { params: { id: glass } })).configDisabled)
      .toBe(false);
    await context.close();
  });
});
