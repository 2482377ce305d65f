import '@fontsource/vazirmatn/400.css';
import '@fontsource/vazirmatn/500.css';
import '@fontsource/vazirmatn/600.css';
import '@fontsource/vazirmatn/700.css';
import './styles.css';
import './i18n/index.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { startAuthChannel } from './state/auth-channel.ts';
import { useAuthStore } from './state/auth-store.ts';

// A session without its tokens (storage edited or half-written) starts logged out; an expired token is
// refreshed by the tab bar before the first call.
const auth = useAuthStore.getState();
if (auth.isLoggedIn && (!auth.token || !auth.refreshToken)) auth.logout();
startAuthChannel();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
