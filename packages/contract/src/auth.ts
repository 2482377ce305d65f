import { z } from 'zod';

/** Username is an email or a mobile number (spec section 4). */
export const loginBodySchema = z.object({
  username: z.string().trim().min(1, 'Username is required').max(254),
  password: z.string().min(1, 'Password cannot be empty').max(256),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const loginResultSchema = z.object({
  token: z.string(),
  refreshToken: z.string(),
  /** Absolute expiry of `token`, in epoch milliseconds. */
  expiresIn: z.number(),
});
export type LoginResult = z.infer<typeof loginResultSchema>;

export const timeResultSchema = z.object({ time: z.number() });
export type TimeResult = z.infer<typeof timeResultSchema>;
