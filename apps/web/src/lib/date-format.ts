/**
 * The one way the app writes dates and times, per interface language: a date ("20 Mar 2024",
 * "۱ فروردین ۱۴۰۳"), a time of day ("12:05") and both together. Persian shows the Jalali calendar with
 * Persian digits (`fa-IR-u-ca-persian`), the other languages the Gregorian calendar. Every screen
 * (sessions, shares, automations, timers, charts, settings) goes through these.
 */

/** The Intl locale of an interface language. */
export function intlLocale(language: string): string {
  if (language === 'fa') return 'fa-IR-u-ca-persian';
  return language;
}

const formats = new Map<string, Intl.DateTimeFormat>();

/** A cached Intl.DateTimeFormat of the language (for the few special labels such as chart axes). */
export function dateFormat(
  language: string,
  options: Intl.DateTimeFormatOptions,
  timeZone?: string,
): Intl.DateTimeFormat {
  const id = `${language}|${timeZone ?? ''}|${JSON.stringify(options)}`;
  let format = formats.get(id);
  if (!format) {
    format = new Intl.DateTimeFormat(intlLocale(language), { ...options, timeZone });
    formats.set(id, format);
  }
  return format;
}

const DATE: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'short', day: 'numeric' };
const TIME: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit' };
const TIME_SECONDS: Intl.DateTimeFormatOptions = { ...TIME, second: '2-digit' };

/** A date alone. */
export function formatDate(ts: number | Date, language: string, timeZone?: string): string {
  return dateFormat(language, DATE, timeZone).format(ts);
}

/** A time of day alone, with seconds when asked. */
export function formatTime(ts: number | Date, language: string, seconds = false, timeZone?: string): string {
  return dateFormat(language, seconds ? TIME_SECONDS : TIME, timeZone).format(ts);
}

/**
 * A date and time such as "Mar 20, 2024, 12:05 PM" or "۱ فروردین ۱۴۰۳، ۱۲:۰۵", with seconds or the
 * weekday in front ("Wed, Mar 20, 2024, 12:05 PM", for when a schedule runs) when asked.
 */
export function formatDateTime(
  ts: number | Date,
  language: string,
  timeZone?: string,
  opts: { seconds?: boolean; weekday?: boolean } = {},
): string {
  const text = dateFormat(language, { ...DATE, ...(opts.seconds ? TIME_SECONDS : TIME) }, timeZone).format(
    ts,
  );
  if (!opts.weekday) return text;
  const day = dateFormat(language, { weekday: 'short' }, timeZone).format(ts);
  return `${day}${language === 'fa' || language === 'ar' ? '، ' : ', '}${text}`;
}
