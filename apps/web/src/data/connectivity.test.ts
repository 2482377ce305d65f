import { describe, expect, it } from 'vitest';
import { suppressesNoInternet } from './connectivity.ts';

describe('the no-internet modal', () => {
  it('stays away on the two device-configuration screens only', () => {
    expect(suppressesNoInternet('/bottom-tab-bar-navigator/manualConfigSelectDeviceWifi')).toBe(true);
    expect(suppressesNoInternet('/bottom-tab-bar-navigator/manual-config-change-owner')).toBe(true);
    expect(suppressesNoInternet('/bottom-tab-bar-navigator/dashboard')).toBe(false);
    expect(suppressesNoInternet('/bottom-tab-bar-navigator/manualConfigTutorial')).toBe(false);
  });
});
