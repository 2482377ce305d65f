import { describe, expect, it } from 'vitest';
import ar from './ar.json';
import en from './en.json';
import fa from './fa.json';
import tr from './tr.json';

type Tree = { [key: string]: string | Tree };

/** Keys without their plural suffix, so Arabic's six plural forms match English's two. */
function keysOf(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string'
      ? [`${prefix}${key.replace(/_(zero|one|two|few|many|other)$/, '')}`]
      : keysOf(value, `${prefix}${key}.`),
  );
}
const unique = (tree: Tree) => [...new Set(keysOf(tree))].sort();

describe('locales', () => {
  it.each([
    ['fa', fa],
    ['ar', ar],
    ['tr', tr],
  ])('%s has exactly the keys of en', (_, locale) => {
    expect(unique(locale)).toEqual(unique(en));
  });

  it.each([
    ['fa', fa],
    ['ar', ar],
  ])('%s is translated, not an English copy', (_, locale) => {
    expect(locale.auth.submit).not.toBe(en.auth.submit);
    expect(locale.errors.BAD_CREDENTIALS).not.toBe(en.errors.BAD_CREDENTIALS);
    expect(/[\u0600-\u06FF]/.test(locale.tabs.dashboard)).toBe(true);
  });
});
