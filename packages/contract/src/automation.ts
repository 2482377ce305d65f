import { z } from 'zod';
import { commandValueSchema } from './device.ts';
import { ComparisonType, ConditionCheckType, ConditionType, RepeatType, Weekday } from './enums.ts';
import { boundedJson } from './json.ts';

/** One of an enum's values (enums.ts), as a number. */
function valuesOf<T extends Record<string, number>>(values: T) {
  const list = Object.values(values) as T[keyof T][];
  return z
    .number()
    .int()
    .refine((v): v is T[keyof T] => (list as number[]).includes(v), {
      message: `Expected one of ${list.join(', ')}`,
    });
}

/** The spec's enums (section 3, enums.ts) as schemas; the automation package holds the logic. */
export const repeatTypeSchema = valuesOf(RepeatType);
export const weekdaySchema = valuesOf(Weekday);
export const conditionTypeSchema = valuesOf(ConditionType);
export const comparisonTypeSchema = valuesOf(ComparisonType);
export const conditionCheckTypeSchema = valuesOf(ConditionCheckType);

const uuid = (what: string) => z.string().uuid(`${what} must be a UUID`);
const value = commandValueSchema;

export const scheduleActionSchema = z.object({
  deviceParameterId: z.string().min(1).max(64),
  value,
  params: boundedJson().optional(),
});

/** Add (no scheduleId) or edit a device schedule. Instants in epoch ms; `time` HH:mm in the user's zone. */
export const scheduleBodySchema = z.object({
  scheduleId: uuid('scheduleId').optional(),
  name: z.string().trim().max(64).default(''),
  repeatType: z.number().int().min(0).max(5).nullable().optional(),
  startDateTime: z.number().int().nullable().optional(),
  endDateTime: z.number().int().nullable().optional(),
  dayOfWeeks: z.array(z.number().int().min(0).max(6)).max(7).default([]),
  timerInterval: z.number().int().min(1).max(525_600).nullable().optional(),
  time: z.string().nullable().optional(),
  deviceScheduleActions: z.array(scheduleActionSchema).max(20).default([]),
});

/**
 * Why an automation, scenario, schedule, timer or data exchange was stopped for its owner: a device
 * it reads is no longer shared with them (`no_access`: revoked, expired, left or deleted), or a
 * device it writes to is now shared for viewing only (`view_only`). Null while it may run.
 * Access is checked each time it runs (docs/decisions/018).
 */
export const pausedReasonSchema = z
  .object({ code: z.enum(['no_access', 'view_only']), deviceId: z.string() })
  .nullable();
export type PausedReason = z.infer<typeof pausedReasonSchema>;

export const scheduleSchema = z.object({
  id: z.string(),
  deviceId: z.string().nullable(),
  scenarioId: z.string().nullable(),
  name: z.string(),
  kind: z.enum(['schedule', 'timer']),
  repeatType: z.number(),
  startDateTime: z.number(),
  endDateTime: z.number().nullable(),
  dayOfWeeks: z.array(z.number()),
  timerInterval: z.number().nullable(),
  time: z.string(),
  timeZone: z.string(),
  isActive: z.boolean(),
  nextRunAt: z.number().nullable(),
  deviceScheduleActions: z.array(scheduleActionSchema),
  /** Set when it was switched off because its owner may no longer control the device. */
  pausedReason: pausedReasonSchema,
});
export type Schedule = z.infer<typeof scheduleSchema>;

/** A device timer: do these writes once, `minutes` from now (at most 10 hours). */
export const timerBodySchema = z.object({
  timerId: uuid('timerId').optional(),
  name: z.string().trim().max(64).default(''),
  minutes: z.number().int().min(1, 'Time must exceed 0').max(600, 'A timer can be at most 10 hours'),
  actions: z.array(scheduleActionSchema).min(1, 'Add an action').max(20),
});

/**
 * A condition. `metadata` by type (object or its JSON text):
 * - Schedule 1 / Timer 2: `{schedule: {repeatType, startDateTime, time 'HH:mm', dayOfWeeks?, timerInterval?,
 *   endDateTime?, timeZone?}}` (or those fields directly); a Timer repeats every `timerInterval` minutes.
 * - Location 5: `{latitude, longitude, radius (metres), event: 'enter' | 'leave'}`.
 * - Weather 6: `{key: 'temperature' | 'humidity' | 'windSpeed' | 'condition' (WMO code), latitude?, longitude?}`
 *   compared with `comparisonType` and `value`; without a place, the owner's profile location.
 * Free-form JSON here (`metadata`, a command's `params`) is bounded by `boundedJson` (json.ts).
 */
export const conditionBodySchema = z.object({
  conditionType: z.number().int().min(-1).max(6),
  deviceId: uuid('deviceId').nullable().optional(),
  deviceParameterId: z.string().nullable().optional(),
  value: value.nullable().optional(),
  comparisonType: z.number().int().min(0).max(5).nullable().optional(),
  metadata: boundedJson().optional(),
});
/**
 * An IR remote press as an automation or scenario action (docs/decisions/049): the IR blaster's
 * `send` key (`deviceParameterId: 'send'`, `value` null) with these `params`: the user's remote on
 * that blaster (`remoteId`, as in `customer/remotes`) and the button to press, or for an air
 * conditioner's state remote the whole state to send. Run through the same send as
 * `POST customer/remotes/{remoteId}/send`.
 */
export const REMOTE_PRESS_KEY = 'send';
export const remotePressSchema = z.object({
  remoteId: uuid('remoteId'),
  button: z.string().min(1).max(40).optional(),
  state: z
    .object({
      power: z.boolean(),
      mode: z.string().max(16),
      temperature: z.number(),
      fan: z.string().max(16),
    })
    .optional(),
});
export type RemotePress = z.infer<typeof remotePressSchema>;

/** The remote press a command makes, or null when it is a plain key write (no `remoteId` in `params`). */
export function remotePressOf(c: { deviceParameterId: string; params?: unknown }): RemotePress | null {
  if (c.deviceParameterId !== REMOTE_PRESS_KEY) return null;
  const p = c.params;
  if (p === null || typeof p !== 'object' || !('remoteId' in p)) return null;
  const parsed = remotePressSchema.safeParse(p);
  return parsed.success ? parsed.data : null;
}

export const commandBodySchema = z.object({
  deviceId: uuid('deviceId'),
  deviceParameterId: z.string().min(1),
  value: value.nullable().optional(),
  params: boundedJson().optional(),
  /** Seconds. */
  delay: z.number().int().min(0).max(86_400).default(0),
  order: z.number().int().default(0),
  label: z.string().nullable().optional(),
});

/** Add (no id) or edit an automation or scenario. */
export const automationBodySchema = z.object({
  id: uuid('id').optional(),
  name: z.string().max(64).default(''),
  isActive: z.boolean().default(true),
  isNotify: z.boolean().default(false),
  notifyMessage: z.string().max(256).nullable().default(null),
  commandInorderExecution: z.boolean().default(false),
  conditionCheckType: z.number().int().min(0).max(1).default(0),
  conditions: z.array(conditionBodySchema).max(50).default([]),
  commands: z.array(commandBodySchema).max(50).default([]),
});

export const automationSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(['automation', 'scenario']),
  creationTime: z.string(),
  isActive: z.boolean(),
  isNotify: z.boolean(),
  notifyMessage: z.string().nullable(),
  actionCount: z.number(),
  conditionCount: z.number(),
  commandInorderExecution: z.boolean(),
  conditionCheckType: z.number(),
  conditions: z.array(conditionBodySchema),
  commands: z.array(commandBodySchema),
  order: z.number(),
  /** Conflicts found when it was saved, in words. */
  warnings: z.array(z.string()),
  /** Set when it was switched off because its owner lost access to one of its devices. */
  pausedReason: pausedReasonSchema,
});
export type Automation = z.infer<typeof automationSchema>;

export const runSchema = z.object({
  id: z.string(),
  sourceId: z.string(),
  trigger: z.string(),
  status: z.enum(['running', 'done', 'failed', 'skipped']),
  startedAt: z.number(),
  finishedAt: z.number().nullable(),
  conditions: z.array(
    z.object({
      index: z.number(),
      verdict: z.boolean(),
      observedValue: z.unknown(),
      explanation: z.string(),
    }),
  ),
  actions: z.array(
    z.object({
      deviceId: z.string(),
      deviceParameterId: z.string(),
      value: z.unknown(),
      /** A remote press's `{remoteId, button | state}` (docs/decisions/049); absent for a key write. */
      params: z.unknown().optional(),
      atMs: z.number(),
      result: z.string().nullable(),
      ranAt: z.number().nullable(),
    }),
  ),
});
export type Run = z.infer<typeof runSchema>;

/** Path parameters `{[name]: UUID}`, typed by the name so handlers read them without casts. */
export const idParams = <N extends string>(name: N) =>
  z.object({ [name]: uuid(name) } as { [K in N]: ReturnType<typeof uuid> });
export const automationListQuerySchema = z.object({
  device_id: uuid('device_id').optional(),
  condition_type: z.coerce.number().int().optional(),
});
export const deviceQuerySchema = z.object({ deviceId: uuid('deviceId').optional() });
export const activateBodySchema = z.object({ isActive: z.boolean() });
export const notifyBodySchema = z.object({
  isNotify: z.boolean(),
  notifyMessage: z.string().max(256).nullable().optional(),
});
export const reorderBodySchema = z.object({ ids: z.array(uuid('id')).min(1).max(500) });
export const notificationQuerySchema = z.object({
  status: z.enum(['read', 'unread']).optional(),
  page_index: z.coerce.number().int().min(0).default(0),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
});

/** A data exchange: when the source device's parameter changes, write its value to the target's. */
export const dataExchangeBodySchema = z.object({
  sourceParameter: z.string().min(1).max(64),
  targetDeviceId: uuid('targetDeviceId'),
  targetParameter: z.string().min(1).max(64),
});
export const dataExchangeSchema = z.object({
  id: z.string(),
  sourceDeviceId: z.string(),
  sourceParameter: z.string(),
  targetDeviceId: z.string(),
  targetParameter: z.string(),
  creationTime: z.string(),
  /** Set while its owner lacks access to the source or may not control the target: it copies nothing. */
  pausedReason: pausedReasonSchema,
});
export const validParamsSchema = z.object({
  /** Parameters the device reports (possible sources). */
  sources: z.array(z.object({ key: z.string(), kind: z.string(), unit: z.string().nullable() })),
  /** Parameters the device accepts writes to (possible targets). */
  targets: z.array(z.object({ key: z.string(), kind: z.string(), unit: z.string().nullable() })),
});
