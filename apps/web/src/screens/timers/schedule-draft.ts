import type { CivilDate } from '@hestia/automation';
import type { Schedule } from '@hestia/contract';
import { RepeatType as Repeat, type RepeatType } from '@hestia/contract/light';
import { correctedNow } from '../../data/api.ts';
import { latinDigits } from '../../lib/digits.ts';
import { civilDateOf, instantOf, type TimerAction, timeOf } from './timer-lib.ts';

/** The schedule form's state, and the body the server receives from it. */
export const DAY_MS = 86_400_000;
export const YEAR_MS = 366 * DAY_MS;

export interface Draft {
  name: string;
  repeatType: RepeatType | null;
  time: string;
  dayOfWeeks: number[];
  interval: string;
  start: CivilDate;
  hasEnd: boolean;
  end: CivilDate;
  actions: TimerAction[];
}

export function draftOf(s: Schedule | undefined, zone: string, profileToggles: readonly string[]): Draft {
  const today = civilDateOf(correctedNow(), zone);
  if (!s)
    return {
      name: '',
      repeatType: null,
      time: '',
      dayOfWeeks: [],
      interval: '',
      start: today,
      hasEnd: false,
      end: civilDateOf(correctedNow() + 30 * DAY_MS, zone),
      actions: profileToggles.map((k) => ({ deviceParameterId: k, value: 1 })),
    };
  return {
    name: s.name,
    repeatType: s.repeatType as RepeatType,
    time: s.repeatType === Repeat.Timer && s.time === '00:00' ? '' : s.time,
    dayOfWeeks: [...s.dayOfWeeks],
    interval: s.timerInterval ? String(s.timerInterval) : '',
    start: civilDateOf(s.startDateTime, s.timeZone),
    hasEnd: s.endDateTime !== null,
    end: civilDateOf(s.endDateTime ?? s.startDateTime + 30 * DAY_MS, s.timeZone),
    actions: s.deviceScheduleActions.map((a) => ({
      deviceParameterId: a.deviceParameterId,
      value: a.value,
    })),
  };
}

/** The instants the server receives: from the start of the first day (or now, for today) to the end of the last. */
export function bodyOf(d: Draft, zone: string) {
  const now = correctedNow();
  const startOfDay = instantOf(d.start, '00:00', zone);
  const isToday = startOfDay <= now && now < startOfDay + DAY_MS;
  // A timer repeat counts its minutes from the chosen time when there is one.
  const startDateTime =
    d.repeatType === Repeat.Timer && d.time
      ? instantOf(d.start, d.time, zone)
      : isToday
        ? Math.floor(now / 60_000) * 60_000
        : startOfDay;
  const interval = Number(latinDigits(d.interval));
  return {
    name: d.name.trim(),
    repeatType: d.repeatType,
    startDateTime,
    endDateTime: d.hasEnd ? instantOf(d.end, '23:59', zone) : null,
    dayOfWeeks: d.repeatType === Repeat.Weekly ? [...d.dayOfWeeks].sort() : [],
    timerInterval:
      d.repeatType === Repeat.Timer && Number.isInteger(interval) && interval > 0 ? interval : null,
    time: d.time || (d.repeatType === Repeat.Timer ? timeOf(startDateTime, zone) : null),
    deviceScheduleActions: d.actions,
  };
}
