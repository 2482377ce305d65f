import { TAB_NAVIGATOR } from '../routes.ts';

/** The device setting types of `devices/{id}/settings/{type}` (spec section 3). */
export const SETTING_TYPES = ['wifi-led-control', 'pairing-devices', 'config-status', 'wifi-status'] as const;
export type SettingType = (typeof SETTING_TYPES)[number];

/**
 * Issue 7: device settings screens, stacked on the tab navigator with the names and parameters the
 * spec gives them (section 2, settings and account).
 */
export const settingsPaths = {
  advanced: (id: string, deviceProfileId?: string) =>
    `${TAB_NAVIGATOR}/device-advanced-settings/${id}${deviceProfileId ? `?deviceProfileId=${encodeURIComponent(deviceProfileId)}` : ''}`,
  lightIntensity: (id: string) => `${TAB_NAVIGATOR}/light-intensity/${id}`,
  wifiStatusDisplay: (id: string) => `${TAB_NAVIGATOR}/wifi-status-display/${id}`,
  temperatureRange: (id: string) => `${TAB_NAVIGATOR}/temperature-range/${id}`,
  memoryStatus: (id: string) => `${TAB_NAVIGATOR}/memory-status/${id}`,
  editKeyTitle: (id: string) => `${TAB_NAVIGATOR}/edit-key-title/${id}`,
  editCurtainName: (id: string) => `${TAB_NAVIGATOR}/edit-curtain-name/${id}`,
  switchKeyList: (deviceId: string) => `${TAB_NAVIGATOR}/switch-keyList-screen/${deviceId}`,
  beep: (id: string) => `${TAB_NAVIGATOR}/beep/${id}`,
  pairingDevices: (id: string) => `${TAB_NAVIGATOR}/pairingDeviceInformation/${id}`,
  configStatus: (id: string) => `${TAB_NAVIGATOR}/configStatus/${id}`,
  hardwareTest: (deviceId: string) => `${TAB_NAVIGATOR}/hardwareTestScreen/${deviceId}`,
} as const;
