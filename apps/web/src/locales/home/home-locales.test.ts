import { describe, expect, it } from 'vitest';
import { mergeTranslations } from '../../i18n/merge.ts';
import en from '../en.json';
import ar from './ar.json';
import homeEn from './en.json';
import fa from './fa.json';
import tr from './tr.json';

type Tree = { [key: string]: string | Tree };

function keysOf(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string'
      ? [`${prefix}${key.replace(/_(zero|one|two|few|many|other)$/, '')}`]
      : keysOf(value, `${prefix}${key}.`),
  );
}
const unique = (tree: Tree) => [...new Set(keysOf(tree))].sort();

describe('home locales', () => {
  it.each([
    ['fa', fa],
    ['ar', ar],
    ['tr', tr],
  ])('%s has exactly the keys of en', (_, locale) => {
    expect(unique(locale)).toEqual(unique(homeEn));
  });

  it.each([
    ['fa', fa],
    ['ar', ar],
  ])('%s is translated', (_, locale) => {
    expect(/[\u0600-\u06FF]/.test(locale.home.share.title)).toBe(true);
    expect(locale.home.bulk.delete).not.toBe(homeEn.home.bulk.delete);
  });

  it('merges into the translation namespace without losing the base keys', () => {
    const merged = mergeTranslations(en, homeEn);
    expect(merged.errors.BAD_CREDENTIALS).toBe(en.errors.BAD_CREDENTIALS);
    expect(merged.errors.SHARING_NOT_ALLOWED).toBe('Sharing is not allowed.');
    expect(merged.devices.title).toBe(en.devices.title);
    expect(merged.home.share.title).toBe('Share device');
  });
});
