import { describe, expect, it } from 'vitest';
import { passwordProblem } from './auth-rules.ts';
import { isCommonPassword } from './common-passwords.ts';
import { messages } from './errors.ts';

describe('common passwords (NIST 800-63B)', () => {
  it('refuses the usual choices that pass the character rules', () => {
    for (const p of [
      'Passw0rd',
      'Password1',
      'P@ssw0rd!',
      'Password123',
      'Qwerty123',
      'Welcome1',
      'Iloveyou1',
      'Summer2024!',
      'Dragon123',
      'Letmein1',
      'Admin123',
      'Zaq12wsx',
      '1Qaz2wsx',
      'Abc12345',
      'Hestia2025',
    ]) {
      expect(isCommonPassword(p), p).toBe(true);
      expect(passwordProblem(p), p).toBe(messages.commonPassword);
    }
  });

  it('lets other passwords through, passphrases of common words too', () => {
    for (const p of [
      'Secret123',
      'Zyxwvut9',
      'Tr0ub4dor&3x',
      'CorrectHorse7Battery',
      'PasswordManager4Me',
      'HestiaDemo1',
    ]) {
      expect(isCommonPassword(p), p).toBe(false);
      expect(passwordProblem(p), p).toBeNull();
    }
  });

  it('keeps the character rules first', () => {
    expect(passwordProblem('password')).toBe(messages.weakPassword);
    expect(passwordProblem('')).toBe(messages.emptyPassword);
  });
});
