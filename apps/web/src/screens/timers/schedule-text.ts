import { nextOccurrence } from '@hestia/automation';
import type { Schedule } from '@hestia/contract';
import { RepeatType } from '@hestia/contract/light';
import type { TFunction } from 'i18next';
import { formatAmount } from '../../lib/chart-format.ts';
import { weekdayNames } from './timer-lib.ts';

export const REPEAT_NAMES = ['once', 'daily', 'weekly', 'monthly', 'yearly', 'timer'] as const;

/** The repeat type's name in the user's language. */
export function repeatName(repeatType: number, t: TFunction): string {
  const name = REPEAT_NAMES[repeatType] ?? 'once';
  return t(`timers.repeat.${name}` as 'timers.repeat.once');
}

/** "Weekly · Sat, Mon · 07:30" or "Every 15 minutes". */
export function describeSchedule(s: Schedule, t: TFunction, language: string): string {
  const parts = [repeatName(s.repeatType, t)];
  if (s.repeatType === RepeatType.Weekly && s.dayOfWeeks.length > 0) {
    const names = weekdayNames(language);
    parts.push(
      [...s.dayOfWeeks]
        .sort()
        .map((d) => names[d])
        .join(t('timers.listJoin')),
    );
  }
  if (s.repeatType === RepeatType.Timer) {
    parts.push(t('timers.schedule.every', { n: formatAmount(s.timerInterval ?? 0, language, 0) }));
  } else {
    const [h = '00', m = '00'] = s.time.split(':');
    parts.push(
      `${formatAmount(Number(h), language, 0).padStart(2, formatAmount(0, language, 0))}:${formatAmount(Number(m), language, 0).padStart(2, formatAmount(0, language, 0))}`,
    );
  }
  return parts.join(t('common.separator'));
}

/**
 * When a schedule runs next: the server's queued run when it is active, else what its recurrence says
 * (the same maths the server uses, in the schedule's time zone).
 */
export function nextRunOf(s: Schedule, now: number): number | null {
  if (s.isActive && s.nextRunAt !== null) return s.nextRunAt;
  return nextOccurrence(
    {
      repeatType: s.repeatType as RepeatType,
      startDateTime: s.startDateTime,
      endDateTime: s.endDateTime,
      dayOfWeeks: s.dayOfWeeks as (0 | 1 | 2 | 3 | 4 | 5 | 6)[],
      timerInterval: s.timerInterval,
      time: s.time,
      timeZone: s.timeZone,
    },
    now,
  );
}
