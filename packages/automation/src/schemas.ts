import {
  type CommandValue,
  ConditionCheckType,
  commandValueSchema,
  comparisonTypeSchema,
  conditionCheckTypeSchema,
  conditionTypeSchema,
  repeatTypeSchema,
  weekdaySchema,
} from '@hestia/contract';
import { z } from 'zod';
import { isValidTimeZone } from './zoned-time.ts';

/** A value a condition compares with or an action writes: the contract's CommandValue. */
const telemetryValueSchema: z.ZodType<CommandValue> = commandValueSchema;

/** An instant: epoch ms, or an ISO 8601 date-time with its offset. */
export const instantSchema = z.union([
  z.number().int(),
  z.iso.datetime({ offset: true }).transform((text) => Date.parse(text)),
]);

/** Time of day on the wall clock, `HH:mm`, 24-hour. */
export const timeOfDaySchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Expected HH:mm');

/**
 * What the recurrence maths needs of a schedule. Occurrences fall at `time` on qualifying dates of
 * `timeZone`, no earlier than `startDateTime` and no later than `endDateTime` (both inclusive):
 * - Once: the first such occurrence only;
 * - Daily: every date; Weekly: dates whose weekday is in `dayOfWeeks` (none chosen: the start's weekday);
 * - Monthly: the start's day of month, or the month's last day when it is shorter (31 → 30 April);
 * - Yearly: the start's month and day, 29 February → 28 February in common years;
 * - Timer: every `timerInterval` minutes of elapsed time after `startDateTime` (wall clock ignored).
 */
export const recurrenceSchema = z.object({
  repeatType: repeatTypeSchema,
  startDateTime: instantSchema,
  endDateTime: instantSchema.nullable().default(null),
  dayOfWeeks: z.array(weekdaySchema).default([]),
  /** Minutes between runs, Timer only. */
  timerInterval: z.number().int().positive().nullable().default(null),
  time: timeOfDaySchema,
  /** IANA time zone of the user, e.g. Asia/Tehran. */
  timeZone: z.string().refine(isValidTimeZone, 'Unknown time zone'),
});
export type Recurrence = z.infer<typeof recurrenceSchema>;

/** Metadata may arrive as an object or as its JSON text. */
function jsonOrObject<T extends z.ZodType>(schema: T) {
  return z.preprocess((raw) => {
    if (typeof raw !== 'string') return raw;
    try {
      return JSON.parse(raw);
    } catch {
      return raw;
    }
  }, schema);
}

/** Location condition: the phone entering or leaving a circle. */
export const locationMetadataSchema = jsonOrObject(
  z.object({
    latitude: z.number().min(-90).max(90),
    longitude: z.number().min(-180).max(180),
    /** Radius in metres. */
    radius: z.number().positive(),
    event: z.enum(['enter', 'leave']),
  }),
);
export type LocationMetadata = z.infer<typeof locationMetadataSchema>;

/**
 * Weather condition: which reading of the provider to compare (else `deviceParameterId` names it),
 * and where; without a place, the owner's profile location.
 */
export const weatherMetadataSchema = jsonOrObject(
  z.object({
    key: z.string().min(1),
    latitude: z.number().min(-90).max(90).optional(),
    longitude: z.number().min(-180).max(180).optional(),
  }),
);

/**
 * The device events a Notify condition can wait for (docs/decisions/038): the events a device's
 * telemetry raises as notifications (decision 030). Firmware results and shares are not events of
 * the device's own reports and are not offered.
 */
export const NOTIFY_EVENTS = ['error', 'door_open', 'motion', 'program_done'] as const;
export type NotifyEvent = (typeof NOTIFY_EVENTS)[number];

/** Notify condition: which event of its device fires it; none: any of them. */
export const notifyMetadataSchema = jsonOrObject(z.object({ event: z.enum(NOTIFY_EVENTS).optional() }));

/** Schedule or Timer condition: the recurrence that fires it, when known. */
export const scheduleMetadataSchema = jsonOrObject(z.object({ schedule: recurrenceSchema }));

export const conditionSchema = z.object({
  conditionType: conditionTypeSchema,
  deviceId: z.string().nullable().optional(),
  /** For DeviceParam: the parameter (telemetry key) whose live value is compared. */
  deviceParameterId: z.string().nullable().optional(),
  value: telemetryValueSchema.nullable().optional(),
  comparisonType: comparisonTypeSchema.nullable().optional(),
  metadata: z.unknown().optional(),
});
export type Condition = z.infer<typeof conditionSchema>;

export const actionSchema = z.object({
  deviceId: z.string().min(1),
  deviceParameterId: z.string().min(1),
  params: z.unknown().optional(),
  value: telemetryValueSchema.nullable().optional(),
  /** Seconds to wait: after the previous action when run in order, after the trigger otherwise. */
  delay: z.number().int().min(0).default(0),
  order: z.number().int().default(0),
  label: z.string().nullable().optional(),
});
export type Action = z.infer<typeof actionSchema>;

/**
 * The shape of an automation the server accepts. Rules with user-facing messages (names, counts,
 * duplicates) are checked by `validateAutomation`, so they can be reported with message keys.
 */
export const automationInputSchema = z.object({
  name: z.string().default(''),
  isActive: z.boolean().default(true),
  isNotify: z.boolean().default(false),
  notifyMessage: z.string().nullable().default(null),
  commandInorderExecution: z.boolean().default(false),
  conditionCheckType: conditionCheckTypeSchema.default(ConditionCheckType.allCondition),
  conditions: z.array(conditionSchema).default([]),
  commands: z.array(actionSchema).default([]),
});
export type AutomationInput = z.infer<typeof automationInputSchema>;
