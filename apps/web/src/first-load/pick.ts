/** The screens a first load can open, each lazily loaded (App.tsx). */
export const FIRST_LOAD_SCREENS = ['splash', 'authenticate', 'tabs', 'dashboard', 'setting'] as const;
export type FirstLoadScreen = (typeof FIRST_LOAD_SCREENS)[number];

/**
 * The built files (JavaScript chunks and their CSS, beyond what index.html already loads) of each
 * language's texts and of each first screen, by the build's hashed names.
 */
export interface FirstLoadMap {
  languages: Record<string, string[]>;
  screens: Record<FirstLoadScreen, string[]>;
}

// The functions below read the same saved state the app starts from (the persisted stores in
// localStorage) to tell what the first screen will need. index.html runs them inline, before the
// app's script, to start fetching those files at once (vite-plugins.ts writes their source there), and
// main.tsx to have the first screens in before it renders: so they refer to nothing outside this file
// but each other, by name. A wrong guess costs only a download; the app decides as before.

/** A persisted store's state (zustand's `{state, version}` in localStorage), or `{}`. */
export function savedState(storage: Pick<Storage, 'getItem'>, key: string): Record<string, unknown> {
  try {
    const saved = JSON.parse(storage.getItem(key) ?? 'null') as { state?: unknown } | null;
    return saved && typeof saved.state === 'object' && saved.state !== null
      ? (saved.state as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

/** The interface language the app will start in, if it is one of `languages`; else the first of them. */
export function firstLoadLanguage(storage: Pick<Storage, 'getItem'>, languages: readonly string[]): string {
  const language = savedState(storage, 'app-setting-store').selectedLanguage;
  return typeof language === 'string' && languages.includes(language) ? language : (languages[0] ?? '');
}

/** The screens a start at `pathname` shows first, as the app's routes and guards lead. */
export function firstLoadScreens(storage: Pick<Storage, 'getItem'>, pathname: string): FirstLoadScreen[] {
  const tabs = '/bottom-tab-bar-navigator';
  const dashboard = `${tabs}/dashboard`;
  const auth = savedState(storage, 'auth-store');
  // main.tsx logs a session without its token out before the first render.
  const loggedIn = auth.isLoggedIn === true && typeof auth.token === 'string' && auth.token !== '';
  const screens: FirstLoadScreen[] = [];
  let path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (path === '/') screens.push('splash');
  if (loggedIn) {
    // Splash restores the last screen; an auth screen leads on to the dashboard.
    if (path === '/') {
      const last = savedState(storage, 'navigation-store').lastPath;
      path = typeof last === 'string' ? (last.split('?')[0] ?? dashboard) : dashboard;
    } else if (path === '/authenticate') path = dashboard;
    if (path === tabs) path = dashboard;
    const tab = path.startsWith(`${tabs}/`) ? path.slice(tabs.length + 1) : null;
    if (tab === 'dashboard' || tab === 'setting') screens.push('tabs', tab);
    else if (tab === 'automation' || tab === 'devices' || tab === 'favoriteDevices') screens.push('tabs');
  } else if (path === '/' || path === '/authenticate' || path === tabs || path.startsWith(`${tabs}/`)) {
    screens.push('authenticate');
  }
  return screens;
}

/** The files of the first load: the language's texts, then each first screen's, once each. */
export function firstLoadFiles(
  map: FirstLoadMap,
  storage: Pick<Storage, 'getItem'>,
  pathname: string,
): string[] {
  const files = [...(map.languages[firstLoadLanguage(storage, Object.keys(map.languages))] ?? [])];
  for (const screen of firstLoadScreens(storage, pathname)) files.push(...map.screens[screen]);
  return files.filter((file, i) => files.indexOf(file) === i);
}
