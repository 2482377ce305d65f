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

/** The browser's own time zone (what schedules use when the profile names none), UTC when unknown. */
export function browserTimeZone(): string {
  return new Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** Weekday names Saturday (0) to Friday (6), as the spec orders them. 1 January 2000 was a Saturday. */
export function weekdayNames(language: string, style: 'short' | 'long' = 'short'): string[] {
  const format = dateFormat(language, { weekday: style }, 'UTC');
  return Array.from({ length: 7 }, (_, i) => format.format(Date.UTC(2000, 0, 1 + i, 12)));
}

/** Gregorian month names, January first, in the language (fa's Jalali months are named elsewhere). */
export function gregorianMonthNames(language: string): string[] {
  const format = dateFormat(language, { month: 'long', calendar: 'gregory' }, 'UTC');
  return Array.from({ length: 12 }, (_, i) => format.format(Date.UTC(2001, i, 15)));
}

const relativeFormats = new Map<string, Intl.RelativeTimeFormat>();

/** How long ago (or ahead) an instant is, in words: "5 minutes ago", "yesterday", "۳ ساعت پیش". */
export function formatRelative(ts: number | Date, language: string, now: number = Date.now()): string {
  let rtf = relativeFormats.get(language);
  if (!rtf) {
    rtf = new Intl.RelativeTimeFormat(intlLocale(language), { numeric: 'auto' });
    relativeFormats.set(language, rtf);
  }
  const diff = (new Date(ts).getTime() - now) / 1000;
  const abs = Math.abs(diff);
  if (abs < 60) return rtf.format(Math.round(diff), 'second');
  if (abs < 3600) return rtf.format(Math.round(diff / 60), 'minute');
  if (abs < 86_400) return rtf.format(Math.round(diff / 3600), 'hour');
  return rtf.format(Math.round(diff / 86_400), 'day');
}
