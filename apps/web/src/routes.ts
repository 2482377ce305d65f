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
