import type { TFunction } from 'i18next';
import { formatNumber } from './format.ts';

/** A parameter's name as a message of the `params` namespace (locales/keys) and the values it takes. */
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
export function paramTitle(key: string, t: TFunction, language: string): string {
  const has = (id: string) => t(`params.${id}` as 'params.power', { lng: language, defaultValue: '' }) !== '';
  const message = paramMessage(key, language, has);
  if (!message) return humanise(key);
  const { n = '', code = '' } = message.values ?? {};
  return t(`params.${message.id}` as 'params.relay_n', { n, code, lng: language });
}
