/** Persian (Jalali, Solar Hijri) month names, Farvardin first. */
export const PERSIAN_MONTH_NAMES = [
  'فروردین',
  'اردیبهشت',
  'خرداد',
  'تیر',
  'مرداد',
  'شهریور',
  'مهر',
  'آبان',
  'آذر',
  'دی',
  'بهمن',
  'اسفند',
] as const;

/** Persian weekday names in the spec's order, Saturday (0) to Friday (6). */
export const PERSIAN_WEEKDAY_NAMES = [
  'شنبه',
  'یکشنبه',
  'دوشنبه',
  'سه‌شنبه',
  'چهارشنبه',
  'پنجشنبه',
  'جمعه',
] as const;

const PERSIAN_DIGITS = '۰۱۲۳۴۵۶۷۸۹';

/** Replaces the Latin digits 0–9 with Persian ones (۰–۹); everything else is kept. */
export function toPersianDigits(value: string | number): string {
  return String(value).replace(/[0-9]/g, (d) => PERSIAN_DIGITS[Number(d)] ?? d);
}

/** Replaces Persian (and Arabic-Indic) digits with Latin ones. */
export function toLatinDigits(value: string): string {
  return value
    .replace(/[۰-۹]/g, (d) => String(d.charCodeAt(0) - 0x06f0))
    .replace(/[٠-٩]/g, (d) => String(d.charCodeAt(0) - 0x0660));
}

/** The Persian name of a Jalali month, 1 (Farvardin) to 12 (Esfand). */
export function persianMonthName(month: number): string {
  const name = PERSIAN_MONTH_NAMES[month - 1];
  if (!name) throw new RangeError(`Jalali month must be 1 to 12, got ${month}`);
  return name;
}

export interface JalaliDate {
  year: number;
  month: number;
  day: number;
}

const jalaliFormatters = new Map<string, Intl.DateTimeFormat>();

/** The Jalali date of an instant in `timeZone`, read from Intl's persian calendar. */
export function jalaliDateAt(epochMs: number, timeZone: string): JalaliDate {
  let formatter = jalaliFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US-u-ca-persian-nu-latn', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
    });
    jalaliFormatters.set(timeZone, formatter);
  }
  const parts: Record<string, number> = {};
  for (const part of formatter.formatToParts(epochMs)) {
    if (part.type === 'year' || part.type === 'month' || part.type === 'day')
      parts[part.type] = Number(part.value);
  }
  return { year: parts.year ?? 0, month: parts.month ?? 0, day: parts.day ?? 0 };
}

export interface JalaliFormatOptions {
  /** Prefix the weekday name: «شنبه ۱ آذر ۱۴۰۵». */
  weekday?: boolean;
  /** Append the wall-clock time, 24-hour: «… ساعت ۰۷:۰۵». */
  time?: boolean;
}

/**
 * A date for Persian readers: day, month name and year of the Jalali calendar, Persian digits,
 * e.g. «۱ آذر ۱۴۰۵». Reads the calendar from Intl; the words and digits are ours so they do not
 * change with the runtime's locale data.
 */
export function formatJalaliDate(
  epochMs: number,
  timeZone: string,
  options: JalaliFormatOptions = {},
): string {
  const { year, month, day } = jalaliDateAt(epochMs, timeZone);
  let text = `${toPersianDigits(day)} ${persianMonthName(month)} ${toPersianDigits(year)}`;
  if (options.weekday) text = `${PERSIAN_WEEKDAY_NAMES[saturdayFirstWeekday(epochMs, timeZone)]} ${text}`;
  if (options.time) {
    const clock = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(epochMs);
    text = `${text} ساعت ${toPersianDigits(clock)}`;
  }
  return text;
}

function saturdayFirstWeekday(epochMs: number, timeZone: string): number {
  const name = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'long' }).format(epochMs);
  return ['Saturday', 'Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'].indexOf(name);
}
