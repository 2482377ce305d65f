import type { TFunction } from 'i18next';
import { formatAmount, splitDuration } from '../../lib/chart-format.ts';

/** A telemetry key as a person reads it: "Output 1" for relay_1, the key itself otherwise. */
export function keyTitle(key: string, t: TFunction, language: string): string {
  const relay = /^relay_(\d+)$/.exec(key);
  if (relay) return t('charts.keys.relay', { n: formatAmount(Number(relay[1]), language, 0) });
  return key;
}

/** "2 h 5 min" in the language's digits. */
export function durationText(ms: number, t: TFunction, language: string): string {
  const [h, m] = splitDuration(ms);
  const n = (v: number) => formatAmount(v, language, 0);
  if (h === 0) return t('charts.duration.minutes', { m: n(m) });
  return t('charts.duration.hoursMinutes', { h: n(h), m: n(m) });
}
