import { profiles } from '@hestia/catalog';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import ar from '../locales/keys/ar.json';
import en from '../locales/keys/en.json';
import fa from '../locales/keys/fa.json';
import tr from '../locales/keys/tr.json';
import { formatNumber } from './format.ts';
import { humanise, paramMessage, paramTitle } from './key-title.ts';

const files = { en, fa, ar, tr } as const;
const LANGUAGES = ['en', 'fa', 'ar', 'tr'] as const;
const i18n = i18next.createInstance();
const t = () => i18n.t;

beforeAll(async () => {
  await i18n.init({
    resources: Object.fromEntries(LANGUAGES.map((l) => [l, { translation: files[l] }])),
    lng: 'en',
    fallbackLng: 'en',
    interpolation: { escapeValue: false },
  });
});

const catalogueKeys = [...new Set(profiles.flatMap((p) => p.keys.map((k) => k.key)))].sort();

describe('paramTitle', () => {
  it('names numbered families with the number in the language’s digits', () => {
    expect(paramTitle('relay_3', t(), 'en')).toBe('Output 3');
    expect(paramTitle('relay_1', t(), 'fa')).toBe('خروجی ۱');
    expect(paramTitle('relay_2', t(), 'ar')).toBe(`المخرج ${formatNumber(2, 'ar', 0)}`);
    expect(paramTitle('relay_memory_mode_3', t(), 'en')).toBe('Output 3 after power loss');
    expect(paramTitle('relay_memory_mode_3', t(), 'fa')).toBe('وضعیت خروجی ۳ پس از قطع برق');
    expect(paramTitle('key_three_status', t(), 'en')).toBe('Button 3 press');
    expect(paramTitle('curtain_name2', t(), 'tr')).toBe('Perde 2 adı');
    expect(paramTitle('flame4', t(), 'en')).toBe('Burner 4 flame level');
  });

  it('keeps a boiler fault’s code as the boiler shows it', () => {
    expect(paramTitle('b_e12', t(), 'en')).toBe('Boiler fault E12');
    expect(paramTitle('b_e12', t(), 'fa')).toBe('خطای پکیج E12');
  });

  it('names a single key by its own entry', () => {
    expect(paramTitle('over_voltage_limit', t(), 'en')).toBe('Over-voltage limit');
    expect(paramTitle('over_voltage_limit', t(), 'tr')).toBe('Aşırı gerilim sınırı');
    expect(paramTitle('setpoint_2', t(), 'en')).toBe('Second oven set temperature');
  });

  it('puts a key the catalogue does not know into words', () => {
    expect(paramTitle('mystery_flux_level', t(), 'en')).toBe('mystery flux level');
    expect(paramTitle('mystery_flux_level', t(), 'fa')).toBe('mystery flux level');
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
      const title = paramTitle(key, t(), lang);
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
        const title = paramTitle(k.key, t(), lang);
        const other = seen.get(title);
        seen.set(title, k.key);
        return other ? [`${p.id}: ${other} and ${k.key} both read "${title}"`] : [];
      });
    });
    expect(clashes).toEqual([]);
  });
});
