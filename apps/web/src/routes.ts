/** Route names as the spec gives them (section 2). */
export const TABS = ['dashboard', 'setting', 'automation', 'devices', 'favoriteDevices'] as const;
export type TabName = (typeof TABS)[number];

export const TAB_NAVIGATOR = '/bottom-tab-bar-navigator';

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
