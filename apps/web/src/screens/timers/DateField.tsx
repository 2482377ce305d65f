import type { CivilDate } from '@hestia/automation';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAmount } from '../../lib/chart-format.ts';
import { Select } from '../../ui/Select.tsx';
import { daysInShownMonth, fromShown, monthNames, range, toShown } from './timer-lib.ts';

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
