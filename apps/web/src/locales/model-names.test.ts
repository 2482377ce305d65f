import { deviceTypeTitle, familyTitle, profiles } from '@hestia/catalog';
import { describe, expect, it } from 'vitest';
import ar from './device/ar.json';
import en from './device/en.json';
import fa from './device/fa.json';
import tr from './device/tr.json';

type Tree = { [key: string]: string | Tree };
const at = (tree: Tree, path: string): unknown =>
  path.split('.').reduce<unknown>((node, part) => (node as Tree | undefined)?.[part], tree);

/** Device information names a model and its family in words: every one of the catalogue has them. */
describe('model and family names', () => {
  it.each([
    ['en', en],
    ['fa', fa],
    ['ar', ar],
    ['tr', tr],
  ] as const)('every device type and family of the catalogue has a name in %s', (_, tree) => {
    for (const p of profiles) {
      expect(at(tree as Tree, deviceTypeTitle(p)), p.id).toBeTypeOf('string');
      expect(at(tree as Tree, familyTitle(p.family)), p.family).toBeTypeOf('string');
    }
  });
});
