import { useTranslation } from 'react-i18next';
import { formatAmount } from '../../lib/chart-format.ts';
import { Select } from '../../ui/Select.tsx';
import { range } from './timer-lib.ts';

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
