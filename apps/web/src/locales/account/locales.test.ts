import { describe, expect, it } from 'vitest';
import ar from './ar.json';
import en from './en.json';
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

describe('account locales', () => {
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
    ['tr', tr],
  ])('%s is translated, with the spec messages of section 8', (_, locale) => {
    expect(locale.account.validation.newPasswordSame).not.toBe(en.account.validation.newPasswordSame);
    expect(locale.account.validation.mobileInvalid).not.toBe(en.account.validation.mobileInvalid);
    expect(locale.account.security.title).not.toBe(en.account.security.title);
  });
});
