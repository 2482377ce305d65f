import { describe, expect, it } from 'vitest';
import { isKnownPath, registerRoutes } from './known-paths.ts';

describe('isKnownPath', () => {
  registerRoutes([
    { path: '/' },
    {
      path: '/bottom-tab-bar-navigator',
      children: [{ index: true }, { path: 'dashboard' }],
    },
    { path: '/bottom-tab-bar-navigator/device-setting/:id' },
    { path: '*' },
  ]);

  it('knows the app routes, with their parameters', () => {
    expect(isKnownPath('/bottom-tab-bar-navigator/dashboard')).toBe(true);
    expect(isKnownPath('/bottom-tab-bar-navigator')).toBe(true);
    expect(isKnownPath('/bottom-tab-bar-navigator/device-setting/abc')).toBe(true);
  });

  it('does not count the catch-all as known', () => {
    expect(isKnownPath('/bottom-tab-bar-navigator/notifications-screen')).toBe(false);
    expect(isKnownPath('/bottom-tab-bar-navigator/device-setting')).toBe(false);
    expect(isKnownPath('/nowhere')).toBe(false);
  });
});
