import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import accountAr from '../locales/account/ar.json';
import accountEn from '../locales/account/en.json';
import accountFa from '../locales/account/fa.json';
import accountTr from '../locales/account/tr.json';
import ar from '../locales/ar.json';
import automationAr from '../locales/automation/ar.json';
import automationEn from '../locales/automation/en.json';
import automationFa from '../locales/automation/fa.json';
import automationTr from '../locales/automation/tr.json';
import chartsAr from '../locales/charts/ar.json';
import chartsEn from '../locales/charts/en.json';
import chartsFa from '../locales/charts/fa.json';
import chartsTr from '../locales/charts/tr.json';
import controlAr from '../locales/control/ar.json';
import controlEn from '../locales/control/en.json';
import controlFa from '../locales/control/fa.json';
import controlTr from '../locales/control/tr.json';
import deviceAr from '../locales/device/ar.json';
import deviceEn from '../locales/device/en.json';
import deviceFa from '../locales/device/fa.json';
import deviceTr from '../locales/device/tr.json';
import en from '../locales/en.json';
import fa from '../locales/fa.json';
import homeAr from '../locales/home/ar.json';
import homeEn from '../locales/home/en.json';
import homeFa from '../locales/home/fa.json';
import homeTr from '../locales/home/tr.json';
import keysAr from '../locales/keys/ar.json';
import keysEn from '../locales/keys/en.json';
import keysFa from '../locales/keys/fa.json';
import keysTr from '../locales/keys/tr.json';
import timersAr from '../locales/timers/ar.json';
import timersEn from '../locales/timers/en.json';
import timersFa from '../locales/timers/fa.json';
import timersTr from '../locales/timers/tr.json';
import tr from '../locales/tr.json';
import {
  DEFAULT_LANGUAGE,
  isLanguage,
  type Language,
  useAppSettingStore,
} from '../state/app-setting-store.ts';
import { mergeTranslations } from './merge.ts';

/** Each feature keeps its own locale files (`locales/{feature}/{lang}.json`); all land in `translation`. */
const merged = <T extends object>(base: T, ...features: object[]) =>
  features.reduce<object>((acc, f) => mergeTranslations(acc as never, f as never), base) as T;

export const resources = {
  en: {
    translation: merged(en, accountEn, automationEn, chartsEn, controlEn, deviceEn, homeEn, keysEn, timersEn),
  },
  fa: {
    translation: merged(fa, accountFa, automationFa, chartsFa, controlFa, deviceFa, homeFa, keysFa, timersFa),
  },
  ar: {
    translation: merged(ar, accountAr, automationAr, chartsAr, controlAr, deviceAr, homeAr, keysAr, timersAr),
  },
  tr: {
    translation: merged(tr, accountTr, automationTr, chartsTr, controlTr, deviceTr, homeTr, keysTr, timersTr),
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
