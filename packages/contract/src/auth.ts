import { z } from 'zod';
import { latinDigits, passwordProblem } from './auth-rules.ts';
import { messages } from './errors.ts';

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

export const timeResultSchema = z.object({ time: z.number() });
export type TimeResult = z.infer<typeof timeResultSchema>;

export const emptyResultSchema = z.object({}).passthrough();
