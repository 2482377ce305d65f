import { describe, expect, it } from 'vitest';
import { CATALOGUE_REMOTES, CATEGORY_BRANDS, REMOTE_BRANDS, REMOTE_CATEGORIES } from './catalogue.ts';
import { codeProblem, decode, encode } from './protocols.ts';

describe('remote catalogue', () => {
  it('every button is a code its protocol carries, and its timings decode back to it', () => {
    for (const r of CATALOGUE_REMOTES)
      for (const b of r.buttons) {
        expect(codeProblem(b.code), `${r.name} ${b.name}`).toBeNull();
        expect(decode(encode(b.code))).toEqual(b.code);
      }
  });

  it('ids are unique, every remote names a known brand and category, button names are unique per remote', () => {
    expect(new Set(CATALOGUE_REMOTES.map((r) => r.id)).size).toBe(CATALOGUE_REMOTES.length);
    for (const r of CATALOGUE_REMOTES) {
      expect(REMOTE_BRANDS.some((b) => b.id === r.brandId)).toBe(true);
      expect(REMOTE_CATEGORIES.some((c) => c.id === r.categoryId)).toBe(true);
      expect(new Set(r.buttons.map((b) => b.name)).size).toBe(r.buttons.length);
      if (r.kind === 'state') expect(r.stateDevice).toBeTypeOf('number');
      else expect(r.buttons.some((b) => b.name.startsWith('power'))).toBe(true);
    }
  });

  it('covers the six categories, each with a brand; every brand says where its numbers come from', () => {
    expect(REMOTE_CATEGORIES.map((c) => c.key).sort()).toEqual(
      ['air_conditioner', 'audio', 'fan', 'projector', 'set_top_box', 'tv'].sort(),
    );
    for (const c of REMOTE_CATEGORIES)
      expect(CATEGORY_BRANDS.some((cb) => cb.categoryId === c.id)).toBe(true);
    for (const b of REMOTE_BRANDS) expect(b.source.length).toBeGreaterThan(20);
  });
});
