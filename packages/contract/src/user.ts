import { z } from 'zod';

export const sessionSchema = z.object({
  id: z.string(),
  /** Browser or app and device, from the user agent. */
  device: z.string(),
  os: z.string(),
  ip: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  online: z.boolean(),
  isCurrent: z.boolean(),
});
export type Session = z.infer<typeof sessionSchema>;

export const sessionIdParamsSchema = z.object({ id: z.string().uuid('Session id must be a UUID') });

export const profileSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  location: z.object({ latitude: z.number(), longitude: z.number() }).nullable(),
  timeZone: z.string(),
  notification: z.object({ push: z.boolean(), email: z.boolean(), sms: z.boolean() }),
  /** Electricity price used for energy cost; null until the user sets one. */
  tariff: z.object({ pricePerKwh: z.number(), currency: z.string() }).nullable(),
});
export type Profile = z.infer<typeof profileSchema>;

export const PROFILE_UPDATE_TYPES = ['Location', 'Name', 'Notification', 'TimeZone', 'Tariff'] as const;
export const profileUpdateParamsSchema = z.object({ type: z.enum(PROFILE_UPDATE_TYPES) });

function validTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/** One body per update type; the route picks the schema by `type`. */
export const profileUpdateBodies = {
  Location: z.object({ latitude: z.number().min(-90).max(90), longitude: z.number().min(-180).max(180) }),
  Name: z.object({
    firstName: z.string().trim().min(1, 'The name cannot be empty').max(64),
    lastName: z.string().trim().max(64).default(''),
  }),
  Notification: z.object({ push: z.boolean(), email: z.boolean(), sms: z.boolean() }),
  TimeZone: z.object({ timeZone: z.string().refine(validTimeZone, 'Unknown time zone') }),
  Tariff: z.object({
    pricePerKwh: z.number().min(0, 'The price cannot be negative').max(1_000_000),
    currency: z
      .string()
      .trim()
      .regex(/^[A-Z]{3}$/, 'Use a three-letter currency code such as EUR'),
  }),
} as const;

/**
 * `PUT customer` (spec: "Edit customer profile at customer"): the whole editable part of the profile
 * at once, name and time zone. Email and phone are not here: each changes only through its two-step
 * code flow (users/change-email-request, users/change-phone-request), so they are refused by name.
 */
export const customerUpdateSchema = z.strictObject(
  {
    firstName: profileUpdateBodies.Name.shape.firstName,
    lastName: profileUpdateBodies.Name.shape.lastName,
    timeZone: profileUpdateBodies.TimeZone.shape.timeZone.optional(),
  },
  {
    error: (iss) =>
      iss.code === 'unrecognized_keys'
        ? `Only firstName, lastName and timeZone can be changed here (not ${iss.keys.join(', ')}); email and phone change with a code`
        : undefined,
  },
);
export type CustomerUpdate = z.infer<typeof customerUpdateSchema>;

/** The answer to a profile image upload: when it was stored. */
export const profileImageResultSchema = z.object({ updatedAt: z.string() });
