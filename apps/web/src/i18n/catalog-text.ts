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
 * - `catalog.options.<key>.<value>`: an option of a select (numbered keys share their base's).
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

/** The option key a select's values are translated under: `relay_memory_mode_3` → `relay_memory_mode`. */
export const optionBase = (key: string) => key.replace(/_?\d+$/, '');

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
    option: (key: string, value: number) =>
      loose(`catalog.options.${optionBase(key)}.${value}`, { defaultValue: formatNumber(value, lang, 2) }),
    number: (value: number, digits = 1) => formatNumber(value, lang, digits),
  };
}
