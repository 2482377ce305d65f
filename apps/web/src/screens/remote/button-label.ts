import type { TFunction } from 'i18next';
import { localeDigits } from '../../lib/digits.ts';

/** A button's label: the app's word for a standard key, the user's own name for a learned one. */
export function buttonLabel(
  name: string,
  t: TFunction,
  i18n: { exists(key: string): boolean; language: string },
): string {
  const digit = /^digit_(\d)$/.exec(name);
  if (digit) return t('remote.buttons.digit', { n: localeDigits(digit[1] as string, i18n.language) });
  const key = `remote.buttons.${name}`;
  return i18n.exists(key) ? t(key as 'remote.buttons.power') : name.replace(/_/g, ' ');
}
