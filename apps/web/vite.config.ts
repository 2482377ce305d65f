import { readFileSync } from 'node:fs';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { flavourOf, flavourPage } from './src/first-load/flavour-build.ts';
import { firstLoadChunks, firstLoadPreloads, prebuiltLocales } from './src/first-load/vite-plugins.ts';

/** Where `vite dev` forwards /api (HTTP and the telemetry socket); `npm run dev` sets it from PORT (8080 by default). */
const apiTarget = process.env.HESTIA_API_URL ?? 'http://localhost:8080';

/** A white-label build's company (VITE_FLAVOUR, decision 042), undefined for the app's own. */
const flavour = flavourOf(process.env.VITE_FLAVOUR);
const THEME_COLOR = flavour?.colours.accent ?? '#1FBCD2';
const APP_NAME = flavour?.name ?? 'Hestia';

export default defineConfig({
  // Where the voice service is (issue 23 names it VOICE_URL; Vite's own prefixed name works too).
  define: {
    'import.meta.env.VITE_VOICE_URL': JSON.stringify(
      process.env.VITE_VOICE_URL ?? process.env.VOICE_URL ?? '',
    ),
  },
  plugins: [
    react(),
    tailwindcss(),
    prebuiltLocales(),
    // What a first load fetches beside index.html's own scripts: the texts of the language in use
    // (with Vazirmatn's font faces for Persian and Arabic, i18n/index.ts) and the start screen.
    flavourPage(flavour, () => readFileSync(new URL('./public/favicon.svg', import.meta.url), 'utf8')),
    firstLoadPreloads({
      languages: {
        en: ['src/i18n/lang/en.ts'],
        fa: ['src/i18n/lang/fa.ts', 'src/i18n/vazirmatn.ts'],
        ar: ['src/i18n/lang/ar.ts', 'src/i18n/vazirmatn.ts'],
        tr: ['src/i18n/lang/tr.ts'],
      },
      screens: {
        splash: 'src/screens/account/SplashScreen.tsx',
        authenticate: 'src/screens/AuthenticateScreen.tsx',
        tabs: 'src/screens/TabLayout.tsx',
        dashboard: 'src/screens/DashboardScreen.tsx',
        setting: 'src/screens/SettingScreen.tsx',
      },
    }),
    VitePWA({
      // The app asks before reloading into a new version (spec section 1: web update prompt).
      registerType: 'prompt',
      injectRegister: false,
      includeAssets: ['favicon.svg', 'apple-touch-icon.png'],
      manifest: {
        // A stable identity for the installed app, whatever start_url becomes.
        id: '/',
        // The app speaks en, fa, ar and tr (chosen in the app, set on <html lang dir>): the manifest
        // names no single language. undefined overrides the plugin's default `lang: 'en'` and is left out.
        lang: undefined,
        name: APP_NAME,
        short_name: APP_NAME,
        description: 'Control and monitor your smart home.',
        theme_color: THEME_COLOR,
        background_color: '#F3F6F8',
        display: 'standalone',
        start_url: '/',
        scope: '/',
        // The app's custom scheme (spec section 2, links; docs/decisions/042): an installed app opens
        // `web+hestia:` links at /open, which maps them to the route of the same path.
        protocol_handlers: [{ protocol: 'web+hestia', url: '/open?link=%s' }],
        icons: [
          { src: 'icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: 'icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: 'icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
          { src: 'favicon.svg', sizes: 'any', type: 'image/svg+xml' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
        navigateFallback: '/index.html',
        // The API and its socket are live data: no worker route matches /api/, so the worker never
        // answers them and the browser goes straight to the network (there is no runtime caching).
        navigateFallbackDenylist: [/^\/api\//],
        cleanupOutdatedCaches: true,
        // Web Push (issue 20): the push and notification-click handlers, a plain script in public/.
        importScripts: ['/push-sw.js'],
      },
    }),
  ],
  server: {
    // The voice service is on the API server too, under its own base (decision 047).
    proxy: {
      '/api': { target: apiTarget, ws: true, changeOrigin: true },
      '/voice': { target: apiTarget, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        codeSplitting: firstLoadChunks(import.meta.dirname, {
          authenticate: ['src/screens/account/SplashScreen.tsx', 'src/screens/AuthenticateScreen.tsx'],
          dashboard: ['src/screens/TabLayout.tsx', 'src/screens/DashboardScreen.tsx'],
        }),
      },
    },
  },
});
