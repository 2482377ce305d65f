import { describe, expect, it } from 'vitest';
import ar from './ar.json';
import en from './en.json';
import fa from './fa.json';
import tr from './tr.json';

type Tree = { [key: string]: string | Tree };

function keysOf(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keysOf(value, `${prefix}${key}.`),
  );
}

describe('chart and report translations', () => {
  it.each([
    ['fa', fa],
    ['ar', ar],
    ['tr', tr],
  ])('%s has exactly the keys of en, and translates them', (_, locale) => {
    expect(keysOf(locale).sort()).toEqual(keysOf(en).sort());
    expect(locale.charts.report.generate).not.toBe(en.charts.report.generate);
  });
});
