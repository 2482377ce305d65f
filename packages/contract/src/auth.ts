import { z } from 'zod';
import { isCommonPassword } from './common-passwords.ts';

/** Persian and Arabic-Indic digits are accepted wherever digits are typed (spec section 5). */
export function latinDigits(s: string): string {
  return s
    .replace(/[۰-۹]/g, (d) => String(d.charCodeAt(0) - 0x06f0))
    .replace(/[٠-٩]/g, (d) => String(d.charCodeAt(0) - 0x0660));
}

export const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** E.164: a leading +, then 8 to 15 digits, the first not 0. */
export const MOBILE_RE = /^\+[1-9]\d{7,14}$/;

export const messages = {
  badCredentials: 'The username or password is incorrect.',
  badCode: 'The verification code is not correct.',
  noUser: 'User does not exist.',
  badMobile: 'The mobile number is invalid.',
  badEmail: 'The email address is invalid.',
  samePassword: 'New password should be different from existing.',
  weakPassword:
    'The password must have at least 8 characters with an upper-case letter, a lower-case letter and a digit.',
  emptyPassword: 'Password cannot be empty',
  commonPassword: 'This password is too common and easy to guess. Choose another one.',
  taken: 'An account with this email or mobile number already exists.',
} as const;

/**
 * A username is an email or a mobile number. Mobile numbers are normalised to E.164 (digits in any
 * script, spaces and dashes dropped, a leading 00 read as +). Returns null when it is neither.
 */
export function normaliseUsername(raw: string): { kind: 'email' | 'mobile'; value: string } | null {
  const s = latinDigits(raw.trim());
  if (s.includes('@'))
    return EMAIL_RE.test(s) && s.length <= 254 ? { kind: 'email', value: s.toLowerCase() } : null;
  let m = s.replace(/[\s\-().]/g, '');
  if (m.startsWith('00')) m = `+${m.slice(2)}`;
  return MOBILE_RE.test(m) ? { kind: 'mobile', value: m } : null;
}

/**
 * At least 8 characters with upper case, lower case and a digit (docs/decisions/006), and not one of
 * the common choices (docs/decisions/017).
 */
export function passwordProblem(password: string): string | null {
  if (password.length === 0) return messages.emptyPassword;
  if (password.length < 8 || password.length > 128) return messages.weakPassword;
  if (!/[a-z]/.test(password) || !/[A-Z]/.test(password) || !/\d/.test(latinDigits(password)))
    return messages.weakPassword;
  if (isCommonPassword(password)) return messages.commonPassword;
  return null;
}

const username = z.string().trim().min(1, 'Username is required').max(254);
const code = z.string().trim().min(1, 'The verification code is required').max(12).transform(latinDigits);
const newPassword = z.string().superRefine((p, ctx) => {
  const problem = passwordProblem(p);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

/** Login by password, or by a one-time code sent with `users/authenticate`. */
export const loginBodySchema = z
  .object({
    username,
    password: z.string().max(256).optional(),
    code: code.optional(),
  })
  .refine((b) => (b.password !== undefined) !== (b.code !== undefined), {
    message: 'Send a password or a code',
  })
  .refine((b) => b.password === undefined || b.password.length > 0, {
    message: messages.emptyPassword,
    path: ['password'],
  });
export type LoginBody = z.infer<typeof loginBodySchema>;

export const loginResultSchema = z.object({
  token: z.string(),
  refreshToken: z.string(),
  /** Absolute expiry of `token`, in epoch milliseconds of server time (docs/decisions/005). */
  expiresIn: z.number(),
});
export type LoginResult = z.infer<typeof loginResultSchema>;

export const usernameBodySchema = z.object({ username });
export const codeSentSchema = z.object({
  /** Where the code went, masked (e.g. d***@example.com). */
  sentTo: z.string(),
  /** When the code expires, epoch ms. */
  expiresAt: z.number(),
  /** Seconds before another code may be asked for. */
  resendAfter: z.number(),
});
export type CodeSent = z.infer<typeof codeSentSchema>;

export const registerBodySchema = z.object({
  username,
  password: newPassword,
  firstName: z.string().trim().max(64).optional(),
  lastName: z.string().trim().max(64).optional(),
  /** ISO country of a mobile number (for display; the number itself carries its code). */
  country: z.string().trim().length(2).optional(),
});
/**
 * The code proves control of the address. The app also sends the password (and names) typed on this
 * device: the account takes them, so a stranger's earlier sign-up for the address cannot choose them
 * (docs/decisions/017). Without them the sign-up's own are used.
 */
export const registerFinalizeBodySchema = z.object({
  username,
  code,
  password: newPassword.optional(),
  firstName: z.string().trim().max(64).optional(),
  lastName: z.string().trim().max(64).optional(),
});
/**
 * The web app's refresh token travels as an HttpOnly cookie instead (docs/decisions/022): the app asks
 * for it with this header on login and sign-up, and refreshes with no `refreshToken` in the body. A
 * refresh token delivered as the cookie is never in a body (`refreshToken` is then empty).
 */
export const REFRESH_IN_COOKIE_HEADER = 'x-refresh-in-cookie';
export const REFRESH_COOKIE = 'hestia_refresh';
export const refreshBodySchema = z.object({
  token: z.string().max(4096).optional(),
  /** Omitted by the web app: the refresh cookie carries it. */
  refreshToken: z.string().min(1).max(256).optional(),
});
export const logoutBodySchema = z.object({ refreshToken: z.string().max(256).optional() }).optional();
export const checkCodeBodySchema = z.object({ username, code });
export const resetPasswordBodySchema = z.object({ username, code, password: newPassword });
export const changePasswordBodySchema = z.object({
  currentPassword: z.string().min(1, 'The current password is required').max(256),
  newPassword,
});

export const changeEmailRequestSchema = z.object({ email: z.string().trim().max(254) });
export const changeEmailSchema = z.object({ email: z.string().trim().max(254), code });
export const changePhoneRequestSchema = z.object({ phone: z.string().trim().max(32) });
export const changePhoneSchema = z.object({ phone: z.string().trim().max(32), code });

/** The app's hashed client id travels in this header on login, logout, refresh and session calls. */
export const CLIENT_ID_HEADER = 'x-client-id';
export const CLIENT_ID_RE = /^[A-Za-z0-9_-]{8,128}$/;

export const PROFILE_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const PROFILE_IMAGE_MAX_BYTES = 1024 * 1024;

export const timeResultSchema = z.object({ time: z.number() });
export type TimeResult = z.infer<typeof timeResultSchema>;

export const emptyResultSchema = z.object({}).passthrough();
