import type { TFunction } from 'i18next';
import { catalogKeyName } from '../../i18n/catalog-text.ts';
import { formatAmount, splitDuration } from '../../lib/chart-format.ts';

/** A device parameter by its standalone name (i18n/catalog-text.ts), the same on every screen. */
export function keyTitle(key: string, t: TFunction, language: string): string {
  return catalogKeyName(key, t, language);
}

/** "2 h 5 min" in the language's digits. */
export function durationText(ms: number, t: TFunction, language: string): string {
  const [h, m] = splitDuration(ms);
  const n = (v: number) => formatAmount(v, language, 0);
  if (h === 0) return t('charts.duration.minutes', { m: n(m) });
  return t('charts.duration.hoursMinutes', { h: n(h), m: n(m) });
}
