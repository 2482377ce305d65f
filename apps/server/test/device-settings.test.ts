import { getProfile, profiles, SIMULATED_ROUTER, validActions } from '@hestia/catalog';
import type { HestiaClient } from '@hestia/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../src/seed/demo.ts';
import { addSimulated, addUser, loggedIn, type Stack, shareWith, startStack, waitFor } from './stack.ts';

let stack: Stack;
let owner: HestiaClient;
let viewer: HestiaClient;
let controller: HestiaClient;
let stranger: HestiaClient;
/** A touch switch (Wi-Fi LED, key backlight, tap/hold modes) and a curtain with reconfiguration. */
let touch: string;
let curtain: string;

const sim = (id: string, key: string) => stack.fleet.devices.get(id)?.sim.values.get(key);

beforeAll(async () => {
  stack = await startStack();
  owner = stack.client;
  for (const who of ['viewer', 'controller', 'stranger'])
    await addUser(stack.server, `${who}@example.com`, 'SettingsPass1');
  viewer = await loggedIn(stack.server.url, 'viewer@example.com', 'SettingsPass1');
  controller = await loggedIn(stack.server.url, 'controller@example.com', 'SettingsPass1');
  stranger = await loggedIn(stack.server.url, 'stranger@example.com', 'SettingsPass1');
  touch = await addSimulated(stack, owner, 'switch-two-pole-touch', 'Hall switch');
  curtain = await addSimulated(stack, owner, 'curtain-single-v2', 'Bedroom curtain');
  for (const id of [touch, curtain]) {
    await shareWith(owner, id, viewer, 'view');
    await shareWith(owner, id, controller, 'control');
  }
}, 120_000);
afterAll(() => stack?.stop());

describe('device settings', () => {
  it('reads a setting from the latest telemetry, with the catalogue description of each key', async () => {
    const s = await owner.call('getDeviceSetting', { params: { id: touch, type: 'wifi-led-control' } });
    expect(s).toMatchObject({
      deviceId: touch,
      type: 'wifi-led-control',
      deviceProfileId: 'switch-two-pole-touch',
      isNotConnected: false,
      supported: true,
      writable: true,
    });
    expect(s.fields.map((f) => f.key).sort()).toEqual([
      'keys_light_intensity_h',
      'keys_light_intensity_l',
      'wifi_display_status',
    ]);
    const led = s.fields.find((f) => f.key === 'wifi_display_status');
    expect(led).toMatchObject({ access: 'rw', kind: 'boolean', value: sim(touch, 'wifi_display_status') });
    expect(s.fields.find((f) => f.key === 'keys_light_intensity_l')).toMatchObject({
      min: 0,
      max: 100,
      unit: '%',
    });

    const pairing = await owner.call('getDeviceSetting', { params: { id: touch, type: 'pairing-devices' } });
    expect(pairing.fields.map((f) => f.key)).toEqual(['channel_action_mode_1', 'channel_action_mode_2']);

    const wifi = await owner.call('getDeviceSetting', { params: { id: touch, type: 'wifi-status' } });
    expect(wifi.writable).toBe(false);
    expect(wifi.fields.find((f) => f.key === 'active')?.value).toBe(true);
    // The router and signal the simulated device reports, as Wi-Fi firmware does.
    expect(wifi.fields.find((f) => f.key === 'AP')?.value).toBe(SIMULATED_ROUTER);
    const rssi = wifi.fields.find((f) => f.key === 'RSSI');
    expect(rssi).toMatchObject({ unit: 'dBm', access: 'r' });
    expect(Number(rssi?.value)).toBeGreaterThanOrEqual(-90);
    expect(Number(rssi?.value)).toBeLessThan(-30);

    // A model without the setting says so instead of failing.
    const none = await owner.call('getDeviceSetting', {
      params: { id: stack.ids.switch, type: 'config-status' },
    });
    expect(none).toMatchObject({ supported: false, writable: false, fields: [] });
  });

  it('writes through the device: PATCH answers after the device said OK, update after it reported', async () => {
    await owner.call('patchDeviceSetting', {
      params: { id: touch, type: 'wifi-led-control' },
      body: { values: [{ Key: 'wifi_display_status', Value: 0 }] },
    });
    expect(sim(touch, 'wifi_display_status')).toBe(0);
    const updated = await owner.call('updateDeviceSetting', {
      params: { id: touch, type: 'wifi-led-control' },
      body: {
        values: [
          { Key: 'keys_light_intensity_l', Value: 35 },
          { Key: 'wifi_display_status', Value: 1 },
        ],
      },
    });
    expect(sim(touch, 'keys_light_intensity_l')).toBe(35);
    expect(updated.fields.find((f) => f.key === 'keys_light_intensity_l')?.value).toBe(35);
    expect(updated.fields.find((f) => f.key === 'wifi_display_status')?.value).toBe(1);

    // The curtain's reconfiguration starts through config-status, and its progress is reported there.
    const config = await controller.call('updateDeviceSetting', {
      params: { id: curtain, type: 'config-status' },
      body: { values: [{ Key: 'config_request', Value: 1 }] },
    });
    expect(config.fields.find((f) => f.key === 'config_request')?.value).toBe(1);
    expect(config.fields.find((f) => f.key === 'config_status')).toMatchObject({ access: 'r' });
  });

  it('refuses bad input with the wrapper and a clear message', async () => {
    const { token } = await owner.login(DEMO_EMAIL, DEMO_PASSWORD);
    // Raw requests, so the whole wrapper and the HTTP status are checked.
    const bad = async (type: string, values: unknown, id = touch) => {
      const res = await fetch(`${stack.server.url}/api/v1/devices/${id}/settings/${type}`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ values }),
      });
      return { status: res.status, body: await res.json() };
    };
    const cases: Array<[string, unknown, RegExp, string?]> = [
      ['wifi-led', [{ Key: 'wifi_display_status', Value: 0 }], /type must be one of wifi-led-control/],
      ['wifi-led-control', [], /at least one value/],
      [
        'wifi-led-control',
        [{ Key: 'relay_1', Value: 1 }],
        /relay_1 is not a writable key of the wifi-led-control/,
      ],
      ['wifi-led-control', [{ Key: 'keys_light_intensity_l', Value: 150 }], /at most 100/],
      ['wifi-status', [{ Key: 'AP', Value: 'x' }], /read only/],
      ['config-status', [{ Key: 'config_request', Value: 1 }], /no config-status setting/, stack.ids.switch],
    ];
    for (const [type, values, message, id] of cases) {
      const r = await bad(type, values, id);
      expect([type, r.status, r.body.isSuccess, r.body.statusCode]).toEqual([type, 400, false, 400]);
      expect(r.body.message).toMatch(message);
    }
    // Values are unchanged by refused writes.
    expect(sim(touch, 'keys_light_intensity_l')).toBe(35);
  });

  it('lets view shares read but not write, and hides the device from strangers', async () => {
    const params = { id: touch, type: 'wifi-led-control' as const };
    const body = { values: [{ Key: 'wifi_display_status', Value: 0 }] };
    const seen = await viewer.call('getDeviceSetting', { params });
    expect(seen).toMatchObject({ supported: true, writable: false });
    await expect(viewer.call('patchDeviceSetting', { params, body })).rejects.toMatchObject({
      statusCode: 403,
    });
    await expect(stranger.call('getDeviceSetting', { params })).rejects.toMatchObject({
      statusCode: 404,
      message: 'Device not found',
    });
    await controller.call('patchDeviceSetting', { params, body });
    expect(sim(touch, 'wifi_display_status')).toBe(0);
  });

  it('answers an offline device with a clear error', async () => {
    const id = await addSimulated(stack, owner, 'switch-one-pole-touch', 'Porch switch');
    await stack.fleet.devices.get(id)?.close();
    await waitFor(
      async () => (await owner.call('getDevice', { params: { id } })).deviceData.active === false,
    );
    const s = await owner.call('getDeviceSetting', { params: { id, type: 'wifi-led-control' } });
    expect(s.isNotConnected).toBe(true);
    await expect(
      owner.call('patchDeviceSetting', {
        params: { id, type: 'wifi-led-control' },
        body: { values: [{ Key: 'wifi_display_status', Value: 0 }] },
      }),
    ).rejects.toMatchObject({ statusCode: 409, message: 'The device is not connected to the internet.' });
  });
});

describe('key labels', () => {
  it('stores titles per key, clears them with an empty title, and checks keys and lengths', async () => {
    const first = await owner.call('getKeyLabels', { params: { id: touch } });
    expect(first.labels).toEqual([
      { key: 'relay_1', defaultTitle: 'keys.relay_1', title: null },
      { key: 'relay_2', defaultTitle: 'keys.relay_2', title: null },
    ]);
    await controller.call('setKeyLabels', {
      params: { id: touch },
      body: {
        labels: [
          { key: 'relay_1', title: '  Ceiling lamp ' },
          { key: 'relay_2', title: 'چراغ خواب' },
        ],
      },
    });
    const seen = await viewer.call('getKeyLabels', { params: { id: touch } });
    expect(seen.labels.map((l) => l.title)).toEqual(['Ceiling lamp', 'چراغ خواب']);
    await owner.call('setKeyLabels', {
      params: { id: touch },
      body: { labels: [{ key: 'relay_2', title: '' }] },
    });
    expect((await owner.call('getKeyLabels', { params: { id: touch } })).labels.map((l) => l.title)).toEqual([
      'Ceiling lamp',
      null,
    ]);

    // A single curtain keeps no name on the device: it is titled here.
    const c = await owner.call('setKeyLabels', {
      params: { id: stack.ids.curtain },
      body: { labels: [{ key: 'curtain_percentage', title: 'Window' }] },
    });
    expect(c.labels).toEqual([
      { key: 'curtain_percentage', defaultTitle: 'keys.curtain_percentage', title: 'Window' },
    ]);

    await expect(
      owner.call('setKeyLabels', {
        params: { id: touch },
        body: { labels: [{ key: 'relay_3', title: 'x' }] },
      }),
    ).rejects.toMatchObject({
      statusCode: 400,
      message: expect.stringMatching(/relay_3 is not a key of this device/),
    });
    await expect(
      owner.call('setKeyLabels', {
        params: { id: touch },
        body: { labels: [{ key: 'relay_1', title: 'x'.repeat(33) }] },
      }),
    ).rejects.toMatchObject({ statusCode: 400, message: expect.stringMatching(/at most 32 characters/) });
    await expect(
      viewer.call('setKeyLabels', {
        params: { id: touch },
        body: { labels: [{ key: 'relay_1', title: 'x' }] },
      }),
    ).rejects.toMatchObject({ statusCode: 403 });
    await expect(stranger.call('getKeyLabels', { params: { id: touch } })).rejects.toMatchObject({
      statusCode: 404,
    });
  });
});

describe('profiles, categories and valid actions', () => {
  it('derives every answer from the catalogue', async () => {
    const list = await owner.call('listDeviceProfiles', { query: {} });
    expect(list.map((p) => p.id)).toEqual(profiles.map((p) => p.id));

    const push = await owner.call('getDeviceProfile', { params: { id: 'push-button-2key' } });
    expect(push).toMatchObject({ id: 'push-button-2key', family: 'push_button', keyCount: 2 });
    expect(push.parameterMap.key_one_status).toMatchObject({ type: 1, access: 'r' });
    const touchProfile = await owner.call('getDeviceProfile', { params: { id: 'switch-two-pole-touch' } });
    expect(touchProfile.settingTypes).toEqual(['wifi-led-control', 'pairing-devices', 'wifi-status']);
    await expect(owner.call('getDeviceProfile', { params: { id: 'no-such-model' } })).rejects.toMatchObject({
      statusCode: 404,
      message: 'Device profile not found',
    });

    const actions = await owner.call('profileValidActions', { params: { profileId: 'plug-metering' } });
    expect(actions).toEqual(validActions(getProfile('plug-metering') as never));
    expect(actions.every((a) => a.method === 'write')).toBe(true);
    const all = await owner.call('allProfileValidActions', {});
    expect(all).toHaveLength(profiles.length);

    const params = await owner.call('profileValidParams', { params: { id: 'curtain-single' } });
    expect(params.map((p) => p.key)).toEqual(['curtain_percentage']);

    const categories = await owner.call('deviceCategories', {});
    const keys = categories.find((c) => c.id === 'scenario_key');
    expect(keys?.profileIds).toContain('scenario-key-6');
    expect(categories.flatMap((c) => c.profileIds).sort()).toEqual(profiles.map((p) => p.id).sort());
  });

  it("lists the profiles of a place's devices, and valid actions of the caller's controllable devices", async () => {
    const home = (await owner.call('assetTree', {}))[0];
    const inHome = await owner.call('listDeviceProfiles', { query: { assetId: home?.id as string } });
    expect(inHome.map((p) => p.id)).toEqual(
      expect.arrayContaining(['switch-two-pole', 'plug-metering', 'curtain-single']),
    );
    await expect(
      stranger.call('listDeviceProfiles', { query: { assetId: home?.id as string } }),
    ).rejects.toMatchObject({ statusCode: 404 });

    const mine = await owner.call('validActions', {});
    expect(mine.map((d) => d.deviceId)).toEqual(expect.arrayContaining([stack.ids.switch, touch, curtain]));
    // View shares are not controllable: only the control share's devices are listed.
    expect((await viewer.call('validActions', {})).map((d) => d.deviceId)).toEqual([]);
    expect((await controller.call('validActions', {})).map((d) => d.deviceId).sort()).toEqual(
      [touch, curtain].sort(),
    );
    const one = await viewer.call('deviceValidActions', { params: { id: touch } });
    expect(one.actions.map((a) => a.id)).toContain('switch-two-pole-touch:relay_1');
    await expect(stranger.call('deviceValidActions', { params: { id: touch } })).rejects.toMatchObject({
      statusCode: 404,
    });
  });
});
