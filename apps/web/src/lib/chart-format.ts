/**
 * Dates, times and amounts on charts and reports, in the interface language: Persian shows the Jalali
 * calendar with Persian digits (`fa-IR-u-ca-persian`), the others the Gregorian calendar.
 */

import { dateFormat, formatTime, intlLocale } from './date-format.ts';

// Charts write dates and times with the app's one formatter (lib/date-format.ts).
export { formatDate, formatDateTime, formatTime, intlLocale } from './date-format.ts';

const DAY = 86_400_000;

/**
 * The label of an x-axis tick on a chart spanning `spanMs`: times within a day, day and hour within a
 * week, day and month beyond.
 */
export function axisLabel(ts: number, spanMs: number, language: string, timeZone?: string): string {
  if (spanMs <= DAY * 1.01) return formatTime(ts, language, spanMs <= 10 * 60_000, timeZone);
  if (spanMs <= 8 * DAY)
    return dateFormat(language, { weekday: 'short', hour: 'numeric' }, timeZone).format(ts);
  return dateFormat(language, { day: 'numeric', month: 'short' }, timeZone).format(ts);
}

/** An energy bucket's label: an hour for hourly buckets, a day for daily ones. */
export function bucketLabel(ts: number, bucket: 'HOUR' | 'DAY', language: string, timeZone?: string): string {
  return bucket === 'HOUR'
    ? dateFormat(language, { hour: 'numeric' }, timeZone).format(ts)
    : dateFormat(language, { day: 'numeric', month: 'short' }, timeZone).format(ts);
}

const numbers = new Map<string, Intl.NumberFormat>();

function numberFormat(language: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const id = `${language}|${JSON.stringify(options)}`;
  let format = numbers.get(id);
  if (!format) {
    format = new Intl.NumberFormat(intlLocale(language), options);
    numbers.set(id, format);
  }
  return format;
}

/** A number with at most `digits` fraction digits, in the language's digits. */
export function formatAmount(value: number, language: string, digits = 2): string {
  return numberFormat(language, { maximumFractionDigits: digits }).format(value);
}

/** A price in a currency (ISO code); an unknown code falls back to the number and the code. */
export function formatMoney(value: number, currency: string, language: string): string {
  try {
    return numberFormat(language, { style: 'currency', currency, maximumFractionDigits: 2 }).format(value);
  } catch {
    return `${formatAmount(value, language)} ${currency}`;
  }
}

/** Hours and minutes of a duration, in the language's digits: [hours, minutes]. */
export function splitDuration(ms: number): [number, number] {
  const minutes = Math.round(ms / 60_000);
  return [Math.floor(minutes / 60), minutes % 60];
}

/** `YYYY-MM-DDTHH:mm` in local time, the value a `datetime-local` input holds. */
export function toLocalInput(ts: number): string {
  const d = new Date(ts);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
}

/** The epoch ms of a `datetime-local` value, or null when it is empty or invalid. */
export function fromLocalInput(value: string): number | null {
  if (!value) return null;
  const ts = new Date(value).getTime();
  return Number.isFinite(ts) ? ts : null;
}
