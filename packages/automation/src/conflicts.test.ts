import { ComparisonType, ConditionType, RepeatType } from '@hestia/contract';
import { describe, expect, it } from 'vitest';
import type { AnalysedAutomation } from './analysis.ts';
import { findConflicts } from './conflicts.ts';

const now = Date.parse('2025-06-01T00:00:00Z');
const power = (comparisonType: ComparisonType, value: number) => ({
  conditionType: ConditionType.DeviceParam,
  deviceId: 'plug',
  deviceParameterId: 'power',
  comparisonType,
  value,
});
const lamp = (value: number, delay = 0) => ({ deviceId: 'lamp', deviceParameterId: 'relay_1', value, delay });
const daily = (time: string, timeZone = 'Asia/Tehran') => ({
  conditionType: ConditionType.Schedule,
  metadata: { schedule: { repeatType: RepeatType.Daily, startDateTime: now, time, timeZone } },
});
const auto = (
  id: string,
  conditions: AnalysedAutomation['conditions'],
  commands: AnalysedAutomation['commands'],
) => ({
  id,
  name: id,
  conditions,
  commands,
});

describe('findConflicts', () => {
  it('reports two automations on the same trigger writing different values at once', () => {
    const a = auto('Save power', [power(ComparisonType.Bigger, 100)], [lamp(0)]);
    const b = auto('Signal', [power(ComparisonType.Bigger, 50)], [lamp(1)]);
    const [conflict, ...rest] = findConflicts([a, b], {
      now,
      naming: { deviceName: (id) => (id === 'lamp' ? 'Lamp' : undefined) },
    });
    expect(rest).toEqual([]);
    expect(conflict).toMatchObject({
      automationIds: ['Save power', 'Signal'],
      deviceId: 'lamp',
      deviceParameterId: 'relay_1',
      values: [0, 1],
      atMs: 0,
      reason: 'sameTrigger',
    });
    expect(conflict?.explanation).toBe(
      '"Save power" and "Signal" both react to plug power (bigger than 100 and bigger than 50), and at the same moment set Lamp relay_1 to 0 and 1; which one wins cannot be predicted.',
    );
  });

  it('does not report triggers that cannot hold together, equal values or different moments', () => {
    const high = auto('High', [power(ComparisonType.Bigger, 100)], [lamp(0)]);
    expect(
      findConflicts([high, auto('Low', [power(ComparisonType.Smaller, 50)], [lamp(1)])], { now }),
    ).toEqual([]);
    expect(
      findConflicts([high, auto('Same', [power(ComparisonType.Bigger, 50)], [lamp(0)])], { now }),
    ).toEqual([]);
    expect(
      findConflicts([high, auto('Later', [power(ComparisonType.Bigger, 50)], [lamp(1, 60)])], { now }),
    ).toEqual([]);
  });

  it('reports schedules that fire at the same time, with the first shared run', () => {
    const morning = auto('Morning', [daily('07:00')], [lamp(1)]);
    const weekdays = auto(
      'Quiet',
      [
        {
          conditionType: ConditionType.Schedule,
          metadata: JSON.stringify({
            schedule: {
              repeatType: RepeatType.Weekly,
              dayOfWeeks: [2],
              startDateTime: now,
              time: '07:00',
              timeZone: 'Asia/Tehran',
            },
          }),
        },
      ],
      [lamp(0)],
    );
    const [conflict] = findConflicts([morning, weekdays], { now });
    expect(conflict?.reason).toBe('sameScheduleTime');
    // Monday 2 June 2025, 07:00 in Tehran.
    expect(conflict?.at).toBe(Date.parse('2025-06-02T03:30:00Z'));
  });

  it('does not report schedules at different times, nor ones sharing no run within the horizon', () => {
    const morning = auto('Morning', [daily('07:00')], [lamp(1)]);
    expect(findConflicts([morning, auto('Evening', [daily('19:00')], [lamp(0)])], { now })).toEqual([]);
    const london = auto('London', [daily('03:30', 'Europe/London')], [lamp(0)]);
    // 07:00 Tehran is 04:30 or 03:30 in London depending on British summer time: only winter clashes.
    expect(findConflicts([morning, london], { now, horizonMs: 30 * 86_400_000 })).toEqual([]);
    expect(findConflicts([morning, london], { now })[0]?.at).toBe(Date.parse('2025-10-26T03:30:00Z'));
  });
});
