import {
  locationMetadataSchema,
  type NotifyEvent,
  notifyMetadataSchema,
  timeOfDaySchema,
  validateAutomation,
  validateSchedule,
  weatherMetadataSchema,
} from '@hestia/automation';
import type { KeyDef } from '@hestia/catalog';
import { commandBodySchema, conditionBodySchema, scheduleBodySchema } from '@hestia/contract';
import { ComparisonType, type RepeatType } from '@hestia/contract/light';
import { type FieldProblem, type SchemaCheck, schemaResolver } from '../../lib/schema-resolver.ts';
import {
  ANY_EVENT,
  ConditionType,
  LOCATION_RADIUS,
  type LocationValue,
  type NotifyChoice,
  parseLocalNumber,
  REPEAT,
  type ScheduleValue,
} from './condition-meta.ts';
import type { DraftCommand, DraftCondition } from './draft-store.ts';

// The forms of the automation editor's sub-screens (issue 16, decision 033): a condition on a device's
// value or the weather, a device's event (Notify, decision 038), a schedule or timer, a location, and an action. Each is checked by its rules
// (what no schema knows: the catalogue key's range, the spec's shared rules) and then by the contract's
// conditionBodySchema or commandBodySchema on the condition or command it makes (with the shared
// metadata schemas of @hestia/automation). Message keys are under `automation.`.

const REJECTED = 'errors.rejected';

/** A catalogue key and a value: a condition on a device's value or the weather, or an action. */
export interface KeyValueForm {
  key: string | null;
  value: number | string | null;
  /** A condition's comparison (an action has none). */
  comparison: number;
}

/** An action: its key and value, and its delay in minutes and seconds. */
export interface CommandForm extends KeyValueForm {
  minutes: number;
  seconds: number;
}

/** A Location condition as typed: coordinates and radius as text (any digits), and the direction. */
export interface LocationForm {
  latitude: string;
  longitude: string;
  radius: string;
  event: LocationValue['event'];
}

export const keyIn = (keys: readonly KeyDef[], key: string | null) =>
  key === null ? undefined : keys.find((k) => k.key === key);

/** Whether a value fits a key: a number in range for numbers, one of the options for enums. */
export function valueFits(def: KeyDef, value: unknown): boolean {
  if (value === null || value === undefined || value === '') return false;
  if (def.kind === 'boolean') return value === 0 || value === 1;
  if (def.kind === 'enum') return (def.values ?? []).includes(Number(value));
  if (def.kind === 'string') return typeof value === 'string';
  if (typeof value !== 'number') return false;
  return (def.min === undefined || value >= def.min) && (def.max === undefined || value <= def.max);
}

/** Why a value does not fit its key: a number out of range, or nothing chosen; null when it fits. */
export const valueProblem = (def: KeyDef, value: unknown): string | null =>
  valueFits(def, value) ? null : def.kind === 'number' ? 'errors.valueRange' : 'errors.valueRequired';

/** Comparisons that make sense for a key: equal or not for on/off and choices, all six for numbers. */
export const comparisonAllowed = (def: KeyDef | undefined, comparison: number) =>
  !def ||
  def.kind === 'number' ||
  comparison === ComparisonType.Equal ||
  comparison === ComparisonType.NotEqual;

/** The comparison a device-value condition is saved with: Equal when the chosen one does not fit the key. */
export const shownComparison = (def: KeyDef | undefined, comparison: number) =>
  comparisonAllowed(def, comparison) ? comparison : ComparisonType.Equal;

/** A condition's value as saved: an on/off key left alone compares with On. */
export const conditionValue = (def: KeyDef, value: number | string | null) =>
  def.kind === 'boolean' && value === null ? 1 : value;

/** The field of a form that shows a schema issue at this path of the condition or command it makes. */
const fieldAt = <F>(
  path: readonly PropertyKey[],
  names: Partial<Record<string, keyof F & string>>,
  other: keyof F & string,
): keyof F & string => names[String(path[0] ?? '')] ?? other;

const CONDITION_FIELDS = { value: 'value', comparisonType: 'comparison' } as const;
const COMMAND_FIELDS = { value: 'value', delay: 'minutes' } as const;

/** The condition on a device's value the form makes. */
export function deviceConditionOf(deviceId: string, def: KeyDef, form: KeyValueForm): DraftCondition {
  return {
    conditionType: ConditionType.DeviceParam,
    deviceId,
    deviceParameterId: def.key,
    comparisonType: shownComparison(def, form.comparison),
    value: conditionValue(def, form.value),
  };
}

/** The Weather condition the form makes. */
export function weatherConditionOf(def: KeyDef, form: KeyValueForm): DraftCondition {
  return {
    conditionType: ConditionType.Weather,
    deviceParameterId: def.key,
    comparisonType: form.comparison,
    value: form.value,
    metadata: { key: def.key },
  };
}

/** The value rule of a key-value form: a key chosen, and a value that fits it. */
function keyValueRules<F extends KeyValueForm>(def: KeyDef | undefined, value: unknown): FieldProblem<F>[] {
  if (!def) return [['key', REJECTED]];
  const problem = valueProblem(def, value);
  return problem ? [['value', problem]] : [];
}

/**
 * A condition on a device's value: the value fits the catalogue key, then the contract's
 * conditionBodySchema on the condition. `live` gives the device and its keys when the check runs.
 */
export function deviceConditionResolver(live: () => { deviceId: string; keys: readonly KeyDef[] }) {
  return schemaResolver<KeyValueForm>({
    rules: (form) => {
      const def = keyIn(live().keys, form.key);
      return keyValueRules(def, def ? conditionValue(def, form.value) : null);
    },
    checks: (form) => {
      const { deviceId, keys } = live();
      const def = keyIn(keys, form.key);
      return def
        ? [
            {
              schema: conditionBodySchema,
              value: deviceConditionOf(deviceId, def, form),
              problemAt: (path) => [fieldAt<KeyValueForm>(path, CONDITION_FIELDS, 'key'), REJECTED],
            },
          ]
        : [];
    },
  });
}

/**
 * A Weather condition: the value fits the reading's range, then the contract's conditionBodySchema on
 * the condition and the shared weatherMetadataSchema on its metadata.
 */
export function weatherConditionResolver(keys: readonly KeyDef[]) {
  return schemaResolver<KeyValueForm>({
    rules: (form) => keyValueRules(keyIn(keys, form.key), form.value),
    checks: (form): SchemaCheck<KeyValueForm>[] => {
      const def = keyIn(keys, form.key);
      if (!def) return [];
      const condition = weatherConditionOf(def, form);
      return [
        {
          schema: conditionBodySchema,
          value: condition,
          problemAt: (path) => [fieldAt<KeyValueForm>(path, CONDITION_FIELDS, 'key'), REJECTED],
        },
        { schema: weatherMetadataSchema, value: condition.metadata, problemAt: () => ['key', REJECTED] },
      ];
    },
  });
}

/** An action's value as saved: an on/off key left alone is Off, a one-value request is that value. */
export function commandValue(def: KeyDef, value: number | string | null) {
  if (value !== null) return value;
  if (def.kind === 'boolean') return 0;
  if (def.kind === 'enum' && def.values?.length === 1) return def.values[0] ?? null;
  return value;
}

/** The longest delay the contract takes, in seconds (24 hours). */
export const MAX_DELAY = 86_400;

/** What an action's check needs of the screen: the device, its keys, and the draft's other actions. */
export interface CommandLive {
  deviceId: string;
  label: string | null;
  keys: readonly KeyDef[];
  /** The draft's actions. */
  commands: readonly DraftCommand[];
  /** The place of the action edited, none for a new one. */
  index: number | undefined;
}

/** The action the form makes, at its place in the draft. */
export function commandOf(live: CommandLive, def: KeyDef, form: CommandForm): DraftCommand {
  return {
    deviceId: live.deviceId,
    deviceParameterId: def.key,
    value: commandValue(def, form.value),
    delay: Math.min(MAX_DELAY, form.minutes * 60 + form.seconds),
    order: live.index ?? live.commands.length,
    label: live.label,
  };
}

/**
 * An action: its value fits the catalogue key, and the spec's rule (section 5, @hestia/automation's
 * validateAutomation as the server applies it) of one action without a delay per device, shown on
 * the delay; then the contract's commandBodySchema on the action.
 */
export function commandResolver(live: () => CommandLive) {
  return schemaResolver<CommandForm>({
    rules: (form) => {
      const now = live();
      const def = keyIn(now.keys, form.key);
      const problems = keyValueRules<CommandForm>(def, def ? commandValue(def, form.value) : null);
      if (!def) return problems;
      const others = now.commands.filter((_, i) => i !== now.index);
      const mine = `commands.${others.length}.deviceId`;
      const duplicate = validateAutomation({
        name: 'check',
        commands: [...others, commandOf(now, def, form)],
      }).some((issue) => issue.path === mine && issue.key === 'automation.duplicateImmediateAction');
      if (duplicate) problems.push(['minutes', 'errors.duplicateImmediateAction']);
      return problems;
    },
    checks: (form) => {
      const now = live();
      const def = keyIn(now.keys, form.key);
      return def
        ? [
            {
              schema: commandBodySchema,
              value: commandOf(now, def, form),
              problemAt: (path) => [fieldAt<CommandForm>(path, COMMAND_FIELDS, 'key'), REJECTED],
            },
          ]
        : [];
    },
  });
}

/** The Schedule or Timer condition the form makes, starting now. */
export function timedConditionOf(kind: 'schedule' | 'timer', v: ScheduleValue, now: number): DraftCondition {
  const schedule =
    v.repeatType === REPEAT.Timer
      ? { repeatType: REPEAT.Timer, startDateTime: now, timerInterval: v.timerInterval }
      : { repeatType: v.repeatType, startDateTime: now, time: v.time, dayOfWeeks: v.dayOfWeeks };
  return {
    conditionType: kind === 'timer' ? ConditionType.Timer : ConditionType.Schedule,
    metadata: { schedule },
  };
}

/** The fields of a schedule that show the shared schedule rules' problems. */
const SCHEDULE_FIELDS = ['time', 'dayOfWeeks', 'timerInterval'] as const;

/**
 * A schedule's problems, each on its field: the spec's schedule rules (@hestia/automation's
 * validateSchedule, as the server checks device schedules) and, for a time of day, the shared
 * timeOfDaySchema. Keys under `automation.` (`schedule.timeRequired` …).
 */
export function scheduleProblems(v: ScheduleValue): FieldProblem<ScheduleValue>[] {
  const problems: FieldProblem<ScheduleValue>[] = [];
  for (const issue of validateSchedule({ name: 'check', ...v, repeatType: v.repeatType as RepeatType })) {
    const field = SCHEDULE_FIELDS.find((f) => f === issue.path);
    if (field) problems.push([field, issue.key]);
  }
  if (v.repeatType !== REPEAT.Timer && v.time && !timeOfDaySchema.safeParse(v.time).success)
    problems.push(['time', 'schedule.timeRequired']);
  return problems;
}

/**
 * A Schedule or Timer condition: the schedule's rules, then the contract's conditionBodySchema on the
 * condition (its problem shown on the time, or the interval of a timer).
 */
export function timedConditionResolver(kind: 'schedule' | 'timer', now: () => number) {
  return schemaResolver<ScheduleValue>({
    rules: scheduleProblems,
    checks: (v) => [
      {
        schema: conditionBodySchema,
        value: timedConditionOf(kind, v, now()),
        problemAt: () => [v.repeatType === REPEAT.Timer ? 'timerInterval' : 'time', REJECTED],
      },
    ],
  });
}

/** The schedule a scenario gets from the form: its name, and the fields of its repeat, from now. */
export function scenarioScheduleBody(name: string, v: ScheduleValue, now: number) {
  return {
    name,
    repeatType: v.repeatType,
    startDateTime: now,
    time: v.repeatType === REPEAT.Timer ? null : v.time,
    dayOfWeeks: v.repeatType === REPEAT.Weekly ? v.dayOfWeeks : [],
    timerInterval: v.repeatType === REPEAT.Timer ? v.timerInterval : null,
  };
}

/**
 * A scenario's schedule: the schedule's rules, then the contract's scheduleBodySchema on the body
 * (the name is the scenario's; its problem, or any other, shown on the time or the interval).
 */
export function scenarioScheduleResolver(name: () => string, now: () => number) {
  return schemaResolver<ScheduleValue>({
    rules: scheduleProblems,
    checks: (v) => [
      {
        schema: scheduleBodySchema,
        value: scenarioScheduleBody(name(), v, now()),
        problemAt: (path) => [
          SCHEDULE_FIELDS.find((f) => f === path[0]) ??
            (v.repeatType === REPEAT.Timer ? 'timerInterval' : 'time'),
          REJECTED,
        ],
      },
    ],
  });
}

const LOCATION_FIELDS = ['latitude', 'longitude', 'radius'] as const;

/** The circle the form describes, numbers read from any digits (null where a field is not a number). */
export function locationValueOf(form: LocationForm) {
  return {
    latitude: parseLocalNumber(form.latitude),
    longitude: parseLocalNumber(form.longitude),
    radius: parseLocalNumber(form.radius),
    event: form.event,
  };
}

/**
 * A Location condition: the shared locationMetadataSchema (@hestia/automation, as the server reads
 * it: degrees within range, a positive radius) on the circle, each issue on its field, and the
 * radius in whole metres within LOCATION_RADIUS (decision 012); then the contract's
 * conditionBodySchema on the condition. Keys under `automation.location.errors`.
 */
export const locationResolver = schemaResolver<LocationForm>({
  rules: (form) => {
    const radius = parseLocalNumber(form.radius);
    return radius !== null &&
      Number.isInteger(radius) &&
      radius >= LOCATION_RADIUS.min &&
      radius <= LOCATION_RADIUS.max
      ? []
      : [['radius', 'location.errors.radius']];
  },
  checks: (form) => {
    const metadata = locationValueOf(form);
    return [
      {
        schema: locationMetadataSchema,
        value: metadata,
        problemAt: (path) => {
          const field = LOCATION_FIELDS.find((f) => f === path[0]) ?? 'latitude';
          return [field, `location.errors.${field}`];
        },
      },
      {
        schema: conditionBodySchema,
        value: { conditionType: ConditionType.Location, metadata },
        problemAt: () => ['latitude', REJECTED],
      },
    ];
  },
});

/** A Notify condition as chosen: one event of its device, or any of them. */
export interface NotifyForm {
  event: NotifyChoice;
}

/** The Notify condition the form makes: no `event` in its metadata waits for any event of the device. */
export function notifyConditionOf(deviceId: string, form: NotifyForm): DraftCondition {
  return {
    conditionType: ConditionType.Notify,
    deviceId,
    metadata: form.event === ANY_EVENT ? {} : { event: form.event },
  };
}

/**
 * A Notify condition: the event is one the device's model raises (`notifyEventsOf`, the catalogue's
 * list the server refuses others by), and a device with none cannot be waited on; then the contract's
 * conditionBodySchema on the condition and the shared notifyMetadataSchema on its metadata. `live`
 * gives the device and its events when the check runs (the device may load later). Keys under
 * `automation.event.errors`.
 */
export function notifyConditionResolver(live: () => { deviceId: string; events: readonly NotifyEvent[] }) {
  return schemaResolver<NotifyForm>({
    rules: (form) => {
      const { events } = live();
      if (events.length === 0) return [['event', 'event.errors.none']];
      return form.event === ANY_EVENT || events.includes(form.event)
        ? []
        : [['event', 'event.errors.notRaised']];
    },
    checks: (form) => {
      const condition = notifyConditionOf(live().deviceId, form);
      return [
        { schema: conditionBodySchema, value: condition, problemAt: () => ['event', REJECTED] },
        { schema: notifyMetadataSchema, value: condition.metadata, problemAt: () => ['event', REJECTED] },
      ];
    },
  });
}
