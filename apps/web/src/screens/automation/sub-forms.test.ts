import { notifyMetadataSchema } from '@hestia/automation';
import type { KeyDef } from '@hestia/catalog';
import type { FieldValues, Resolver, ResolverOptions } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import {
  ANY_EVENT,
  ConditionType,
  emptySchedule,
  notifyEventOf,
  notifyEventsOf,
  REPEAT,
  WEATHER_KEYS,
} from './condition-meta.ts';
import {
  commandResolver,
  commandValue,
  deviceConditionOf,
  deviceConditionResolver,
  locationResolver,
  notifyConditionOf,
  notifyConditionResolver,
  scenarioScheduleBody,
  scenarioScheduleResolver,
  scheduleProblems,
  shownComparison,
  timedConditionOf,
  timedConditionResolver,
  valueFits,
  valueProblem,
  weatherConditionResolver,
} from './sub-forms.ts';

const options = { fields: {}, shouldUseNativeValidation: false } as unknown as ResolverOptions<never>;
const DEVICE = '0b9d6a4e-8a43-4c1e-9a0e-3f5f7f2f5d11';

/** Each field's message key, as the screen shows it. */
async function messages<V extends FieldValues>(resolver: Resolver<V>, values: NoInfer<V>) {
  const { errors } = await resolver(values, undefined, options as never);
  return Object.fromEntries(Object.entries(errors).map(([k, e]) => [k, (e as { message?: string }).message]));
}

const power: KeyDef = {
  key: 'power',
  kind: 'number',
  access: 'r',
  unit: 'W',
  min: 0,
  max: 3000,
  title: 'power',
};
const relay: KeyDef = { key: 'relay_1', kind: 'boolean', access: 'rw', title: 'relay_1' };
const mode: KeyDef = { key: 'mode', kind: 'enum', access: 'rw', values: [0, 1, 2], title: 'mode' };
const open: KeyDef = { key: 'open_request_1', kind: 'enum', access: 'w', values: [1], title: 'open' };

describe("the automation editor's sub-screens on react-hook-form (issue 16)", () => {
  it('a value fits its catalogue key: a number in range, one of the choices, 0 or 1', () => {
    expect(valueFits(power, 100)).toBe(true);
    expect(valueFits(power, 3001)).toBe(false);
    expect(valueFits(power, '12x')).toBe(false);
    expect(valueFits(mode, 2)).toBe(true);
    expect(valueFits(mode, 5)).toBe(false);
    expect(valueFits(relay, 1)).toBe(true);
    expect(valueProblem(power, null)).toBe('errors.valueRange');
    expect(valueProblem(mode, null)).toBe('errors.valueRequired');
    expect(valueProblem(mode, 1)).toBeNull();
  });

  it('device-value condition: the range on the value; a comparison the key lacks is saved as Equal', async () => {
    const resolver = deviceConditionResolver(() => ({ deviceId: DEVICE, keys: [power, relay] }));
    expect(await messages(resolver, { key: 'power', value: 5000, comparison: 2 })).toEqual({
      value: 'errors.valueRange',
    });
    expect(await messages(resolver, { key: 'power', value: 100, comparison: 2 })).toEqual({});
    // An on/off key left alone compares with On; Bigger makes no sense for it.
    expect(await messages(resolver, { key: 'relay_1', value: null, comparison: 2 })).toEqual({});
    expect(deviceConditionOf(DEVICE, relay, { key: 'relay_1', value: null, comparison: 2 })).toEqual({
      conditionType: ConditionType.DeviceParam,
      deviceId: DEVICE,
      deviceParameterId: 'relay_1',
      comparisonType: 0,
      value: 1,
    });
    expect(shownComparison(power, 2)).toBe(2);
    // The contract's conditionBodySchema refuses a device id that is no UUID, on the key.
    const bad = deviceConditionResolver(() => ({ deviceId: 'nope', keys: [power] }));
    expect(await messages(bad, { key: 'power', value: 100, comparison: 2 })).toEqual({
      key: 'errors.rejected',
    });
  });

  it('weather condition: the reading range on the value', async () => {
    const resolver = weatherConditionResolver(WEATHER_KEYS);
    expect(await messages(resolver, { key: 'temperature', value: 99, comparison: 2 })).toEqual({
      value: 'errors.valueRange',
    });
    expect(await messages(resolver, { key: 'temperature', value: 30, comparison: 2 })).toEqual({});
  });

  it('action: one without a delay per device (on the delay), the value in range, delay capped at 24 h', async () => {
    const first = { deviceId: DEVICE, deviceParameterId: 'relay_1', value: 1, delay: 0, order: 0 };
    let live = {
      deviceId: DEVICE,
      label: 'Lights',
      keys: [relay, mode, open],
      commands: [first],
      index: undefined as number | undefined,
    };
    const resolver = commandResolver(() => live);
    const form = { key: 'mode', value: 1, comparison: 0, minutes: 0, seconds: 0 };
    expect(await messages(resolver, form)).toEqual({ minutes: 'errors.duplicateImmediateAction' });
    expect(await messages(resolver, { ...form, seconds: 2 })).toEqual({});
    // Editing the one action in its place is no duplicate of itself.
    live = { ...live, index: 0 };
    expect(await messages(resolver, form)).toEqual({});
    expect(await messages(resolver, { ...form, value: null })).toEqual({ value: 'errors.valueRequired' });
    expect(commandValue(relay, null)).toBe(0);
    expect(commandValue(open, null)).toBe(1);
    // The contract's commandBodySchema refuses a device id that is no UUID.
    live = { ...live, deviceId: 'nope' };
    expect(await messages(resolver, { ...form, seconds: 2 })).toEqual({ key: 'errors.rejected' });
  });

  it('schedule and timer: a time, a weekday, an interval, each on its field', async () => {
    expect(scheduleProblems(emptySchedule())).toEqual([['time', 'schedule.timeRequired']]);
    expect(scheduleProblems({ ...emptySchedule(), time: '25:00' })).toEqual([
      ['time', 'schedule.timeRequired'],
    ]);
    expect(scheduleProblems({ ...emptySchedule(), time: '07:30' })).toEqual([]);
    expect(scheduleProblems({ ...emptySchedule(), repeatType: REPEAT.Weekly, time: '07:30' })).toEqual([
      ['dayOfWeeks', 'schedule.daysRequired'],
    ]);
    expect(scheduleProblems({ ...emptySchedule(), repeatType: REPEAT.Timer })).toEqual([
      ['timerInterval', 'schedule.intervalRequired'],
    ]);
    const resolver = timedConditionResolver('schedule', () => 1_000);
    expect(await messages(resolver, { ...emptySchedule(), repeatType: REPEAT.Weekly })).toEqual({
      time: 'schedule.timeRequired',
      dayOfWeeks: 'schedule.daysRequired',
    });
    expect(await messages(resolver, { ...emptySchedule(), time: '07:30' })).toEqual({});
    expect(
      timedConditionOf('timer', { ...emptySchedule(), repeatType: REPEAT.Timer, timerInterval: 15 }, 5),
    ).toEqual({
      conditionType: ConditionType.Timer,
      metadata: { schedule: { repeatType: REPEAT.Timer, startDateTime: 5, timerInterval: 15 } },
    });
  });

  it("scenario schedule: the schedule's rules, then the contract's scheduleBodySchema on the body", async () => {
    let name = 'Lights on';
    const resolver = scenarioScheduleResolver(
      () => name,
      () => 1_000,
    );
    expect(await messages(resolver, emptySchedule())).toEqual({ time: 'schedule.timeRequired' });
    expect(await messages(resolver, { ...emptySchedule(), time: '07:30' })).toEqual({});
    expect(scenarioScheduleBody(name, { ...emptySchedule(), time: '07:30', dayOfWeeks: [2] }, 9)).toEqual({
      name,
      repeatType: REPEAT.Daily,
      startDateTime: 9,
      time: '07:30',
      dayOfWeeks: [],
      timerInterval: null,
    });
    // An interval beyond the contract's year of minutes is refused on the interval.
    const timer = { ...emptySchedule(), repeatType: REPEAT.Timer, timerInterval: 999_999 };
    expect(await messages(resolver, timer)).toEqual({ timerInterval: 'errors.rejected' });
    name = 'x'.repeat(65);
    expect(await messages(resolver, { ...emptySchedule(), time: '07:30' })).toEqual({
      time: 'errors.rejected',
    });
  });

  it('location: degrees within range by the shared schema, whole metres within the limits, any digits', async () => {
    const good = { latitude: '۳۵٫۷', longitude: '51.4', radius: '200', event: 'enter' as const };
    expect(await messages(locationResolver, good)).toEqual({});
    expect(
      await messages(locationResolver, { latitude: '91', longitude: '-181', radius: '20', event: 'enter' }),
    ).toEqual({
      latitude: 'location.errors.latitude',
      longitude: 'location.errors.longitude',
      radius: 'location.errors.radius',
    });
    expect(await messages(locationResolver, { ...good, latitude: '', radius: '200.5' })).toEqual({
      latitude: 'location.errors.latitude',
      radius: 'location.errors.radius',
    });
  });

  it('device event: one its model raises or any; another, or a device without events, is refused', async () => {
    const door = notifyEventsOf('door-sensor-door');
    const resolver = notifyConditionResolver(() => ({ deviceId: DEVICE, events: door }));
    expect(await messages(resolver, { event: 'door_open' })).toEqual({});
    expect(await messages(resolver, { event: ANY_EVENT })).toEqual({});
    expect(await messages(resolver, { event: 'motion' })).toEqual({ event: 'event.errors.notRaised' });
    expect(await messages(resolver, { event: 'program_done' })).toEqual({ event: 'event.errors.notRaised' });
    const none = notifyConditionResolver(() => ({ deviceId: DEVICE, events: [] }));
    expect(await messages(none, { event: ANY_EVENT })).toEqual({ event: 'event.errors.none' });
    // A device id the contract refuses is caught by its conditionBodySchema.
    const broken = notifyConditionResolver(() => ({ deviceId: 'not-an-id', events: door }));
    expect(await messages(broken, { event: 'door_open' })).toEqual({ event: 'errors.rejected' });
  });

  it('device event: the condition names the event, or none for any; the form reads it back', () => {
    const opened = notifyConditionOf(DEVICE, { event: 'door_open' });
    expect(opened).toEqual({
      conditionType: ConditionType.Notify,
      deviceId: DEVICE,
      metadata: { event: 'door_open' },
    });
    expect(notifyEventOf(opened)).toBe('door_open');
    const any = notifyConditionOf(DEVICE, { event: ANY_EVENT });
    expect(any).toEqual({ conditionType: ConditionType.Notify, deviceId: DEVICE, metadata: {} });
    expect(notifyEventOf(any)).toBe(ANY_EVENT);
    // What the server reads it with (checkConditionSettings): the shared schema.
    expect(notifyMetadataSchema.safeParse(opened.metadata).success).toBe(true);
    expect(notifyMetadataSchema.safeParse(any.metadata).success).toBe(true);
  });
});
