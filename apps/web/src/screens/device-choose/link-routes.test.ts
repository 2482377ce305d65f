import { createRoutesFromElements, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { isKnownPath, registerRoutes } from '../../router/known-paths.ts';
import { configChooseRoutes } from '../../routes/config-choose-routes.tsx';
import { configPaths, TAB_NAVIGATOR } from '../../routes.ts';

describe('the device links and choosing screens in the route tree', () => {
  const routes: RouteObject[] = [
    { path: '/' },
    { path: '/share/:token' },
    { path: TAB_NAVIGATOR, children: [{ index: true }, { path: 'dashboard' }] },
    ...createRoutesFromElements(configChooseRoutes()),
    { path: '*' },
  ];
  registerRoutes(routes);

  it('answers pid/{profileId}, {factory}/{model} and the choosing screens', () => {
    expect(isKnownPath('/pid/plug-basic')).toBe(true);
    expect(isKnownPath('/hestia/plug-basic')).toBe(true);
    expect(isKnownPath('/aria/built-in-60cm')).toBe(true);
    for (const path of [
      configPaths.selectMode(),
      configPaths.categories(),
      configPaths.categoryTypes('plug'),
      configPaths.brands(),
      configPaths.brandModels('aria'),
      configPaths.qrCode(),
    ])
      expect(isKnownPath(path), path).toBe(true);
  });

  it('leaves other two-segment addresses to the not-found screen', () => {
    expect(isKnownPath('/acme/plug-basic')).toBe(false);
    expect(isKnownPath(`${TAB_NAVIGATOR}/notifications-screen`)).toBe(false);
    expect(isKnownPath('/pid')).toBe(false);
    expect(isKnownPath('/pid/a/b')).toBe(false);
  });
});
