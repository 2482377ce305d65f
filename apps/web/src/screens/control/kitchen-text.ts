import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../lib/format.ts';
import type en from '../../locales/kitchen/en.json';

type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];

/** Ids of the kitchen and laundry panels' texts (locales/kitchen). */
export type KitchenKey = Leaves<(typeof en)['kitchen']>;

type LooseT = (key: string, options?: Record<string, unknown>) => string;

/** The kitchen and laundry panels' texts, and times in the user's language and digits. */
export function useKitchenText() {
  const { t, i18n } = useTranslation();
  const loose = t as unknown as LooseT;
  const k = (key: KitchenKey, options?: Record<string, unknown>) => loose(`kitchen.${key}`, options);
  const n = (v: number, digits = 0) => formatNumber(v, i18n.language, digits);
  /** 95 → "1 h 35 min", 40 → "40 min", 120 → "2 h". */
  const minutes = (total: number) => {
    const h = Math.floor(total / 60);
    const m = Math.round(total % 60);
    if (h === 0) return k('minutes', { m: n(m) });
    return m === 0 ? k('hours', { h: n(h) }) : k('hoursMinutes', { h: n(h), m: n(m) });
  };
  /** A number with its unit kept left to right inside any text ("۲۲۰ °C" in Persian, not "°C ۲۲۰"). */
  const unit = (v: number, u: string) => `\u2066${n(v)} ${u}\u2069`;
  return { k, n, minutes, unit, language: i18n.language };
}

export type KitchenText = ReturnType<typeof useKitchenText>;
