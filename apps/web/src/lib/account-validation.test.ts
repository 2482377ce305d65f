import { describe, expect, it } from 'vitest';
import {
  usernameOf,
  validateChangePassword,
  validateCode,
  validateConfirm,
  validateEmail,
  validateMobile,
  validateNewPassword,
} from './account-validation.ts';

describe('account validation (spec section 5, decision 006)', () => {
  it('email: required and valid', () => {
    expect(validateEmail('  ')).toBe('emailRequired');
    expect(validateEmail('someone@')).toBe('emailInvalid');
    expect(validateEmail('someone@example.com')).toBeUndefined();
  });

  it('mobile: required, a country chosen, valid; Persian digits accepted', () => {
    expect(validateMobile('IR', '')).toBe('mobileRequired');
    expect(validateMobile('', '9121234567')).toBe('countryRequired');
    expect(validateMobile('IR', '12')).toBe('mobileInvalid');
    expect(validateMobile('IR', '۰۹۱۲۱۲۳۴۵۶۷')).toBeUndefined();
    expect(usernameOf('mobile', '', 'IR', '۰۹۱۲۱۲۳۴۵۶۷')).toBe('+989121234567');
    expect(usernameOf('email', ' A@B.co ', '', '')).toBe('a@b.co');
  });

  it('new password: at least 8 with upper, lower and a digit (Persian digits count)', () => {
    expect(validateNewPassword('')).toBe('passwordRequired');
    expect(validateNewPassword('Abc123')).toBe('passwordWeak');
    expect(validateNewPassword('abcdefg1')).toBe('passwordWeak');
    expect(validateNewPassword('ABCDEFG1')).toBe('passwordWeak');
    expect(validateNewPassword('Abcdefgh')).toBe('passwordWeak');
    expect(validateNewPassword('Abcdefg1')).toBeUndefined();
    expect(validateNewPassword('Abcdefg۱')).toBeUndefined();
  });

  it('new password: a common one (Passw0rd) has its own message', () => {
    expect(validateNewPassword('Passw0rd')).toBe('passwordCommon');
    expect(validateNewPassword('Summer2024!')).toBe('passwordCommon');
  });

  it('confirm: required and equal', () => {
    expect(validateConfirm('Abcdefg1', '')).toBe('confirmRequired');
    expect(validateConfirm('Abcdefg1', 'Abcdefg2')).toBe('confirmMismatch');
    expect(validateConfirm('Abcdefg1', 'Abcdefg1')).toBeUndefined();
  });

  it('change password: old required, new required and different', () => {
    expect(validateChangePassword({ current: '', next: '', confirm: '' })).toEqual({
      current: 'oldPasswordRequired',
      next: 'newPasswordRequired',
      confirm: 'confirmRequired',
    });
    expect(validateChangePassword({ current: 'Abcdefg1', next: 'Abcdefg1', confirm: 'Abcdefg1' })).toEqual({
      next: 'newPasswordSame',
    });
    expect(validateChangePassword({ current: 'Abcdefg1', next: 'Zyxwvut9', confirm: 'Zyxwvut9' })).toEqual(
      {},
    );
  });

  it('code: required and six digits, in any script', () => {
    expect(validateCode('')).toBe('codeRequired');
    expect(validateCode('12345')).toBe('codeInvalid');
    expect(validateCode('12a456')).toBe('codeInvalid');
    expect(validateCode('۱۲۳۴۵۶')).toBeUndefined();
  });
});
