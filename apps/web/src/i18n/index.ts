import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import accountAr from '../locales/account/ar.json';
import accountEn from '../locales/account/en.json';
import accountFa from '../locales/account/fa.json';
import accountTr from '../locales/account/tr.json';
import ar from '../locales/ar.json';
import chartsAr from '../locales/charts/ar.json';
import chartsEn from '../locales/charts/en.json';
import chartsFa from '../locales/charts/fa.json';
import chartsTr from '../locales/charts/tr.json';
import en from '../locales/en.json';
import fa from '../locales/fa.json';
import homeAr from '../locales/home/ar.json';
import homeEn from '../locales/home/en.json';
import homeFa from '../locales/home/fa.json';
import homeTr from '../locales/home/tr.json';
import tr from '../locales/tr.json';
import {
  DEFAULT_LANGUAGE,
  isLanguage,
  type Language,
  useAppSettingStore,
} from '../state/app-setting-store.ts';
import { mergeTranslations } from './merge.ts';

export const resources = {
  en: {
    translation: mergeTranslations(mergeTranslations(mergeTranslations(en, homeEn), accountEn), chartsEn),
  },
  fa: {
    translation: mergeTranslations(mergeTranslations(mergeTranslations(fa, homeFa), accountFa), chartsFa),
  },
  ar: {
    translation: mergeTranslations(mergeTranslations(mergeTranslations(ar, homeAr), accountAr), chartsAr),
  },
  tr: {
    translation: mergeTranslations(mergeTranslations(mergeTranslations(tr, homeTr), accountTr), chartsTr),
  },
} as const;

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

/** Switch the interface language: translations, `<html lang dir>`, and the persisted setting. */
export function changeLanguage(language: Language): Promise<unknown> {
  useAppSettingStore.getState().setSelectedLanguage(language);
  return i18n.changeLanguage(language);
}

const initial = useAppSettingStore.getState().selectedLanguage;
applyToDocument(initial);
i18n.on('languageChanged', (lng) => {
  if (isLanguage(lng)) applyToDocument(lng);
});
void i18n.use(initReactI18next).init({
  resources,
  lng: initial,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: ['en', 'fa', 'ar', 'tr'],
  interpolation: { escapeValue: false },
});

export { i18n };
