import { describe, expect, it } from 'vitest';
import { appLinkTarget, linkHostKind } from './app-links.ts';

const ctx = { ownHost: 'hub.home.lan:8080', domain: 'hestia.app' };
const path = (link: string) => appLinkTarget(link, ctx)?.path ?? null;

describe('link prefixes', () => {
  it('knows the own host, the dev host, the product hosts and the regional hosts', () => {
    expect(linkHostKind('hub.home.lan:8080', ctx)).toBe('own');
    for (const h of ['localhost', 'localhost:5173', '127.0.0.1:8080', '[::1]:8080'])
      expect([h, linkHostKind(h, ctx)]).toEqual([h, 'dev']);
    for (const h of ['hestia.app', 'www.hestia.app', 'HESTIA.APP'])
      expect([h, linkHostKind(h, ctx)]).toEqual([h, 'product']);
    for (const h of ['app.eu.hestia.app', 'web.tr.hestia.app', 'config.me-1.hestia.app', 'qr.ir.hestia.app'])
      expect([h, linkHostKind(h, ctx)]).toEqual([h, 'regional']);
    for (const h of [
      'evil.example',
      'hestia.app.evil.example',
      'api.eu.hestia.app',
      'app.hestia.app.x',
      'xhestia.app',
    ])
      expect([h, linkHostKind(h, ctx)]).toEqual([h, null]);
  });
});

describe('a link to the route of the same in-app path', () => {
  const inApp = [
    '/share/AbCdEfGhIjKlMnOpQrStUv',
    '/pid/plug-basic',
    '/hestia/plug-basic',
    '/bottom-tab-bar-navigator/device-setting/6a1c2f0e-4c1b-4f7e-9a55-6a1c2f0e4c1b',
    '/bottom-tab-bar-navigator/dashboard?x=1#top',
  ];

  it('maps every prefix to the path after it, query and fragment kept', () => {
    for (const p of inApp) {
      const bare = p.slice(1);
      for (const link of [
        p,
        `hestia://${bare}`,
        `hestia:${bare}`,
        `web+hestia://${bare}`,
        `http://localhost:5173${p}`,
        `https://hestia.app${p}`,
        `https://www.hestia.app${p}`,
        `https://app.eu.hestia.app${p}`,
        `https://qr.tr.hestia.app${p}`,
        `http://hub.home.lan:8080${p}`,
      ])
        expect([link, path(link)]).toEqual([link, p]);
    }
  });

  it("takes the config link's info-logs value out of the path", () => {
    expect(appLinkTarget('https://config.eu.hestia.app/pid/plug-basic?info-logs=wifi%20ok&a=1', ctx)).toEqual(
      {
        path: '/pid/plug-basic?a=1',
        infoLogs: 'wifi ok',
      },
    );
    expect(appLinkTarget('hestia://pid/plug-basic?info-logs=x', ctx)).toEqual({
      path: '/pid/plug-basic',
      infoLogs: 'x',
    });
  });

  it('refuses other sites, other schemes, credentials, text that is not a link, and /open itself', () => {
    for (const link of [
      'https://evil.example/share/AbCdEfGhIjKlMnOpQrStUv',
      'https://hestia.app.evil.example/pid/x',
      'https://user:pw@hestia.app/pid/x',
      'javascript:alert(1)',
      'ftp://hestia.app/pid/x',
      'mailto:support@hestia.app',
      '//evil.example/pid/x',
      'pid/x',
      'WIFI:S:Home;T:WPA;P:secret;;',
      'hestia://pid/x y',
      `https://hestia.app/${'a'.repeat(2100)}`,
      '',
      'hestia://open?link=hestia://open',
      '/open/x',
    ])
      expect([link, path(link)]).toEqual([link, null]);
  });
});
