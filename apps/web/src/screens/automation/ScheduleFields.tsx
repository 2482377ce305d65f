import type { TFunction } from 'i18next';
import { type UseFormReturn, useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../i18n/index.ts';
import { weekdayNames as weekdayNamesOf } from '../../lib/date-format.ts';
import { formatNumber } from '../../lib/format.ts';
import { SegmentedBar } from '../../ui/SegmentedBar.tsx';
import { REPEAT, type ScheduleValue } from './condition-meta.ts';
import { FieldProblem } from './FieldProblem.tsx';
import { focusGroup } from './focus-group.ts';

/** Weekday names Saturday first, in the interface language (the app's one date formatter). */
export function weekdayNames(style: 'short' | 'long' = 'short'): string[] {
  return weekdayNamesOf(i18n.language, style);
}

/** "At 07:30, every day", "Every 15 min" … */
export function scheduleText(v: ScheduleValue, t: TFunction): string {
  const n = (x: number) => formatNumber(x, i18n.language, 0);
  if (v.repeatType === REPEAT.Timer)
    return t('automation.schedule.everyMinutes', { n: n(v.timerInterval ?? 0) });
  const time = v.time.replace(/\d/g, (d) => n(Number(d)));
  if (v.repeatType === REPEAT.Once) return t('automation.schedule.onceAt', { time });
  if (v.repeatType === REPEAT.Daily) return t('automation.schedule.dailyAt', { time });
  const names = weekdayNames();
  return t('automation.schedule.weeklyAt', {
    time,
    days: [...v.dayOfWeeks]
      .sort()
      .map((d) => names[d])
      .join(t('common.separator')),
  });
}

type ScheduleField = 'time' | 'timerInterval' | 'dayOfWeeks';

/**
 * The props of ScheduleFields for a react-hook-form form of a ScheduleValue: its values, each field's
 * problem (keys under `automation.`, translated), and the refs a blocked save focuses them by.
 */
export function useScheduleFieldProps(form: UseFormReturn<ScheduleValue>, onEdit?: () => void) {
  const { t } = useTranslation();
  const { errors } = form.formState;
  const refs = {
    time: useController({ control: form.control, name: 'time' }).field.ref,
    timerInterval: useController({ control: form.control, name: 'timerInterval' }).field.ref,
    dayOfWeeks: useController({ control: form.control, name: 'dayOfWeeks' }).field.ref,
  };
  const problem = (field: ScheduleField) => {
    const key = errors[field]?.message;
    return key ? t(`automation.${key}` as 'automation.schedule.timeRequired') : null;
  };
  return {
    value: form.watch(),
    onChange: (next: ScheduleValue) => {
      onEdit?.();
      for (const [field, v] of Object.entries(next))
        form.setValue(field as keyof ScheduleValue, v as never, { shouldDirty: true });
    },
    errors: {
      time: problem('time'),
      timerInterval: problem('timerInterval'),
      dayOfWeeks: problem('dayOfWeeks'),
    },
    fieldRef: (field: ScheduleField) => focusGroup(refs[field]),
  };
}

/** When something runs: once, daily or on chosen weekdays at a time, or every N minutes. */
export function ScheduleFields({
  value,
  onChange,
  timerOnly = false,
  errors = {},
  fieldRef,
}: {
  value: ScheduleValue;
  onChange(value: ScheduleValue): void;
  /** A Timer condition: only the interval. */
  timerOnly?: boolean;
  /** Each field's problem, shown below it. */
  errors?: Partial<Record<ScheduleField, string | null>>;
  /** The ref a form focuses a field by. */
  fieldRef?: (field: ScheduleField) => (el: HTMLElement | null) => void;
}) {
  const { t } = useTranslation();
  const names = weekdayNames();
  const set = (patch: Partial<ScheduleValue>) => onChange({ ...value, ...patch });
  const field = (name: ScheduleField) =>
    `h-12 w-full rounded-2xl border bg-surface px-4 text-[16px] text-ink outline-none focus:border-accent ${
      errors[name] ? 'border-danger' : 'border-line'
    }`;
  return (
    <div className="space-y-4">
      {timerOnly ? null : (
        <SegmentedBar<number>
          label={t('automation.schedule.repeat')}
          value={value.repeatType}
          onChange={(repeatType) => set({ repeatType })}
          testId="schedule-repeat"
          options={[
            { value: REPEAT.Once, label: t('automation.schedule.once'), testId: 'repeat-once' },
            { value: REPEAT.Daily, label: t('automation.schedule.daily'), testId: 'repeat-daily' },
            { value: REPEAT.Weekly, label: t('automation.schedule.weekly'), testId: 'repeat-weekly' },
          ]}
        />
      )}
      {value.repeatType === REPEAT.Timer ? (
        <label className="block">
          <span className="mb-1.5 block px-1 text-sm font-medium">{t('automation.schedule.interval')}</span>
          <input
            ref={fieldRef?.('timerInterval')}
            aria-invalid={errors.timerInterval ? true : undefined}
            inputMode="numeric"
            value={value.timerInterval === null ? '' : String(value.timerInterval)}
            onChange={(e) => {
              const digits = e.target.value
                .replace(/[۰-۹]/g, (d) => String(d.charCodeAt(0) - 0x06f0))
                .replace(/[٠-٩]/g, (d) => String(d.charCodeAt(0) - 0x0660))
                .replace(/\D/g, '')
                .slice(0, 6);
              set({ timerInterval: digits ? Number(digits) : null });
            }}
            className={field('timerInterval')}
            data-testid="schedule-interval"
          />
          <FieldProblem text={errors.timerInterval ?? null} />
        </label>
      ) : (
        <label className="block">
          <span className="mb-1.5 block px-1 text-sm font-medium">{t('automation.schedule.time')}</span>
          <input
            ref={fieldRef?.('time')}
            aria-invalid={errors.time ? true : undefined}
            type="time"
            value={value.time}
            onChange={(e) => set({ time: e.target.value })}
            className={field('time')}
            data-testid="schedule-time"
          />
          <FieldProblem text={errors.time ?? null} />
        </label>
      )}
      {value.repeatType === REPEAT.Weekly ? (
        <div ref={fieldRef?.('dayOfWeeks')}>
          <fieldset
            aria-label={t('automation.schedule.days')}
            className="m-0 flex min-w-0 flex-wrap gap-2 border-0 p-0"
          >
            {names.map((name, day) => {
              const on = value.dayOfWeeks.includes(day);
              return (
                <button
                  key={name}
                  type="button"
                  aria-pressed={on}
                  onClick={() =>
                    set({
                      dayOfWeeks: on ? value.dayOfWeeks.filter((d) => d !== day) : [...value.dayOfWeeks, day],
                    })
                  }
                  className={`h-10 min-w-12 rounded-full px-3 text-sm font-semibold ring-1 ${
                    on ? 'bg-accent text-on-accent ring-accent' : 'bg-surface text-ink ring-line'
                  }`}
                  data-testid={`day-${day}`}
                >
                  {name}
                </button>
              );
            })}
          </fieldset>
          <FieldProblem text={errors.dayOfWeeks ?? null} />
        </div>
      ) : null}
    </div>
  );
}
