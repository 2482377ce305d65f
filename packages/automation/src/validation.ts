import { ConditionType, RepeatType } from '@hestia/contract';
import type { Condition } from './schemas.ts';
import { addMonthsToInstant } from './zoned-time.ts';

/** One broken rule: where, a message key for translations, and the English text. */
export interface ValidationIssue {
  path: string;
  key: string;
  message: string;
}

/** At most this many conditions per automation (spec sections 5 and 9). */
export const MAX_CONDITIONS = 10;

const HOUR_MS = 3_600_000;

export const VALIDATION_MESSAGES = {
  'automation.nameRequired': 'Automation name cannot be empty.',
  'automation.actionsRequired': 'Add at least one action.',
  'automation.conditionRequired': 'Add a condition first.',
  'automation.tooManyConditions': `At most ${MAX_CONDITIONS} conditions; delete one of the previous to add.`,
  'automation.duplicateImmediateAction': 'Only one action without a delay is allowed per device.',
  'automation.deviceCannotBeCondition': 'This device cannot be used as a condition.',
  'schedule.nameRequired': 'Schedule name is required.',
  'schedule.repeatTypeRequired': 'Choose how the schedule repeats.',
  'schedule.timeRequired': 'Select a time.',
  'schedule.daysRequired': 'Choose at least one day of the week.',
  'schedule.intervalRequired': 'Set the timer interval in minutes.',
  'schedule.endBeforeStart': 'The end must be after the start.',
  'schedule.dailySpanTooShort': 'From start to end must be longer than 24 hours for a daily schedule.',
  'schedule.weeklySpanTooShort': 'From start to end must be longer than 7 days for a weekly schedule.',
  'schedule.monthlySpanTooShort': 'From start to end must be longer than 1 month for a monthly schedule.',
  'schedule.yearlySpanTooShort': 'From start to end must be longer than 1 year for an annual schedule.',
} as const;
export type ValidationKey = keyof typeof VALIDATION_MESSAGES;

function issue(path: string, key: ValidationKey): ValidationIssue {
  return { path, key, message: VALIDATION_MESSAGES[key] };
}

/** An automation or scenario as being edited: anything may still be missing. */
export interface AutomationDraft {
  name?: string | null;
  conditions?: readonly Condition[] | null;
  commands?: readonly { deviceId: string; delay?: number | null }[] | null;
}

export interface AutomationRules {
  /** A scenario (run by tap or its schedule) still needs a condition. Default: false. */
  isScenario?: boolean;
  /** Whether a device may serve as a condition, from the catalogue. Default: every device may. */
  canBeCondition?: (deviceId: string, deviceParameterId: string | null | undefined) => boolean;
}

/** The spec's automation rules (section 5), every broken one reported, in field order. */
export function validateAutomation(draft: AutomationDraft, rules: AutomationRules = {}): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const conditions = draft.conditions ?? [];
  const commands = draft.commands ?? [];
  if (!draft.name?.trim()) issues.push(issue('name', 'automation.nameRequired'));
  if (rules.isScenario && conditions.length === 0)
    issues.push(issue('conditions', 'automation.conditionRequired'));
  if (conditions.length > MAX_CONDITIONS) issues.push(issue('conditions', 'automation.tooManyConditions'));
  const canBeCondition = rules.canBeCondition;
  if (canBeCondition) {
    conditions.forEach((c, i) => {
      if (
        c.deviceId &&
        c.conditionType === ConditionType.DeviceParam &&
        !canBeCondition(c.deviceId, c.deviceParameterId)
      ) {
        issues.push(issue(`conditions.${i}.deviceId`, 'automation.deviceCannotBeCondition'));
      }
    });
  }
  if (commands.length === 0) issues.push(issue('commands', 'automation.actionsRequired'));
  const immediate = new Set<string>();
  commands.forEach((c, i) => {
    if ((c.delay ?? 0) > 0) return;
    if (immediate.has(c.deviceId))
      issues.push(issue(`commands.${i}.deviceId`, 'automation.duplicateImmediateAction'));
    immediate.add(c.deviceId);
  });
  return issues;
}

/** A schedule as being edited. Instants in epoch ms; `time` as HH:mm. */
export interface ScheduleDraft {
  name?: string | null;
  repeatType?: RepeatType | null;
  startDateTime?: number | null;
  endDateTime?: number | null;
  time?: string | null;
  dayOfWeeks?: readonly number[] | null;
  timerInterval?: number | null;
  /** Needed to measure a month or a year on the user's calendar; UTC when absent. */
  timeZone?: string | null;
}

const SPAN_KEYS: Partial<Record<RepeatType, ValidationKey>> = {
  [RepeatType.Daily]: 'schedule.dailySpanTooShort',
  [RepeatType.Weekly]: 'schedule.weeklySpanTooShort',
  [RepeatType.Monthly]: 'schedule.monthlySpanTooShort',
  [RepeatType.Yearly]: 'schedule.yearlySpanTooShort',
};

/** The shortest span a repeating schedule must exceed: 24 h, 7 days, or a calendar month or year. */
function minimumEnd(repeatType: RepeatType, start: number, timeZone: string): number | null {
  switch (repeatType) {
    case RepeatType.Daily:
      return start + 24 * HOUR_MS;
    case RepeatType.Weekly:
      return start + 7 * 24 * HOUR_MS;
    case RepeatType.Monthly:
      return addMonthsToInstant(start, 1, timeZone);
    case RepeatType.Yearly:
      return addMonthsToInstant(start, 12, timeZone);
    default:
      return null;
  }
}

/** The spec's schedule rules (section 5), every broken one reported. An open end is always long enough. */
export function validateSchedule(draft: ScheduleDraft): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  if (!draft.name?.trim()) issues.push(issue('name', 'schedule.nameRequired'));
  const repeatType = draft.repeatType;
  if (repeatType == null) issues.push(issue('repeatType', 'schedule.repeatTypeRequired'));
  if (repeatType !== RepeatType.Timer && !draft.time) issues.push(issue('time', 'schedule.timeRequired'));
  if (repeatType === RepeatType.Weekly && !draft.dayOfWeeks?.length) {
    issues.push(issue('dayOfWeeks', 'schedule.daysRequired'));
  }
  if (repeatType === RepeatType.Timer && !(draft.timerInterval && draft.timerInterval > 0)) {
    issues.push(issue('timerInterval', 'schedule.intervalRequired'));
  }
  const { startDateTime: start, endDateTime: end } = draft;
  if (start != null && end != null) {
    if (end <= start) {
      issues.push(issue('endDateTime', 'schedule.endBeforeStart'));
    } else if (repeatType != null) {
      const least = minimumEnd(repeatType, start, draft.timeZone ?? 'UTC');
      const key = SPAN_KEYS[repeatType];
      if (least !== null && key && end <= least) issues.push(issue('endDateTime', key));
    }
  }
  return issues;
}
