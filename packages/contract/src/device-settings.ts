import { z } from 'zod';
import { commandValueSchema, deviceIdParamsSchema, keyValueSchema, telemetryValueSchema } from './device.ts';

/** Device setting types (spec section 3). */
export const DEVICE_SETTING_TYPES = [
  'wifi-led-control',
  'pairing-devices',
  'config-status',
  'wifi-status',
] as const;
export type DeviceSettingType = (typeof DEVICE_SETTING_TYPES)[number];

export const deviceSettingParamsSchema = deviceIdParamsSchema.extend({
  type: z.enum(DEVICE_SETTING_TYPES, {
    error: `type must be one of ${DEVICE_SETTING_TYPES.join(', ')}`,
  }),
});

/** One catalogue key of a setting, with its current value from the latest telemetry. */
export const settingFieldSchema = z.object({
  key: z.string(),
  /** Translation key of the title (catalogue `keys.*`). */
  title: z.string(),
  access: z.enum(['r', 'w', 'rw']),
  kind: z.enum(['boolean', 'number', 'enum', 'string']),
  dataType: z.number(),
  unit: z.string().nullable(),
  min: z.number().nullable(),
  max: z.number().nullable(),
  values: z.array(z.number()).nullable(),
  /** Last reported value; null when the device has not reported it (or the key is write-only). */
  value: telemetryValueSchema.nullable(),
  /** When the value was reported (epoch ms). */
  ts: z.number().nullable(),
});
export type SettingField = z.infer<typeof settingFieldSchema>;

export const deviceSettingSchema = z.object({
  deviceId: z.string(),
  type: z.enum(DEVICE_SETTING_TYPES),
  deviceProfileId: z.string(),
  /** The device is not connected (the `active` key is not 'true'). */
  isNotConnected: z.boolean(),
  /** Reported firmware version (`current_fw_version`), null when unknown. */
  version: z.string().nullable(),
  /** False when this model has nothing of this setting type; `fields` is then empty. */
  supported: z.boolean(),
  /** Some field of this setting can be written (and the caller may write it). */
  writable: z.boolean(),
  fields: z.array(settingFieldSchema),
});
export type DeviceSetting = z.infer<typeof deviceSettingSchema>;

/** Write some keys of one setting: `{values: [{Key, Value}]}`, all keys of that setting type. */
export const deviceSettingBodySchema = z.object({
  values: z.array(keyValueSchema).min(1, 'Give at least one value').max(20),
});

// ---------------------------------------------------------------------------------------------
// Key actions

export const KEY_PRESS_TYPES = ['tap', 'hold'] as const;
export type KeyPressType = (typeof KEY_PRESS_TYPES)[number];
/** Keys 1 to 6 (spec section 9); a model's own key count is checked by the server. */
export const MAX_KEY_INDEX = 6;
/** Actions one key press may run, in order. */
export const MAX_ACTIONS_PER_PRESS = 10;

const uuid = (what: string) => z.string().uuid(`${what} must be a UUID`);

const keyActionBase = {
  keyIndex: z.number().int().min(1, 'keyIndex is 1 to 6').max(MAX_KEY_INDEX, 'keyIndex is 1 to 6'),
  pressType: z.enum(KEY_PRESS_TYPES, { error: 'pressType must be tap or hold' }),
  title: z.string().trim().max(64, 'The title can be at most 64 characters').default(''),
};

/** Bind a key press to running one of the caller's scenarios, or to a write on another device. */
export const keyActionBodySchema = z.discriminatedUnion(
  'actionType',
  [
    z.object({ ...keyActionBase, actionType: z.literal('scenario'), scenarioId: uuid('scenarioId') }),
    z.object({
      ...keyActionBase,
      actionType: z.literal('device'),
      targetDeviceId: uuid('targetDeviceId'),
      key: z.string().min(1).max(64),
      value: commandValueSchema,
    }),
  ],
  { error: 'actionType must be scenario or device' },
);
export type KeyActionBody = z.infer<typeof keyActionBodySchema>;

export const keyActionSchema = z.object({
  id: z.string(),
  deviceId: z.string(),
  keyIndex: z.number(),
  pressType: z.enum(KEY_PRESS_TYPES),
  actionType: z.enum(['scenario', 'device']),
  title: z.string(),
  scenarioId: z.string().nullable(),
  /** The scenario's name, null when it was deleted (the action then does nothing). */
  scenarioName: z.string().nullable(),
  targetDeviceId: z.string().nullable(),
  /** The target's label, null when it is gone or no longer shared with the owner of this action. */
  targetDeviceLabel: z.string().nullable(),
  key: z.string().nullable(),
  value: commandValueSchema.nullable(),
  /** Position in the device's list (0-based); a press runs its actions in this order. */
  order: z.number(),
  creationTime: z.string(),
});
export type KeyAction = z.infer<typeof keyActionSchema>;

export const keyActionParamsSchema = deviceIdParamsSchema.extend({ actionId: uuid('actionId') });

export const keyActionReorderBodySchema = z.object({
  ids: z.array(uuid('id')).max(200),
});

// ---------------------------------------------------------------------------------------------
// Key labels

export const MAX_KEY_LABEL_LENGTH = 32;

/** A titled slot: a switch relay, a push key, or a curtain whose name is not a device key. */
export const keyLabelSchema = z.object({
  /** Catalogue key the label belongs to (relay_1, key_one_status, curtain_percentage ...). */
  key: z.string(),
  /** Translation key of the default title. */
  defaultTitle: z.string(),
  /** The user's title, null when not set. */
  title: z.string().nullable(),
});
export type KeyLabel = z.infer<typeof keyLabelSchema>;

export const keyLabelsSchema = z.object({ deviceId: z.string(), labels: z.array(keyLabelSchema) });
export type KeyLabels = z.infer<typeof keyLabelsSchema>;

/** Set titles; an empty title clears it. Keys not named keep their title. */
export const setKeyLabelsBodySchema = z.object({
  labels: z
    .array(
      z.object({
        key: z.string().min(1).max(64),
        title: z
          .string()
          .trim()
          .max(MAX_KEY_LABEL_LENGTH, `A title can be at most ${MAX_KEY_LABEL_LENGTH} characters`),
      }),
    )
    .min(1, 'Give at least one label')
    .max(20),
});

// ---------------------------------------------------------------------------------------------
// Profiles, categories and valid actions (all derived from the catalogue)

export const validActionSchema = z.object({
  id: z.string(),
  actionId: z.string(),
  deviceProfileId: z.string(),
  method: z.literal('write'),
  index: z.number(),
  actionKey: z.string().optional(),
  dataType: z.number(),
  title: z.string(),
  inputDataType: z.number(),
});
export type ValidActionDto = z.infer<typeof validActionSchema>;

export const profileValidActionsSchema = z.object({
  deviceProfileId: z.string(),
  actions: z.array(validActionSchema),
});

export const deviceValidActionsSchema = z.object({
  deviceId: z.string(),
  label: z.string(),
  deviceProfileId: z.string(),
  actions: z.array(validActionSchema),
});

export const deviceParameterSchema = z.object({
  id: z.string(),
  key: z.string(),
  title: z.string(),
  /** Action 0, Info 1, Config 2. */
  type: z.number(),
  dataType: z.number(),
  dataTypeName: z.string(),
  access: z.enum(['r', 'w', 'rw']),
  unit: z.string().optional(),
  min: z.number().optional(),
  max: z.number().optional(),
  values: z.array(z.number()).optional(),
  address: z.number(),
});

export const deviceProfileSummarySchema = z.object({
  id: z.string(),
  deviceType: z.string(),
  family: z.string(),
  variant: z.string(),
  brand: z.string(),
  icon: z.string(),
  features: z.array(z.string()),
  /** The control screen a card opens. */
  route: z.string(),
});
export type DeviceProfileSummary = z.infer<typeof deviceProfileSummarySchema>;

export const deviceProfileSchema = deviceProfileSummarySchema.extend({
  deviceParameters: z.array(deviceParameterSchema),
  /** The derived parameter map: key to parameter. */
  parameterMap: z.record(z.string(), deviceParameterSchema),
  /** Setting types this model has (see getDeviceSetting). */
  settingTypes: z.array(z.enum(DEVICE_SETTING_TYPES)),
  /** Push keys of the model (0 when it has none): the key indexes a key action may use. */
  keyCount: z.number(),
});
export type DeviceProfileDto = z.infer<typeof deviceProfileSchema>;

export const deviceProfileParamsSchema = z.object({ id: z.string().min(1).max(64) });
export const profileIdParamsSchema = z.object({ profileId: z.string().min(1).max(64) });
export const deviceProfileListQuerySchema = z.object({
  assetId: z.string().uuid('assetId must be a UUID').optional(),
});

export const deviceCategorySchema = z.object({
  /** The catalogue family. */
  id: z.string(),
  /** Translation key of the title. */
  title: z.string(),
  icon: z.string(),
  deviceTypes: z.array(z.string()),
  profileIds: z.array(z.string()),
});
export type DeviceCategory = z.infer<typeof deviceCategorySchema>;
