import { MOBILE_RE, messages, normaliseUsername, passwordProblem } from '@hestia/contract';
import { toE164 } from './countries.ts';
import { digitsOnly, latinDigits } from './digits.ts';

/** Translation keys under `account.validation` (spec section 5). */
export type ValidationKey =
  | 'emailRequired'
  | 'emailInvalid'
  | 'mobileRequired'
  | 'mobileInvalid'
  | 'countryRequired'
  | 'passwordRequired'
  | 'passwordWeak'
  | 'passwordCommon'
  | 'confirmRequired'
  | 'confirmMismatch'
  | 'oldPasswordRequired'
  | 'newPasswordRequired'
  | 'newPasswordSame'
  | 'codeRequired'
  | 'codeInvalid'
  | 'nameRequired';

export type Channel = 'email' | 'mobile';

export function validateEmail(email: string): ValidationKey | undefined {
  const value = email.trim();
  if (value === '') return 'emailRequired';
  return normaliseUsername(value)?.kind === 'email' ? undefined : 'emailInvalid';
}

/** A national mobile number in the chosen country; digits may be typed in any script. */
export function validateMobile(country: string, national: string): ValidationKey | undefined {
  const digits = digitsOnly(national);
  if (digits === '') return 'mobileRequired';
  if (!country) return 'countryRequired';
  return MOBILE_RE.test(toE164(country, digits)) && digits.replace(/^0+/, '').length >= 6
    ? undefined
    : 'mobileInvalid';
}

/** Login: the password only has to be there; the policy applies to new passwords. */
export function validateLoginPassword(password: string): ValidationKey | undefined {
  return password === '' ? 'passwordRequired' : undefined;
}

/** At least 8 characters with upper case, lower case and a digit (decision 006), and not a common one (017). */
export function validateNewPassword(password: string): ValidationKey | undefined {
  const problem = passwordProblem(password);
  if (problem === messages.emptyPassword) return 'passwordRequired';
  if (problem === messages.commonPassword) return 'passwordCommon';
  return problem ? 'passwordWeak' : undefined;
}

export function validateConfirm(password: string, confirm: string): ValidationKey | undefined {
  if (confirm === '') return 'confirmRequired';
  return confirm === password ? undefined : 'confirmMismatch';
}

/** Change password: old required; new required, strong, and different from the old. */
export function validateChangePassword(input: { current: string; next: string; confirm: string }): {
  current?: ValidationKey;
  next?: ValidationKey;
  confirm?: ValidationKey;
} {
  const next =
    input.next === ''
      ? 'newPasswordRequired'
      : (validateNewPassword(input.next) ??
        (input.current !== '' && input.next === input.current ? 'newPasswordSame' : undefined));
  return {
    ...(input.current === '' ? { current: 'oldPasswordRequired' as const } : {}),
    ...(next ? { next } : {}),
    ...(validateConfirm(input.next, input.confirm)
      ? { confirm: validateConfirm(input.next, input.confirm) }
      : {}),
  };
}

export const CODE_LENGTH = 6;

/** A six-digit code, typed in any script. */
export function validateCode(code: string): ValidationKey | undefined {
  const digits = latinDigits(code.trim());
  if (digits === '') return 'codeRequired';
  return new RegExp(`^\\d{${CODE_LENGTH}}$`).test(digits) ? undefined : 'codeInvalid';
}

/** The username the server expects for a channel: an email, or a mobile number in E.164. */
export function usernameOf(channel: Channel, email: string, country: string, national: string): string {
  return channel === 'email' ? email.trim().toLowerCase() : toE164(country, digitsOnly(national));
}

export interface UsernameInput {
  channel: Channel;
  email: string;
  country: string;
  national: string;
}

/** The errors of an email-or-mobile username, by field. */
export function validateUsername(u: UsernameInput): {
  email?: ValidationKey;
  country?: ValidationKey;
  national?: ValidationKey;
} {
  if (u.channel === 'email') {
    const email = validateEmail(u.email);
    return email ? { email } : {};
  }
  const problem = validateMobile(u.country, u.national);
  if (problem === 'countryRequired') return { country: problem };
  return problem ? { national: problem } : {};
}
