import { type FamilyId, type KeyDef, optionKeyBase, optionSetId, profiles } from '@hestia/catalog';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../lib/format.ts';

/**
 * The names of catalogue things (keys, groups, options) in the user's language: one vocabulary, the
 * `catalog` part of the texts (locales/catalog), whose ids the catalogue gives
 * (scripts/catalog-skeleton.ts writes them to locales/catalog/skeleton.json):
 *
 * - `catalog.params.<id>`: a key's standalone name, the same on every screen that names one outside a
 *   control panel (automations, timers, data exchange, reports, key titles); numbered keys share one
 *   message with the number in it (`relay_n`);
 * - `catalog.singleParams.<id>`: the name of a key a model has only one of ("Open curtain");
 * - `catalog.keys.<key>`: a key's title inside its control panel, where its group gives the context
 *   (the catalogue's `title`, `keys.<key>`);
 * - `catalog.groups.<group>`: a control panel's section;
 * - `catalog.options.<set>.<value>`: the name of an enum key's value, under the option set the catalogue
 *   gives the key in its family (packages/catalog/src/option-names.ts; numbered keys share their
 *   base's, and a family may have its own set for a key: a washer's `phase` is not a dishwasher's).
 */

/** A parameter's name as a message of `catalog.params` and the values it takes. */
export interface ParamMessage {
  id: string;
  values?: { n?: string; code?: string };
}

const WORD_NUMBERS: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6 };

/**
 * Numbered families share one name with a number in it: `relay_3` reads "Output 3" and `flame2`
 * "Burner 2 flame level". `code` families keep the device's own Latin code (boiler faults read "E12",
 * as the boiler's display shows them).
 */
const FAMILIES: readonly { pattern: RegExp; id: string; code?: (n: number) => string }[] = [
  { pattern: /^relay_(\d+)$/, id: 'relay_n' },
  { pattern: /^relay_memory_mode_(\d+)$/, id: 'relay_memory_mode_n' },
  { pattern: /^channel_action_mode_(\d+)$/, id: 'channel_action_mode_n' },
  { pattern: /^key_(one|two|three|four|five|six)_status$/, id: 'key_status_n' },
  { pattern: /^input_(\d+)$/, id: 'input_n' },
  { pattern: /^open_request_(\d+)$/, id: 'open_request_n' },
  { pattern: /^close_request_(\d+)$/, id: 'close_request_n' },
  { pattern: /^pause_request_(\d+)$/, id: 'pause_request_n' },
  { pattern: /^position_(\d+)$/, id: 'position_n' },
  { pattern: /^positionsetpoint_(\d+)$/, id: 'positionsetpoint_n' },
  { pattern: /^curtain_enable_(\d+)$/, id: 'curtain_enable_n' },
  { pattern: /^curtain_name(\d+)$/, id: 'curtain_name_n' },
  { pattern: /^flame(\d+)$/, id: 'flame_n' },
  { pattern: /^stage_(\d+)$/, id: 'stage_n' },
  { pattern: /^timer_(\d+)$/, id: 'timer_n' },
  { pattern: /^fastheat_(\d+)$/, id: 'fastheat_n' },
  { pattern: /^double_zone_(\d+)$/, id: 'double_zone_n' },
  { pattern: /^b_e(\d+)$/, id: 'boiler_fault_n', code: (n) => `E${n}` },
];

/** Which message names a key, or undefined for a key no catalogue model has. */
export function paramMessage(
  key: string,
  language: string,
  has: (id: string) => boolean,
): ParamMessage | undefined {
  for (const family of FAMILIES) {
    const match = family.pattern.exec(key);
    if (!match?.[1]) continue;
    const n = WORD_NUMBERS[match[1]] ?? Number(match[1]);
    return {
      id: family.id,
      values: family.code ? { code: family.code(n) } : { n: formatNumber(n, language, 0) },
    };
  }
  return has(key) ? { id: key } : undefined;
}

/** A key the catalogue does not know, in words: `over_limit` reads "over limit". */
export const humanise = (key: string) => key.replace(/_+/g, ' ').trim();

/**
 * A device parameter's standalone name, the same on every screen that names one outside a control
 * panel (automations, timers, data exchange, reports): the numbered families, then `params.<key>`,
 * then the key in words.
 */
export function catalogKeyName(key: string, t: TFunction, language: string): string {
  const has = (id: string) =>
    t(`catalog.params.${id}` as 'catalog.params.power', { lng: language, defaultValue: '' }) !== '';
  const message = paramMessage(key, language, has);
  if (!message) return humanise(key);
  const { n = '', code = '' } = message.values ?? {};
  return t(`catalog.params.${message.id}` as 'catalog.params.relay_n', { n, code, lng: language });
}

type LooseT = (key: string, options?: Record<string, unknown>) => string;

/** `snake_case_1` → `Snake case 1`: the last resort for a catalogue name no locale file has yet. */
export const humanize = (name: string) => {
  const words = name.replace(/_/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** The option set a select's values are named under: `relay_memory_mode_3` → `relay_memory_mode`. */
export const optionBase = optionKeyBase;

/** The family of the model a catalogue key belongs to (by the key's own declaration). */
let familyByKey: WeakMap<KeyDef, FamilyId> | undefined;
export function familyOfKey(def: KeyDef): FamilyId | undefined {
  familyByKey ??= new WeakMap(profiles.flatMap((p) => p.keys.map((k) => [k, p.family] as const)));
  return familyByKey.get(def);
}

/**
 * The name of `value` of an enum key in the user's language ("Cool", "Spin 800 rpm"), or the number
 * in the language's digits for a key whose values have no names. With the family, a key its family
 * names on its own (a washer's `phase`) takes that family's names.
 */
export function catalogOptionName(
  family: FamilyId | undefined,
  key: string,
  value: number,
  t: TFunction,
  language: string,
): string {
  const set = optionSetId(family, key);
  const number = formatNumber(value, language, 2);
  if (!set) return number;
  const loose = t as unknown as LooseT;
  // A name with the value in it ("Speed {{n}}", "{{n}} rpm") shows it in the language's digits.
  return loose(`catalog.options.${set}.${value}`, {
    lng: language,
    n: formatNumber(value, language, 0),
    defaultValue: number,
  });
}

/** A value of a catalogue key as words when the key is an enum (its option name), else undefined. */
export function enumValueText(
  def: KeyDef | undefined,
  value: unknown,
  t: TFunction,
  language: string,
): string | undefined {
  const n = typeof value === 'number' ? value : Number(value);
  if (def?.kind !== 'enum' || value === '' || value === null || !Number.isFinite(n)) return undefined;
  return catalogOptionName(familyOfKey(def), def.key, n, t, language);
}

/** Names of catalogue things in the user's language, for components. */
export function useCatalogText() {
  const { t, i18n } = useTranslation();
  const loose = t as unknown as LooseT;
  const lang = i18n.language;
  return {
    /** A key's standalone name (automations, timers, reports). */
    key: (key: string) => catalogKeyName(key, t, lang),
    // An output (`relay_n`) has one name on every screen, its standalone one; other keys take the
    // control panel's own title.
    title: (title: string, key: string) =>
      /^relay_\d+$/.test(key)
        ? catalogKeyName(key, t, lang)
        : loose(`catalog.${title}`, { defaultValue: humanize(key) }),
    group: (group: string) => loose(`catalog.groups.${group}`, { defaultValue: humanize(group) }),
    /** An enum value's name; give the family where the key's meaning depends on it (`phase`). */
    option: (key: string, value: number, family?: FamilyId) => catalogOptionName(family, key, value, t, lang),
    number: (value: number, digits = 1) => formatNumber(value, lang, digits),
  };
}
