import { ConditionType, RepeatType } from '@hestia/contract';
import { describe, expect, it } from 'vitest';
import type { Condition } from './schemas.ts';
import {
  type ScheduleDraft,
  VALIDATION_MESSAGES,
  validateAutomation,
  validateSchedule,
} from './validation.ts';

const keys = (issues: { key: string }[]) => issues.map((i) => i.key);
const power: Condition = {
  conditionType: ConditionType.DeviceParam,
  deviceId: 'plug',
  deviceParameterId: 'power',
};
const valid = { name: 'Evening', conditions: [power], commands: [{ deviceId: 'lamp', delay: 0 }] };

describe('validateAutomation', () => {
  it('accepts a complete automation', () => {
    expect(validateAutomation(valid)).toEqual([]);
  });

  it('needs a name and at least one action, with English text', () => {
    expect(validateAutomation({ name: '  ', commands: [] })).toEqual([
      { path: 'name', key: 'automation.nameRequired', message: 'Automation name cannot be empty.' },
      { path: 'commands', key: 'automation.actionsRequired', message: 'Add at least one action.' },
    ]);
  });

  it('needs a condition for a scenario only', () => {
    const noConditions = { ...valid, conditions: [] };
    expect(validateAutomation(noConditions)).toEqual([]);
    expect(validateAutomation(noConditions, { isScenario: true })).toEqual([
      { path: 'conditions', key: 'automation.conditionRequired', message: 'Add a condition first.' },
    ]);
  });

  it('allows 10 conditions and refuses 11', () => {
    expect(validateAutomation({ ...valid, conditions: Array(10).fill(power) })).toEqual([]);
    const issues = validateAutomation({ ...valid, conditions: Array(11).fill(power) });
    expect(keys(issues)).toEqual(['automation.tooManyConditions']);
    expect(issues[0]?.message).toMatch(/delete one of the previous to add/);
  });

  it('allows one non-delayed action per device, any number of delayed ones', () => {
    const commands = [
      { deviceId: 'lamp', delay: 0 },
      { deviceId: 'lamp', delay: 30 },
      { deviceId: 'fan', delay: 0 },
      { deviceId: 'lamp' },
    ];
    expect(validateAutomation({ ...valid, commands })).toEqual([
      {
        path: 'commands.3.deviceId',
        key: 'automation.duplicateImmediateAction',
        message: 'Only one action without a delay is allowed per device.',
      },
    ]);
  });

  it('refuses devices that cannot be conditions, as the catalogue says', () => {
    const canBeCondition = (deviceId: string) => deviceId !== 'ir-remote';
    const conditions = [power, { ...power, deviceId: 'ir-remote' }];
    expect(validateAutomation({ ...valid, conditions }, { canBeCondition })).toEqual([
      {
        path: 'conditions.1.deviceId',
        key: 'automation.deviceCannotBeCondition',
        message: 'This device cannot be used as a condition.',
      },
    ]);
  });
});

describe('validateSchedule', () => {
  const start = Date.parse('2025-01-31T08:00:00Z');
  const day = 86_400_000;
  const base: ScheduleDraft = {
    name: 'Heating',
    repeatType: RepeatType.Daily,
    time: '07:00',
    startDateTime: start,
  };

  it('accepts a complete schedule, with or without an end', () => {
    expect(validateSchedule(base)).toEqual([]);
    expect(validateSchedule({ ...base, endDateTime: start + day + 1 })).toEqual([]);
  });

  it('needs a name, a repetition type and a time', () => {
    expect(validateSchedule({})).toEqual([
      { path: 'name', key: 'schedule.nameRequired', message: 'Schedule name is required.' },
      { path: 'repeatType', key: 'schedule.repeatTypeRequired', message: 'Choose how the schedule repeats.' },
      { path: 'time', key: 'schedule.timeRequired', message: 'Select a time.' },
    ]);
  });

  it('needs days for a weekly schedule and an interval for a timer', () => {
    expect(keys(validateSchedule({ ...base, repeatType: RepeatType.Weekly, dayOfWeeks: [] }))).toEqual([
      'schedule.daysRequired',
    ]);
    expect(keys(validateSchedule({ ...base, repeatType: RepeatType.Timer, time: null }))).toEqual([
      'schedule.intervalRequired',
    ]);
  });

  it.each([
    [RepeatType.Daily, day, 'schedule.dailySpanTooShort'],
    [RepeatType.Weekly, 7 * day, 'schedule.weeklySpanTooShort'],
    // 31 January plus a month is 28 February.
    [RepeatType.Monthly, 28 * day, 'schedule.monthlySpanTooShort'],
    [RepeatType.Yearly, 365 * day, 'schedule.yearlySpanTooShort'],
  ])('repeat type %i needs start to end longer than its period', (repeatType, period, key) => {
    const draft = { ...base, repeatType, dayOfWeeks: [0] };
    expect(keys(validateSchedule({ ...draft, endDateTime: start + period }))).toEqual([key]);
    expect(validateSchedule({ ...draft, endDateTime: start + period + 60_000 })).toEqual([]);
    expect(validateSchedule({ ...draft, endDateTime: start + period })[0]?.message).toBe(
      VALIDATION_MESSAGES[key as keyof typeof VALIDATION_MESSAGES],
    );
  });

  it('measures a month on the user calendar (Tehran), and refuses an end before the start', () => {
    const tehran = { ...base, repeatType: RepeatType.Monthly, timeZone: 'Asia/Tehran' };
    expect(validateSchedule({ ...tehran, endDateTime: start + 28 * day + 60_000 })).toEqual([]);
    expect(keys(validateSchedule({ ...base, endDateTime: start - 1 }))).toEqual(['schedule.endBeforeStart']);
  });
});
