import { describe, expect, it } from 'vitest';
import { CATALOGUE_REMOTES, CATEGORY_BRANDS, REMOTE_BRANDS, REMOTE_CATEGORIES } from './catalogue.ts';
import { codeProblem, decode, encode } from './protocols.ts';

const brandName = (id: number) => REMOTE_BRANDS.find((b) => b.id === id)?.name;

describe('remote catalogue', () => {
  it('every button is a code its protocol carries, and its timings decode back to it', () => {
    let count = 0;
    for (const r of CATALOGUE_REMOTES)
      for (const b of r.buttons) {
        expect(codeProblem(b.code), `${r.name} ${b.name}`).toBeNull();
        expect(decode(encode(b.code)), `${r.name} ${b.name}`).toEqual(b.code);
        count++;
      }
    expect(count).toBeGreaterThan(400);
  });

  it('keeps the ids users store: the first 25 remotes are still the same brand and model', () => {
    // Users' remotes store these numbers (device_remotes.catalogue_remote_id): a reorder, removal or
    // renumbering of the catalogue files must fail here.
    expect(
      CATALOGUE_REMOTES.slice(0, 25).map((r) => [r.id, brandName(r.brandId), r.model, r.categoryId]),
    ).toEqual([
      [1, 'Sony', 'SIRC-TV', 1],
      [2, 'Sony', 'SIRC-AMP', 5],
      [3, 'Sony', 'SIRC-TUNER', 5],
      [4, 'Sony', 'SIRC-CD', 5],
      [5, 'Philips', 'RC5-TV', 1],
      [6, 'Philips', 'RC6-TV', 1],
      [7, 'Philips', 'RC5-SAT', 3],
      [8, 'Philips', 'RC5-PREAMP', 5],
      [9, 'Philips', 'RC5-TUNER', 5],
      [10, 'Philips', 'RC5-CD', 5],
      [11, 'Samsung', 'S32-TV', 1],
      [12, 'LG', 'NEC-TV', 1],
      [13, 'Panasonic', 'KSK-TV', 1],
      [14, 'Toshiba', 'NEC-TV', 1],
      [15, 'Marantz', 'RC5-AMP', 5],
      [16, 'Marantz', 'RC5-CD', 5],
      [17, 'InFocus', 'IN5148HD', 4],
      [18, 'Sanyo', 'PLC-ZM5000', 4],
      [19, 'Runco', 'D-113d', 4],
      [20, 'Primare', 'I20', 5],
      [21, 'Hestia', 'HST-FAN', 6],
      [22, 'Hestia', 'HST-PROJ', 4],
      [23, 'Hestia', 'HST-STB', 3],
      [24, 'Hestia', 'HST-AC', 2],
      [25, 'KEF', 'LS50W2', 5],
    ]);
    // A sample of the first remotes' codes, so an id cannot quietly point at other numbers.
    const power = (id: number) => CATALOGUE_REMOTES[id - 1]?.buttons.find((b) => b.name === 'power')?.code;
    expect(power(1)).toEqual({ protocol: 'SIRC12', address: 1, command: 21 });
    expect(power(5)).toEqual({ protocol: 'RC5', address: 0, command: 12, toggle: 0 });
    expect(power(12)).toEqual({ protocol: 'NEC', address: 4, command: 8 });
    expect(power(17)).toEqual({ protocol: 'NECext', address: 0x874e, command: 0x17 });
  });

  it('keeps the brand ids and the (category, brand) pair ids the first catalogue had', () => {
    expect(REMOTE_BRANDS.slice(0, 13).map((b) => [b.id, b.name])).toEqual(
      [
        'Sony',
        'Philips',
        'Samsung',
        'LG',
        'Panasonic',
        'Toshiba',
        'Marantz',
        'Hestia',
        'InFocus',
        'Sanyo',
        'Runco',
        'Primare',
        'KEF',
      ].map((name, i) => [i + 1, name]),
    );
    expect(CATEGORY_BRANDS.slice(0, 19).map((cb) => [cb.id, cb.categoryId, cb.brandId])).toEqual([
      [1, 1, 1],
      [2, 5, 1],
      [3, 1, 2],
      [4, 3, 2],
      [5, 5, 2],
      [6, 1, 3],
      [7, 1, 4],
      [8, 1, 5],
      [9, 1, 6],
      [10, 5, 7],
      [11, 4, 9],
      [12, 4, 10],
      [13, 4, 11],
      [14, 5, 12],
      [15, 6, 8],
      [16, 4, 8],
      [17, 3, 8],
      [18, 2, 8],
      [19, 5, 13],
    ]);
  });

  it('ids run 1..n without a gap or a repeat; brands, categories and button names are sound', () => {
    expect(CATALOGUE_REMOTES.map((r) => r.id)).toEqual(CATALOGUE_REMOTES.map((_, i) => i + 1));
    expect(new Set(REMOTE_BRANDS.map((b) => b.id)).size).toBe(REMOTE_BRANDS.length);
    for (const r of CATALOGUE_REMOTES) {
      expect(REMOTE_BRANDS.some((b) => b.id === r.brandId)).toBe(true);
      expect(REMOTE_CATEGORIES.some((c) => c.id === r.categoryId)).toBe(true);
      expect(new Set(r.buttons.map((b) => b.name)).size).toBe(r.buttons.length);
      for (const b of r.buttons) expect(b.name).toMatch(/^[a-z0-9_]+$/);
      if (r.kind === 'state') expect(r.stateDevice).toBeTypeOf('number');
      else
        expect(
          r.buttons.some((b) => b.name.startsWith('power')),
          r.name,
        ).toBe(true);
    }
    // Every brand has a remote, and no two remotes of a brand share a model and a name.
    for (const b of REMOTE_BRANDS)
      expect(
        CATALOGUE_REMOTES.some((r) => r.brandId === b.id),
        b.name,
      ).toBe(true);
    expect(new Set(CATALOGUE_REMOTES.map((r) => `${r.brandId}:${r.name}`)).size).toBe(
      CATALOGUE_REMOTES.length,
    );
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
