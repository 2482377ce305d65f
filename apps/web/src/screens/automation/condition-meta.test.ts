import { NOTIFY_EVENTS } from '@hestia/automation';
import { DEVICE_EVENTS, deviceEventsOf, profiles } from '@hestia/catalog';
import { describe, expect, it } from 'vitest';
import {
  ANY_EVENT,
  ConditionType,
  notifyEventOf,
  notifyEventsOf,
  REPEAT,
  scheduleOf,
  weatherKeyOf,
} from './condition-meta.ts';

describe('schedule conditions as the forms edit them', () => {
  it('reads back what it wrote, as an object or as JSON text', () => {
    const schedule = { repeatType: REPEAT.Weekly, startDateTime: 1, time: '21:05', dayOfWeeks: [1, 3] };
    const expected = { repeatType: REPEAT.Weekly, time: '21:05', dayOfWeeks: [1, 3], timerInterval: null };
    expect(scheduleOf({ conditionType: ConditionType.Schedule, metadata: { schedule } })).toEqual(expected);
    expect(
      scheduleOf({ conditionType: ConditionType.Schedule, metadata: JSON.stringify({ schedule }) }),
    ).toEqual(expected);
    // A Timer condition without a repeat type repeats every interval.
    expect(
      scheduleOf({ conditionType: ConditionType.Timer, metadata: { timerInterval: 10 } })?.repeatType,
    ).toBe(REPEAT.Timer);
    expect(scheduleOf({ conditionType: ConditionType.Schedule, metadata: 'not json' })).toBeNull();
  });

  it('finds the weather reading in the metadata, else in the parameter', () => {
    expect(weatherKeyOf({ conditionType: ConditionType.Weather, metadata: { key: 'humidity' } })).toBe(
      'humidity',
    );
    expect(weatherKeyOf({ conditionType: ConditionType.Weather, deviceParameterId: 'temperature' })).toBe(
      'temperature',
    );
  });
});

describe('device-event (Notify) conditions as the form edits them', () => {
  it('offers each model the events it raises, in the shared order, and none for an unknown model', () => {
    expect(notifyEventsOf('door-sensor-door')).toEqual(['error', 'door_open']);
    expect(notifyEventsOf('pir-sensor-ceiling')).toEqual(['error', 'motion']);
    expect(notifyEventsOf('dishwasher-12-place')).toContain('program_done');
    expect(notifyEventsOf('washing-machine-7kg-1000')).toContain('program_done');
    expect(notifyEventsOf('switch-one-pole')).not.toContain('door_open');
    expect(notifyEventsOf('no-such-model')).toEqual([]);
    expect(notifyEventsOf(undefined)).toEqual([]);
  });

  it("offers exactly what the server accepts: the catalogue's events, which are the Notify events", () => {
    expect([...NOTIFY_EVENTS]).toEqual([...DEVICE_EVENTS]);
    for (const p of profiles) expect(notifyEventsOf(p.id), p.id).toEqual(deviceEventsOf(p));
    // Some model of each event exists, so each can be chosen somewhere.
    for (const e of NOTIFY_EVENTS)
      expect(
        profiles.some((p) => notifyEventsOf(p.id).includes(e)),
        e,
      ).toBe(true);
  });

  it('reads the event back, as an object or JSON text; none or an unknown one is any event', () => {
    const c = (metadata: unknown) => ({ conditionType: ConditionType.Notify, deviceId: 'd', metadata });
    expect(notifyEventOf(c({ event: 'door_open' }))).toBe('door_open');
    expect(notifyEventOf(c(JSON.stringify({ event: 'program_done' })))).toBe('program_done');
    expect(notifyEventOf(c({}))).toBe(ANY_EVENT);
    expect(notifyEventOf(c(null))).toBe(ANY_EVENT);
    expect(notifyEventOf(c({ event: 'firmware' }))).toBe(ANY_EVENT);
    expect(notifyEventOf(undefined)).toBe(ANY_EVENT);
  });
});
