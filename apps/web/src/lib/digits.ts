import { latinDigits } from '@hestia/contract';

export { latinDigits };

const PERSIAN_ZERO = 0x06f0;

/**
 * Digits as the language writes them: Persian digits in fa (spec section 1), Latin elsewhere. Only the
 * digits change, so a value typed in either script round-trips through `latinDigits`.
 */
export function localeDigits(value: string, language: string): string {
  const latin = latinDigits(value);
  if (language !== 'fa') return latin;
  return latin.replace(/[0-9]/g, (d) => String.fromCharCode(PERSIAN_ZERO + Number(d)));
}

/** Only the digits of a typed value, in Latin script (codes, national mobile numbers). */
export function digitsOnly(value: string, max = 32): string {
  return latinDigits(value).replace(/\D/g, '').slice(0, max);
}
