import { describe, expect, it } from 'vitest';
import { type FirstLoadMap, firstLoadFiles, firstLoadLanguage, firstLoadScreens } from './pick.ts';
import { preloadScript } from './vite-plugins.ts';

/** localStorage holding the given persisted stores, as zustand writes them. */
function storage(stores: Record<string, unknown> = {}): Pick<Storage, 'getItem'> {
  return {
    getItem: (key) => (key in stores ? JSON.stringify({ state: stores[key], version: 1 }) : null),
  };
}
const loggedIn = { 'auth-store': { isLoggedIn: true, token: 'jwt' } };

describe('firstLoadScreens: the screens a start shows first', () => {
  it('logged out: the root shows splash, then authenticate; so do the tab navigator and authenticate', () => {
    expect(firstLoadScreens(storage(), '/')).toEqual(['splash', 'authenticate']);
    expect(firstLoadScreens(storage(), '/authenticate')).toEqual(['authenticate']);
    expect(firstLoadScreens(storage(), '/bottom-tab-bar-navigator/dashboard')).toEqual(['authenticate']);
    expect(firstLoadScreens(storage(), '/bottom-tab-bar-navigator/device-setting/1')).toEqual([
      'authenticate',
    ]);
  });

  it('logged in: the tab navigator and its tab; the root leads to the last screen, else the dashboard', () => {
    expect(firstLoadScreens(storage(loggedIn), '/bottom-tab-bar-navigator/dashboard')).toEqual([
      'tabs',
      'dashboard',
    ]);
    expect(firstLoadScreens(storage(loggedIn), '/bottom-tab-bar-navigator/')).toEqual(['tabs', 'dashboard']);
    expect(firstLoadScreens(storage(loggedIn), '/bottom-tab-bar-navigator/setting')).toEqual([
      'tabs',
      'setting',
    ]);
    expect(firstLoadScreens(storage(loggedIn), '/bottom-tab-bar-navigator/automation')).toEqual(['tabs']);
    expect(firstLoadScreens(storage(loggedIn), '/authenticate')).toEqual(['tabs', 'dashboard']);
    expect(firstLoadScreens(storage(loggedIn), '/')).toEqual(['splash', 'tabs', 'dashboard']);
    const back = { ...loggedIn, 'navigation-store': { lastPath: '/bottom-tab-bar-navigator/setting?x=1' } };
    expect(firstLoadScreens(storage(back), '/')).toEqual(['splash', 'tabs', 'setting']);
    // A screen stacked on the navigator has no tab bar: none of the first screens.
    expect(firstLoadScreens(storage(loggedIn), '/bottom-tab-bar-navigator/device-setting/1')).toEqual([]);
  });

  it('a session without its token counts as logged out (main.tsx logs it out), as does unreadable state', () => {
    expect(firstLoadScreens(storage({ 'auth-store': { isLoggedIn: true, token: null } }), '/')).toEqual([
      'splash',
      'authenticate',
    ]);
    expect(firstLoadScreens({ getItem: () => '{not json' }, '/authenticate')).toEqual(['authenticate']);
    expect(
      firstLoadScreens(
        {
          getItem: () => {
            throw new Error('storage disabled');
          },
        },
        '/',
      ),
    ).toEqual(['splash', 'authenticate']);
  });
});

describe('firstLoadLanguage', () => {
  it('is the saved language when the app ships it, else the first (default) one', () => {
    const languages = ['en', 'fa', 'ar', 'tr'];
    expect(firstLoadLanguage(storage({ 'app-setting-store': { selectedLanguage: 'fa' } }), languages)).toBe(
      'fa',
    );
    expect(firstLoadLanguage(storage({ 'app-setting-store': { selectedLanguage: 'xx' } }), languages)).toBe(
      'en',
    );
    expect(firstLoadLanguage(storage(), languages)).toBe('en');
  });
});

const map: FirstLoadMap = {
  languages: { en: ['/assets/en.js'], fa: ['/assets/fa.js', '/assets/vazirmatn.css'] },
  screens: {
    splash: ['/assets/first-authenticate.js', '/assets/first-shared.js'],
    authenticate: ['/assets/first-authenticate.js', '/assets/first-shared.js'],
    tabs: ['/assets/first-dashboard.js', '/assets/first-shared.js'],
    dashboard: ['/assets/first-dashboard.js', '/assets/first-shared.js'],
    setting: ['/assets/SettingScreen.js'],
  },
};

describe('firstLoadFiles', () => {
  it("names the language's files, then each first screen's, once each", () => {
    const fa = storage({ ...loggedIn, 'app-setting-store': { selectedLanguage: 'fa' } });
    expect(firstLoadFiles(map, fa, '/bottom-tab-bar-navigator/dashboard')).toEqual([
      '/assets/fa.js',
      '/assets/vazirmatn.css',
      '/assets/first-dashboard.js',
      '/assets/first-shared.js',
    ]);
    expect(firstLoadFiles(map, storage(), '/')).toEqual([
      '/assets/en.js',
      '/assets/first-authenticate.js',
      '/assets/first-shared.js',
    ]);
  });
});

describe("index.html's inline script", () => {
  /** Run the script as a page would, with the given storage and address; the links it adds. */
  function run(stores: Record<string, unknown>, pathname: string) {
    const links: { rel: string; href: string; crossOrigin: string | null }[] = [];
    const document = {
      createElement: () => ({ rel: '', href: '', crossOrigin: null as string | null }),
      head: { appendChild: (link: (typeof links)[number]) => links.push(link) },
    };
    const timers: (() => void)[] = [];
    const setTimeout = (fn: () => void) => timers.push(fn);
    new Function('document', 'localStorage', 'location', 'setTimeout', preloadScript(map))(
      document,
      storage(stores),
      { pathname },
      setTimeout,
    );
    // Nothing happens in the parser's task: the links come in a task of their own.
    expect(links).toEqual([]);
    for (const fn of timers) fn();
    return links;
  }

  it('adds a modulepreload for each chunk and a stylesheet for each CSS file of the first load', () => {
    const links = run(
      { ...loggedIn, 'app-setting-store': { selectedLanguage: 'fa' } },
      '/bottom-tab-bar-navigator/dashboard',
    );
    expect(links).toEqual([
      { rel: 'modulepreload', href: '/assets/fa.js', crossOrigin: '' },
      { rel: 'stylesheet', href: '/assets/vazirmatn.css', crossOrigin: '' },
      { rel: 'modulepreload', href: '/assets/first-dashboard.js', crossOrigin: '' },
      { rel: 'modulepreload', href: '/assets/first-shared.js', crossOrigin: '' },
    ]);
    expect(run({}, '/authenticate').map((l) => l.href)).toEqual([
      '/assets/en.js',
      '/assets/first-authenticate.js',
      '/assets/first-shared.js',
    ]);
  });
});
