import { describe, expect, it } from 'vitest';
import { DEVICE_WIFI_CONFIG_SCREENS } from '../routes.ts';
import { suppressesNoInternet } from './connectivity.ts';

describe('the no-internet modal', () => {
  it('names the two device-configuration screens exactly as the spec does', () => {
    expect([...DEVICE_WIFI_CONFIG_SCREENS]).toEqual([
      'manualConfigSelectDeviceWifi',
      'manual-config-change-owner',
    ]);
  });

  it('stays away on the two device-configuration screens only', () => {
    expect(suppressesNoInternet('/bottom-tab-bar-navigator/manualConfigSelectDeviceWifi')).toBe(true);
    expect(suppressesNoInternet('/bottom-tab-bar-navigator/manual-config-change-owner')).toBe(true);
    expect(suppressesNoInternet('/device-config-stack/manualConfigSelectDeviceWifi')).toBe(true);
    expect(suppressesNoInternet('/device-config-stack/manual-config-change-owner/a1b2')).toBe(true);
    expect(suppressesNoInternet('/bottom-tab-bar-navigator/dashboard')).toBe(false);
    expect(suppressesNoInternet('/bottom-tab-bar-navigator/manualConfigTutorial')).toBe(false);
    expect(suppressesNoInternet('/device-config-stack/manual-config-connect-device-wifi')).toBe(false);
    expect(suppressesNoInternet('/bottom-tab-bar-navigator/manualConfigSelectDeviceWifiList')).toBe(false);
  });
});
