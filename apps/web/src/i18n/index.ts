import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  DEFAULT_LANGUAGE,
  isLanguage,
  type Language,
  useAppSettingStore,
} from '../state/app-setting-store.ts';

/**
 * Each language's texts are a chunk of their own (i18n/lang/{lang}.ts gathers every `{lang}.json` under locales/),
 * fetched when the language is first used: a phone downloads one language, not four.
 */
const bundles: Record<Language, () => Promise<{ default: object }>> = {
  en: () => import('./lang/en.ts'),
  fa: () => import('./lang/fa.ts'),
  ar: () => import('./lang/ar.ts'),
  tr: () => import('./lang/tr.ts'),
};

/** Vazirmatn's font faces (vazirmatn.ts), needed by Persian and Arabic only. */
const fonts: Partial<Record<Language, () => Promise<unknown>>> = {
  fa: () => import('./vazirmatn.ts'),
  ar: () => import('./vazirmatn.ts'),
};

/** Load a language's texts (and its font) into i18next once; later calls return at once. */
export async function loadLanguage(language: Language): Promise<void> {
  if (i18n.hasResourceBundle(language, 'translation')) return;
  const [{ default: translation }] = await Promise.all([bundles[language](), fonts[language]?.()]);
  i18n.addResourceBundle(language, 'translation', translation, true, true);
}

const RTL: ReadonlySet<Language> = new Set<Language>(['fa', 'ar']);

export function directionOf(language: Language): 'rtl' | 'ltr' {
  return RTL.has(language) ? 'rtl' : 'ltr';
}

/** The language in use, narrowed to one the app ships. */
export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}

function applyToDocument(language: Language): void {
  const root = document.documentElement;
  root.lang = language;
  root.dir = directionOf(language);
}

/**
 * Switch the interface language: its texts (fetched first, so no screen shows keys meanwhile),
 * `<html lang dir>`, and the persisted setting. No reload.
 */
export async function changeLanguage(language: Language): Promise<unknown> {
  await loadLanguage(language);
  useAppSettingStore.getState().setSelectedLanguage(language);
  return i18n.changeLanguage(language);
}

const initial = useAppSettingStore.getState().selectedLanguage;
applyToDocument(initial);
i18n.on('languageChanged', (lng) => {
  if (isLanguage(lng)) applyToDocument(lng);
});
/** Settles once the chosen language's texts are in: the app renders after it (main.tsx). */
export const i18nReady: Promise<unknown> = i18n
  .use(initReactI18next)
  .init({
    resources: {},
    partialBundledLanguages: true,
    lng: initial,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: ['en', 'fa', 'ar', 'tr'],
    interpolation: { escapeValue: false },
  })
  .then(() => loadLanguage(initial));

export { i18n };
