/** Route names as the spec gives them (section 2). */
export const TABS = ['dashboard', 'setting', 'automation', 'devices', 'favoriteDevices'] as const;
export type TabName = (typeof TABS)[number];

export const TAB_NAVIGATOR = '/bottom-tab-bar-navigator';

/**
 * The device-configuration screens where the phone is on the device's own Wi-Fi, which has no internet,
 * so the no-internet modal stays away (spec section 4). Route names exactly as the spec's
 * device-configuration list (section 2, stack device-config-stack) spells them; the onboarding screens
 * register under these names, wherever their stack is mounted.
 */
export const DEVICE_WIFI_CONFIG_SCREENS = [
  'manualConfigSelectDeviceWifi',
  'manual-config-change-owner',
] as const;

/** The control shell's path when the device's profile is not known to this app (yet). */
export const GENERIC_CONTROL = 'device-control';

export const paths = {
  splash: '/',
  authenticate: '/authenticate',
  tabNavigator: TAB_NAVIGATOR,
  tab: (tab: TabName) => `${TAB_NAVIGATOR}/${tab}`,
} as const;

const q = (params: Record<string, string | boolean | number | null | undefined>) => {
  const entries = Object.entries(params).filter(([, v]) => v !== undefined && v !== null);
  return entries.length ? `?${new URLSearchParams(entries.map(([k, v]) => [k, String(v)])).toString()}` : '';
};

/**
 * Places, rooms, device settings and sharing (spec section 2). Stacked on the tab navigator, so a
 * logged-out visit resumes there after login; `share/{token}` is the public deep link.
 */
export const homePaths = {
  shareLink: (token: string) => `/share/${token}`,
  sharedDevice: (token: string) => `${TAB_NAVIGATOR}/SharedDevice/${token}`,
  deviceSetting: (id: string) => `${TAB_NAVIGATOR}/device-setting/${id}`,
  deviceInformation: (id: string) => `${TAB_NAVIGATOR}/device-information/${id}`,
  deviceFirmwareUpdate: (id: string) => `${TAB_NAVIGATOR}/deviceFirmwareUpdate/${id}`,
  shareDevice: (id: string) => `${TAB_NAVIGATOR}/share-device/${id}`,
  commonUsers: (id: string) => `${TAB_NAVIGATOR}/common-users/${id}`,
  deviceUser: (shareId: string, deviceId: string) =>
    `${TAB_NAVIGATOR}/device-user-screen/${shareId}${q({ deviceId })}`,
  assetList: () => `${TAB_NAVIGATOR}/asset-list`,
  addOrEditAsset: (assetId?: string) => `${TAB_NAVIGATOR}/add-or-edit-asset${assetId ? `/${assetId}` : ''}`,
  roomList: (p: {
    parentId: string;
    defaultAssetId?: string;
    isParentCreated?: boolean;
    childRooms?: number;
  }) => `${TAB_NAVIGATOR}/room-list${q(p)}`,
  addOrEditRoom: (p: { parentId: string; roomId?: string }) => `${TAB_NAVIGATOR}/add-or-edit-room${q(p)}`,
  addRoom: (parentId: string) => `${TAB_NAVIGATOR}/add-room${q({ parentId })}`,
  generalAdd: () => `${TAB_NAVIGATOR}/general-add`,
  deleteAsset: (assetId: string) => `${TAB_NAVIGATOR}/delete-asset/${assetId}`,
} as const;

export type EditProfileType = 'name' | 'email' | 'phone' | 'timeZone';

/** Account screens (spec section 2): the auth-type ones at the top level, the rest stacked. */
export const accountPaths = {
  signup: '/signup',
  languageSelection: (hasHeader = false) => `/language-selection${q({ hasHeader })}`,
  resetPasswordRequest: '/reset-password-request',
  terms: '/terms-and-conditions',
  security: '/security-setting-screen',
  profile: `${TAB_NAVIGATOR}/profile`,
  editProfile: (p: {
    type: EditProfileType;
    name?: string;
    lastName?: string;
    email?: string;
    phone?: string;
  }) => `${TAB_NAVIGATOR}/edit-profile${q(p)}`,
} as const;

/** Screens a logged-out user may see (spec section 2); splash too. */
export const AUTH_SCREENS: readonly string[] = [
  paths.authenticate,
  accountPaths.signup,
  '/language-selection',
  accountPaths.resetPasswordRequest,
  accountPaths.terms,
];

/** Issue 6: a device's charts and reports (spec section 2: device-reports [id]) and a report's printable page. */
export const reportPaths = {
  deviceReports: (id: string) => `${TAB_NAVIGATOR}/device-reports/${id}`,
  printable: (id: string, reportId: string) => `${TAB_NAVIGATOR}/device-reports/${id}/${reportId}`,
} as const;

/**
 * Issue 18: adding a device (spec section 2, stack device-config-stack), stacked on the tab navigator.
 * Choosing the device (mode, category, brand, QR code, deep links) ends at `autoOrManual` with the
 * model's profile id; the pairing flow takes it from there.
 */
export const configPaths = {
  selectMode: () => `${TAB_NAVIGATOR}/selectDeviceConfigMode`,
  categories: () => `${TAB_NAVIGATOR}/devicesCategoryList`,
  categoryTypes: (categoryId: string) => `${TAB_NAVIGATOR}/configBaseDeviceType/${categoryId}`,
  brands: () => `${TAB_NAVIGATOR}/deviceBrandList`,
  brandModels: (brandId: string) => `${TAB_NAVIGATOR}/configBaseDeviceBrand/${brandId}`,
  qrCode: () => `${TAB_NAVIGATOR}/configDeviceQrCode`,
  autoOrManual: (profileId?: string) => `${TAB_NAVIGATOR}/selectAutoOrManualConfig${q({ profileId })}`,
  selectWifiAuto: (profileId?: string) => `${TAB_NAVIGATOR}/selectWifiInAutoConfig${q({ profileId })}`,
  autoTutorial: (profileId?: string) => `${TAB_NAVIGATOR}/autoConfigTutorial${q({ profileId })}`,
  autoFinal: (profileId?: string) => `${TAB_NAVIGATOR}/autoConfigFinal${q({ profileId })}`,
  manualTutorial: (profileId?: string) => `${TAB_NAVIGATOR}/manualConfigTutorial${q({ profileId })}`,
  connectDeviceWifi: (profileId?: string) =>
    `${TAB_NAVIGATOR}/manual-config-connect-device-wifi${q({ profileId })}`,
  selectDeviceWifi: () => `${TAB_NAVIGATOR}/manualConfigSelectDeviceWifi`,
  changeOwner: () => `${TAB_NAVIGATOR}/manual-config-change-owner`,
  configStatus: () => `${TAB_NAVIGATOR}/configStatus`,
  postConfig: (deviceId: string) => `${TAB_NAVIGATOR}/post-config/${deviceId}`,
  pairingInfo: () => `${TAB_NAVIGATOR}/pairingDeviceInformation`,
} as const;

/** Issue 20: the notification inbox and a device's notification settings; the about and access-management screens. */
export const shellPaths = {
  notifications: () => `${TAB_NAVIGATOR}/notifications-screen`,
  notificationDetails: (id: string) => `${TAB_NAVIGATOR}/notification-details-screen/${id}`,
  notificationPersonalization: (deviceId: string) =>
    `${TAB_NAVIGATOR}/notification-personalization/${deviceId}`,
  about: () => `${TAB_NAVIGATOR}/about`,
  accessManagement: () => `${TAB_NAVIGATOR}/access-management`,
} as const;

/** Issue 23: the voice assistant's settings with the user's voice commands, and adding one. */
export const voicePaths = {
  commands: () => `${TAB_NAVIGATOR}/voice-commands`,
  add: () => `${TAB_NAVIGATOR}/voice-command-add`,
} as const;
