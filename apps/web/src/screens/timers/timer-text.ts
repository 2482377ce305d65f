import { VALIDATION_MESSAGES, type ValidationIssue } from '@hestia/automation';
import type { KeyDef } from '@hestia/catalog';
import type { TFunction } from 'i18next';
import { catalogKeyName, enumValueText } from '../../i18n/catalog-text.ts';
import { i18n } from '../../i18n/index.ts';
import { formatAmount } from '../../lib/chart-format.ts';

/** A device parameter by its standalone name (i18n/catalog-text.ts), the same on every screen. */
export function keyTitle(key: string, t: TFunction): string {
  return catalogKeyName(key, t, i18n.language);
}

/** An action's value in words: on/off for switches, an enum value's name, the number with its unit otherwise. */
export function valueText(def: KeyDef | undefined, value: unknown, t: TFunction, language: string): string {
  if (def?.kind === 'boolean') return Number(value) === 1 ? t('timers.value.on') : t('timers.value.off');
  const named = enumValueText(def, value, t, language);
  if (named !== undefined) return named;
  if (typeof value === 'number') {
    const n = formatAmount(value, language, 2);
    return def?.unit ? `${n} ${def.unit}` : n;
  }
  return String(value);
}

/** The validation rule's text in the user's language; a message the app does not know stays as it came. */
export function issueText(issue: Pick<ValidationIssue, 'key'>, t: TFunction): string {
  return t(`timers.validation.${issue.key}` as 'timers.validation.schedule.nameRequired');
}

const keyByMessage = new Map<string, string>(Object.entries(VALIDATION_MESSAGES).map(([k, m]) => [m, k]));

/** A server refusal that is one of the schedule rules, translated; null for other failures. */
export function knownValidation(message: string, t: TFunction): string | null {
  const key = keyByMessage.get(message.replace(/^[\w.]+: /, ''));
  return key ? issueText({ key: key as ValidationIssue['key'] }, t) : null;
}
