import './styles.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App, preloadScreens } from './App.tsx';
import { startErrorReporter } from './data/error-reporter.ts';
import { startSessionPresence } from './data/session-presence.ts';
import { moveStoredRefreshToken } from './data/token-refresh.ts';
import { afterFirstScreen } from './first-load/after-paint.ts';
import { firstLoadScreens } from './first-load/pick.ts';
import { i18nReady } from './i18n/index.ts';
import { captureInstallEvents } from './lib/install-prompt.ts';
import { useAppSettingStore } from './state/app-setting-store.ts';
import { startAuthChannel } from './state/auth-channel.ts';
import { useAuthStore } from './state/auth-store.ts';

// A session without its token (storage edited or half-written) starts logged out; an expired token is
// refreshed (with the HttpOnly refresh cookie) by the tab bar before the first call.
const auth = useAuthStore.getState();
if (auth.isLoggedIn && !auth.token) auth.logout();
// A refresh token an earlier version kept in localStorage moves into the cookie at once.
void moveStoredRefreshToken();
startAuthChannel();
// The browser's install offer may come before the prompt's code has loaded: keep it from the start.
captureInstallEvents(window);
// Uncaught errors go to the server's log collection (spec section 7), throttled.
startErrorReporter(() => useAppSettingStore.getState().hashedClientId || undefined);
// Other devices' Security list shows this session online only while the app is open here (from when
// its first screen is up).
afterFirstScreen(startSessionPresence);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
// The first screen waits for its language's texts (one small chunk), so it never shows raw keys, and for
// its own code (fetched since index.html asked for it), so it renders at once instead of suspending.
const firstScreens = (() => {
  try {
    return firstLoadScreens(localStorage, location.pathname);
  } catch {
    return []; // storage disabled: the screens load when they render
  }
})();
// Rendered as a transition, the first screen is built in slices that leave the main thread free in
// between, rather than in one long task.
void Promise.all([i18nReady, preloadScreens(firstScreens)]).then(() => {
  const reactRoot = createRoot(root);
  startTransition(() =>
    reactRoot.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
});
