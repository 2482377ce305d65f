// The account's rules without zod, for clients that check input before any schema is loaded (issue 16,
// initial JavaScript); the schemas in auth.ts build on them.
import { isCommonPassword } from './common-passwords.ts';
import { messages } from './errors.ts';

/** Persian and Arabic-Indic digits are accepted wherever digits are typed (spec section 5). */
export function latinDigits(s: string): string {
  return s
    .replace(/[۰-۹]/g, (d) => String(d.charCodeAt(0) - 0x06f0))
    .replace(/[٠-٩]/g, (d) => String(d.charCodeAt(0) - 0x0660));
}

export const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** E.164: a leading +, then 8 to 15 digits, the first not 0. */
export const MOBILE_RE = /^\+[1-9]\d{7,14}$/;

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

export const PROFILE_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const PROFILE_IMAGE_MAX_BYTES = 1024 * 1024;
