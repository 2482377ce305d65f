import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { bundleOf } from '../i18n/merge.ts';
import { isIndex, localeFiles } from './vite-plugins.ts';

const locales = fileURLToPath(new URL('../locales', import.meta.url));

describe('prebuilt locales', () => {
  it.each([
    ['en', () => import('../i18n/lang/en.ts')],
    ['fa', () => import('../i18n/lang/fa.ts')],
    ['ar', () => import('../i18n/lang/ar.ts')],
    ['tr', () => import('../i18n/lang/tr.ts')],
  ])('the build merges the same %s texts as the app does at run time', async (language, load) => {
    const files = localeFiles(locales, language);
    expect(Object.keys(files).length).toBeGreaterThan(5);
    // Same files in the same order (merge order decides which text wins), then the same result.
    const runtime = import.meta.glob<object>('../locales/**/*.json', { eager: true, import: 'default' });
    const ours = Object.keys(runtime)
      .filter((path) => path.endsWith(`/${language}.json`))
      .map((path) => `../${path}`);
    expect(Object.keys(files).sort()).toEqual(ours.sort());
    expect(JSON.stringify(bundleOf(files))).toBe(JSON.stringify((await load()).default));
  });
});

describe('isIndex: a module that only re-exports', () => {
  it('is an index when every statement is a re-export', () => {
    expect(isIndex('// a note\nexport * from \'./a.ts\';\nexport * from "./b.ts";\n')).toBe(true);
    expect(isIndex("/** doc */\nexport { a, b as c } from './a.ts';")).toBe(true);
  });
  it('is not an index with code of its own, or without code', () => {
    expect(isIndex("export * from './a.ts';\nexport const x = 1;")).toBe(false);
    expect(isIndex("import { a } from './a.ts';\nexport { a };")).toBe(false);
    expect(isIndex('')).toBe(false);
    expect(isIndex(null)).toBe(false);
  });
});
