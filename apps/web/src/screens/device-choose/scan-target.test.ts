import { profiles } from '@hestia/catalog';
import { describe, expect, it } from 'vitest';
import { scanTarget } from './scan-target.ts';

const host = 'hub.home.lan:8080';
const scan = (text: string) => scanTarget(text, profiles, host);

describe('a scanned code on the QR screen', () => {
  it('names a model first, behind any host (decision 027)', () => {
    expect(scan('https://anything.example/pid/plug-basic')).toEqual({
      kind: 'model',
      profileId: 'plug-basic',
    });
    expect(scan('hestia://pid/plug-basic')).toEqual({ kind: 'model', profileId: 'plug-basic' });
  });

  it("opens another of the app's links at its route, the same as its in-app path", () => {
    const token = 'AbCdEfGhIjKlMnOpQrStUv';
    for (const link of [
      `hestia://share/${token}`,
      `https://app.eu.hestia.app/share/${token}`,
      `http://${host}/share/${token}`,
    ])
      expect([link, scan(link)]).toEqual([link, { kind: 'route', path: `/share/${token}` }]);
  });

  it("keeps the device forms' refusals: an unknown model of a known factory, and other sites", () => {
    expect(scan('https://hestia.app/hestia/no-such-model')).toEqual({ kind: 'unknownModel' });
    expect(scan('hestia://pid/no-such-model')).toEqual({ kind: 'unknownModel' });
    expect(scan('https://evil.example/share/AbCdEfGhIjKlMnOpQrStUv')).toEqual({ kind: 'unknownModel' });
    expect(scan('WIFI:S:Home;T:WPA;P:secret;;')).toEqual({ kind: 'notHestia' });
  });
});
