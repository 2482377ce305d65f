import type { CivilDate } from '@hestia/automation';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAmount } from '../../lib/chart-format.ts';
import { Select } from '../../ui/Select.tsx';
import { daysInShownMonth, fromShown, monthNames, toShown } from './timer-lib.ts';

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** Hours and minutes as two selects in the language's digits. `max` caps the total in minutes. */
export function DurationPicker({
  minutes,
  onChange,
  max,
}: {
  minutes: number;
  onChange(minutes: number): void;
  max: number;
}) {
  const { t, i18n } = useTranslation();
  const n = (v: number) => formatAmount(v, i18n.language, 0);
  const hours = Math.floor(minutes / 60);
  const mins = minutes % 60;
  const maxHours = Math.floor(max / 60);
  const set = (h: number, m: number) => onChange(Math.min(max, h * 60 + m));
  return (
    <div className="flex gap-3">
      <Select
        label={t('timers.timer.hours')}
        value={String(hours)}
        options={range(0, maxHours).map((h) => [String(h), n(h)] as const)}
        onChange={(v) => set(Number(v), mins)}
        testId="timer-hours"
      />
      <Select
        label={t('timers.timer.minutes')}
        value={String(mins)}
        options={range(0, hours >= maxHours ? max - maxHours * 60 : 59).map(
          (m) => [String(m), n(m)] as const,
        )}
        onChange={(v) => set(hours, Number(v))}
        testId="timer-minutes"
      />
    </div>
  );
}

/** A time of day (HH:mm) as hour and minute selects, 24-hour, in the language's digits. */
export function TimeOfDayPicker({
  label,
  value,
  onChange,
  error,
}: {
  label: string;
  value: string;
  onChange(value: string): void;
  error?: string | null;
}) {
  const { t, i18n } = useTranslation();
  const pad = (v: number) => formatAmount(v, i18n.language, 0).padStart(2, formatAmount(0, i18n.language, 0));
  const [h = '', m = ''] = value ? value.split(':') : [];
  const set = (hh: string, mm: string) =>
    onChange(
      hh === '' && mm === '' ? '' : `${(hh || '00').padStart(2, '0')}:${(mm || '00').padStart(2, '0')}`,
    );
  const none: readonly [string, string] = ['', '––'];
  return (
    <fieldset>
      <legend className="mb-1.5 block px-1 text-sm font-medium text-ink">{label}</legend>
      <div className="flex gap-3" dir="ltr">
        <Select
          label={t('timers.timer.hours')}
          hideLabel
          value={h}
          options={[none, ...range(0, 23).map((v) => [String(v).padStart(2, '0'), pad(v)] as const)]}
          onChange={(v) => set(v, m)}
          testId="schedule-hour"
          invalid={!!error}
        />
        <span className="self-center text-lg font-semibold text-muted">:</span>
        <Select
          label={t('timers.timer.minutes')}
          hideLabel
          value={m}
          options={[none, ...range(0, 59).map((v) => [String(v).padStart(2, '0'), pad(v)] as const)]}
          onChange={(v) => set(h, v)}
          testId="schedule-minute"
          invalid={!!error}
        />
      </div>
      {error ? (
        <p role="alert" className="mt-1.5 px-1 text-[13px] text-danger" data-testid="schedule-time-error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/**
 * A calendar date as day, month and year selects in the language's calendar: Jalali with Persian month
 * names in fa, Gregorian elsewhere. Values in and out are Gregorian civil dates.
 */
export function DateField({
  label,
  value,
  onChange,
  testId,
  error,
  trailing,
}: {
  label: string;
  value: CivilDate;
  onChange(value: CivilDate): void;
  testId: string;
  error?: string | null;
  trailing?: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const shown = toShown(value, language);
  const n = (v: number) => formatAmount(v, language, 0);
  const thisYear = toShown(
    { year: new Date().getFullYear(), month: new Date().getMonth() + 1, day: new Date().getDate() },
    language,
  ).year;
  const years = range(Math.min(thisYear, shown.year), Math.max(thisYear + 10, shown.year));
  const days = daysInShownMonth(shown.year, shown.month, language);
  const names = monthNames(language);
  const set = (year: number, month: number, day: number) =>
    onChange(
      fromShown({ year, month, day: Math.min(day, daysInShownMonth(year, month, language)) }, language),
    );
  return (
    <fieldset data-testid={testId}>
      <legend className="mb-1.5 flex w-full items-center justify-between px-1 text-sm font-medium text-ink">
        {label}
        {trailing}
      </legend>
      <div className="flex gap-2">
        <div className="w-20 shrink-0">
          <Select
            label={t('timers.date.day')}
            hideLabel
            value={String(shown.day)}
            options={range(1, days).map((d) => [String(d), n(d)] as const)}
            onChange={(v) => set(shown.year, shown.month, Number(v))}
            testId={`${testId}-day`}
            invalid={!!error}
          />
        </div>
        <Select
          label={t('timers.date.month')}
          hideLabel
          value={String(shown.month)}
          options={names.map((name, i) => [String(i + 1), name] as const)}
          onChange={(v) => set(shown.year, Number(v), shown.day)}
          testId={`${testId}-month`}
          invalid={!!error}
        />
        <div className="w-28 shrink-0">
          <Select
            label={t('timers.date.year')}
            hideLabel
            value={String(shown.year)}
            options={years.map(
              (y) => [String(y), formatAmount(y, language, 0).replace(/[,٬،]/g, '')] as const,
            )}
            onChange={(v) => set(Number(v), shown.month, shown.day)}
            testId={`${testId}-year`}
            invalid={!!error}
          />
        </div>
      </div>
      {error ? (
        <p role="alert" className="mt-1.5 px-1 text-[13px] text-danger" data-testid={`${testId}-error`}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
