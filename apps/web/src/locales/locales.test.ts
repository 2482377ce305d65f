import { errorCatalog } from '@hestia/contract/light';
import { describe, expect, it } from 'vitest';
import { mergeTranslations } from '../i18n/merge.ts';
import en from './en.json';

type Tree = { [key: string]: string | Tree };

/** Every locale file: `./en.json` is the base namespace, `./home/en.json` the home feature's, and so on. */
const files = import.meta.glob<Tree>('./**/*.json', { eager: true, import: 'default' });
const LANGUAGES = ['en', 'fa', 'ar', 'tr'] as const;
const namespaces = [
  ...new Set(Object.keys(files).map((p) => p.replace(/^\.\//, '').replace(/(^|\/)[a-z]+\.json$/, ''))),
].sort();
const file = (ns: string, lang: string): Tree => {
  const tree = files[`./${ns ? `${ns}/` : ''}${lang}.json`];
  if (!tree) throw new Error(`missing locales/${ns ? `${ns}/` : ''}${lang}.json`);
  return tree;
};

/** Keys without their plural suffix, so Arabic's six plural forms match English's two. */
function keysOf(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string'
      ? [`${prefix}${key.replace(/_(zero|one|two|few|many|other)$/, '')}`]
      : keysOf(value, `${prefix}${key}.`),
  );
}
const unique = (tree: Tree) => [...new Set(keysOf(tree))].sort();
/** Words of text in a message, placeholders and symbols aside. */
const words = (v: string) =>
  v
    .replace(/\{\{[^}]*\}\}/g, ' ')
    .split(/\s+/)
    .filter((w) => /\p{L}/u.test(w)).length;
const leaves = (tree: Tree): [string, string][] =>
  Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [[key, value] as [string, string]] : leaves(value),
  );

describe.each(namespaces.map((ns) => [ns || '(base)', ns]))('locales %s', (_, ns) => {
  it.each(LANGUAGES.filter((l) => l !== 'en'))('%s has exactly the keys of en', (lang) => {
    expect(unique(file(ns, lang))).toEqual(unique(file(ns, 'en')));
  });

  it.each(['fa', 'ar'])('%s is written in its own script, not an English copy', (lang) => {
    const texts = leaves(file(ns, lang)).map(([, v]) => v.replace(/\{\{[^}]*\}\}/g, ''));
    const latinOnly = texts.filter((v) => /[A-Za-z]{3}/.test(v) && !/[\u0600-\u06FF]/.test(v));
    // Brand names and units may stay Latin; whole sentences may not.
    expect(latinOnly.filter((v) => words(v) > 2)).toEqual([]);
  });

  it('tr is translated, not an English copy', () => {
    const english = new Map(leaves(file(ns, 'en')));
    const tr = leaves(file(ns, 'tr'));
    const same = tr.filter(([k, v]) => words(v) > 2 && english.get(k) === v);
    expect(same).toEqual([]);
  });
});

describe('merged translation namespace', () => {
  it('keeps the base keys when features merge in', () => {
    const home = file('home', 'en');
    const merged = mergeTranslations(en, home) as typeof en & { home: { share: { title: string } } };
    expect(merged.errors.BAD_CREDENTIALS).toBe(en.errors.BAD_CREDENTIALS);
    expect(merged.devices.title).toBe(en.devices.title);
    expect(merged.home.share.title).toBe('Share device');
  });
});

describe('error texts', () => {
  it('translate every error code of the contract, in every language', () => {
    for (const lang of LANGUAGES) {
      const errors = file('', lang).errors as Tree;
      const missing = Object.keys(errorCatalog).filter((code) => typeof errors[code] !== 'string');
      expect([lang, missing]).toEqual([lang, []]);
    }
    expect((file('', 'en').errors as Tree).CONFIG_DISABLED).toBe(errorCatalog.CONFIG_DISABLED.message);
  });
});
