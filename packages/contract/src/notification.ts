import { z } from 'zod';

/**
 * What a notification is about (issue 20). `automation` carries the automation's own message; the
 * others are device events and carry `data` from which each language writes its own text.
 */
export const NOTIFICATION_KINDS = [
  'automation',
  'error',
  'door_open',
  'motion',
  'program_done',
  'firmware',
  'share',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** The device events an owner may turn off per device (personalisation); automations are set per automation. */
export const DEVICE_NOTIFICATION_KINDS = [
  'error',
  'door_open',
  'motion',
  'program_done',
  'firmware',
  'share',
] as const satisfies readonly NotificationKind[];
export type DeviceNotificationKind = (typeof DEVICE_NOTIFICATION_KINDS)[number];

/**
 * The facts a device event's text is written from: the device's label, the catalogue error code,
 * the firmware result, who accepted a share or whether it ended.
 */
export const notificationDataSchema = z.object({
  deviceLabel: z.string().optional(),
  errorCode: z.string().optional(),
  firmware: z.enum(['updated', 'failed']).optional(),
  version: z.string().optional(),
  share: z.enum(['accepted', 'ended']).optional(),
  userName: z.string().optional(),
});
export type NotificationData = z.infer<typeof notificationDataSchema>;

export const notificationDetailsSchema = z.object({
  id: z.string(),
  name: z.string(),
  message: z.string(),
  sendTime: z.string(),
  seenTime: z.string().nullable(),
  kind: z.enum(NOTIFICATION_KINDS),
  deviceId: z.string().nullable(),
  data: notificationDataSchema,
});
export type NotificationDetails = z.infer<typeof notificationDetailsSchema>;

/** Which of a device's events notify its owner: one switch per kind the device can raise. */
export const notificationSettingsSchema = z.object({
  deviceId: z.string(),
  kinds: z.array(z.object({ kind: z.enum(DEVICE_NOTIFICATION_KINDS), enabled: z.boolean() })),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

export const notificationSettingsBodySchema = z.object({
  kinds: z
    .array(z.object({ kind: z.enum(DEVICE_NOTIFICATION_KINDS), enabled: z.boolean() }))
    .min(1)
    .max(DEVICE_NOTIFICATION_KINDS.length),
});

/**
 * The spec's edit-user-notification registration: `identifier` is the app's hashed client id,
 * `notifyToken` the browser's PushSubscription as JSON, `os` 'web'. `language` chooses the pushes' texts.
 */
export const pushRegistrationBodySchema = z.object({
  input: z.object({
    info: z.object({
      identifier: z.string().trim().min(8).max(128),
      notifyToken: z.string().max(4096),
      os: z.literal('web'),
      language: z.enum(['en', 'fa', 'ar', 'tr']).optional(),
    }),
  }),
});

/** A browser's PushSubscription.toJSON(), as it arrives in `notifyToken`. */
export const webPushSubscriptionSchema = z.object({
  endpoint: z.string().url().max(2048),
  keys: z.object({ p256dh: z.string().min(1).max(256), auth: z.string().min(1).max(64) }),
});

export const pushKeySchema = z.object({
  /** The server's VAPID public key (base64url), the browser's applicationServerKey. */
  publicKey: z.string(),
});

/** A push's payload, as the service worker and the page receive it. */
export const pushPayloadSchema = z.object({
  id: z.string(),
  title: z.string(),
  body: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  /** The app path a tap opens (the notification's details). */
  url: z.string(),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;
