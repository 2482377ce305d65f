import { getProfile, keyOf, profiles } from '@hestia/catalog';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatNumber } from '../lib/format.ts';
import arFile from '../locales/catalog/ar.json';
import enFile from '../locales/catalog/en.json';
import faFile from '../locales/catalog/fa.json';
import trFile from '../locales/catalog/tr.json';
import { catalogSkeleton } from './catalog-ids.ts';
import skeleton from './catalog-skeleton.json';
import {
  catalogKeyName,
  catalogOptionName,
  enumValueText,
  humanise,
  humanize,
  optionBase,
  paramMessage,
} from './catalog-text.ts';

const en = enFile.catalog;
const files = { en: enFile.catalog, fa: faFile.catalog, ar: arFile.catalog, tr: trFile.catalog } as const;
const trees = { en: enFile, fa: faFile, ar: arFile, tr: trFile } as const;
const LANGUAGES = ['en', 'fa', 'ar', 'tr'] as const;
const i18n = i18next.createInstance();
const t = () => i18n.t;

beforeAll(async () => {
  await i18n.init({
    resources: Object.fromEntries(LANGUAGES.map((l) => [l, { translation: trees[l] }])),
    lng: 'en',
    fallbackLng: 'en',
    interpolation: { escapeValue: false },
  });
});

const catalogueKeys = [...new Set(profiles.flatMap((p) => p.keys.map((k) => k.key)))].sort();

describe('catalogKeyName', () => {
  it('names numbered families with the number in the language’s digits', () => {
    expect(catalogKeyName('relay_3', t(), 'en')).toBe('Output 3');
    expect(catalogKeyName('relay_1', t(), 'fa')).toBe('خروجی ۱');
    expect(catalogKeyName('relay_2', t(), 'ar')).toBe(`المخرج ${formatNumber(2, 'ar', 0)}`);
    expect(catalogKeyName('relay_memory_mode_3', t(), 'en')).toBe('Output 3 after power loss');
    expect(catalogKeyName('relay_memory_mode_3', t(), 'fa')).toBe('وضعیت خروجی ۳ پس از قطع برق');
    expect(catalogKeyName('key_three_status', t(), 'en')).toBe('Button 3 press');
    expect(catalogKeyName('curtain_name2', t(), 'tr')).toBe('Perde 2 adı');
    expect(catalogKeyName('flame4', t(), 'en')).toBe('Burner 4 flame level');
  });

  it('keeps a boiler fault’s code as the boiler shows it', () => {
    expect(catalogKeyName('b_e12', t(), 'en')).toBe('Boiler fault E12');
    expect(catalogKeyName('b_e12', t(), 'fa')).toBe('خطای پکیج E12');
  });

  it('names a single key by its own entry', () => {
    expect(catalogKeyName('over_voltage_limit', t(), 'en')).toBe('Over-voltage limit');
    expect(catalogKeyName('over_voltage_limit', t(), 'tr')).toBe('Aşırı gerilim sınırı');
    expect(catalogKeyName('setpoint_2', t(), 'en')).toBe('Second oven set temperature');
  });

  it('puts a key the catalogue does not know into words', () => {
    expect(catalogKeyName('mystery_flux_level', t(), 'en')).toBe('mystery flux level');
    expect(catalogKeyName('mystery_flux_level', t(), 'fa')).toBe('mystery flux level');
    expect(paramMessage('mystery_flux_level', 'en', () => false)).toBeUndefined();
  });

  it.each(LANGUAGES)('names every key of every catalogue model in %s, with no fallback', (lang) => {
    const params: Record<string, string> = files[lang].params;
    const has = (id: string) => typeof params[id] === 'string' && params[id] !== '';
    const unnamed = catalogueKeys.filter((key) => {
      const message = paramMessage(key, lang, has);
      return !message || !has(message.id);
    });
    expect(unnamed).toEqual([]);
    for (const key of catalogueKeys) {
      const title = catalogKeyName(key, t(), lang);
      expect(title).not.toBe(humanise(key));
      expect(title).not.toMatch(/\{\{|\}\}/);
      if (lang === 'fa' || lang === 'ar') expect(title).toMatch(/[\u0600-\u06FF]/);
    }
  });

  it('has no entry that no catalogue key uses', () => {
    const used = new Set(catalogueKeys.map((key) => paramMessage(key, 'en', (id) => id in en.params)?.id));
    expect(Object.keys(en.params).filter((id) => !used.has(id))).toEqual([]);
  });

  it.each(LANGUAGES)('gives every parameter of one model a different name in %s', (lang) => {
    const clashes = profiles.flatMap((p) => {
      const seen = new Map<string, string>();
      return p.keys.flatMap((k) => {
        const title = catalogKeyName(k.key, t(), lang);
        const other = seen.get(title);
        seen.set(title, k.key);
        return other ? [`${p.id}: ${other} and ${k.key} both read "${title}"`] : [];
      });
    });
    expect(clashes).toEqual([]);
  });
});

type Tree = { [id: string]: string | Tree };
/** Every leaf id of a tree, `options.fan_speed.2` style. */
const ids = (tree: Tree, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([id, v]) =>
    typeof v === 'string' ? [`${prefix}${id}`] : ids(v, `${prefix}${id}.`),
  );
const textAt = (tree: Tree, id: string): unknown =>
  id.split('.').reduce<unknown>((node, part) => (node as Tree | undefined)?.[part], tree);

describe('the catalog texts (one sweep over the catalogue and the four languages)', () => {
  it('has a skeleton that is not behind the catalogue (npm run catalog-skeleton -w apps/web)', () => {
    expect(catalogSkeleton(profiles)).toEqual(skeleton);
  });

  it.each(LANGUAGES)('%s names every id of the skeleton, and no other', (lang) => {
    const wanted = ids(skeleton.catalog as Tree).filter((id) => !id.startsWith('singleParams.'));
    const tree = files[lang] as unknown as Tree;
    const unnamed = wanted.filter((id) => {
      const text = textAt(tree, id);
      return typeof text !== 'string' || text.trim() === '';
    });
    expect(unnamed).toEqual([]);
    const known = new Set(wanted);
    const parts = ['params', 'keys', 'groups', 'options'];
    const extra = ids(tree).filter((id) => parts.includes(id.split('.')[0] ?? '') && !known.has(id));
    expect(extra).toEqual([]);
  });

  it("puts an unknown name into words and finds a select's option base", () => {
    expect(humanize('water_temperature_setpoint')).toBe('Water temperature setpoint');
    expect(humanize('relay_3')).toBe('Relay 3');
    expect(optionBase('relay_memory_mode_3')).toBe('relay_memory_mode');
    expect(optionBase('channel_action_mode_6')).toBe('channel_action_mode');
    expect(optionBase('fan_speed')).toBe('fan_speed');
    expect(optionBase('key_two_status')).toBe('key_status');
    expect(optionBase('cooking_mode_2')).toBe('cooking_mode');
  });
});

describe('catalogOptionName: an enum value by its name, never a bare number', () => {
  it('names a value in each language, with the language’s digits inside a name', () => {
    expect(catalogOptionName('air_conditioner', 'mode', 0, t(), 'en')).toBe('Cool');
    expect(catalogOptionName('air_conditioner', 'mode', 4, t(), 'fa')).toBe('خودکار');
    expect(catalogOptionName('fan_coil', 'speed', 3, t(), 'fa')).toBe('سرعت ۳');
    expect(catalogOptionName('fan', 'speed', 2, t(), 'ar')).toBe(`السرعة ${formatNumber(2, 'ar', 0)}`);
    expect(catalogOptionName('washing_machine', 'spin', 1200, t(), 'fa')).toBe('۱٬۲۰۰ دور در دقیقه');
    expect(catalogOptionName('washing_machine', 'spin', 800, t(), 'tr')).toBe('800 dev/dk');
    expect(catalogOptionName('relay', 'relay_memory_mode_4', 2, t(), 'en')).toBe('As before');
  });

  it('takes the family’s own names where a key means something else there', () => {
    expect(catalogOptionName('washing_machine', 'phase', 1, t(), 'en')).toBe('Washing');
    expect(catalogOptionName('dishwasher', 'phase', 1, t(), 'en')).toBe('Pre-wash');
    expect(catalogOptionName('boiler', 'system_mode', 2, t(), 'en')).toBe('Summer (hot water only)');
    expect(catalogOptionName('water_heater', 'system_mode', 2, t(), 'en')).toBe('Eco');
    // Without the family such a key has no one meaning: its number, in the language's digits.
    expect(catalogOptionName(undefined, 'phase', 3, t(), 'fa')).toBe('۳');
  });

  it('finds the family from the key’s declaration (automations and timers know only the key)', () => {
    const washer = profiles.find((p) => p.family === 'washing_machine');
    const dish = profiles.find((p) => p.family === 'dishwasher');
    const ac = getProfile('air-conditioner-9000');
    expect(enumValueText(washer && keyOf(washer, 'programnumber'), 1, t(), 'en')).toBe('Cotton');
    expect(enumValueText(dish && keyOf(dish, 'programnumber'), 1, t(), 'en')).toBe('Auto');
    expect(enumValueText(ac && keyOf(ac, 'mode'), '1', t(), 'tr')).toBe('Isıtma');
    expect(enumValueText(ac && keyOf(ac, 'temperature_setpoint'), 24, t(), 'en')).toBeUndefined();
  });
});
