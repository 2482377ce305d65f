import { describe, expect, it } from 'vitest';
import { digitsOnly, latinDigits, localeDigits } from './digits.ts';

describe('digits', () => {
  it('reads Persian and Arabic-Indic digits as Latin', () => {
    expect(latinDigits('۱۲۳۴۵۶')).toBe('123456');
    expect(latinDigits('٠٩١٢')).toBe('0912');
    expect(digitsOnly('۰۹۱۲ ۳۴۵-۶۷۸۹')).toBe('09123456789');
  });

  it('shows Persian digits in fa only, round-tripping', () => {
    expect(localeDigits('Code 042', 'fa')).toBe('Code ۰۴۲');
    expect(localeDigits('۰۴۲', 'en')).toBe('042');
    expect(latinDigits(localeDigits('987654', 'fa'))).toBe('987654');
  });
});
