import { useTranslation } from 'react-i18next';
import { formatAmount } from '../../lib/chart-format.ts';
import { Select } from '../../ui/Select.tsx';
import { range } from './timer-lib.ts';

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
