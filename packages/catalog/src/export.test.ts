import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { catalogDocument, catalogJson, devicesMarkdown } from './export.ts';

const read = (rel: string) => readFileSync(new URL(rel, import.meta.url), 'utf8');
const regenerate = 'run `npm run catalog`';

describe('generated catalogue files', () => {
  it(`catalog.json is up to date (else ${regenerate})`, () => {
    // Compared as data: the file is formatted by Biome after it is written.
    expect(JSON.parse(read('../catalog.json')), regenerate).toEqual(JSON.parse(catalogJson()));
  });

  it(`docs/devices.md is up to date (else ${regenerate})`, () => {
    expect(read('../../../docs/devices.md') === devicesMarkdown(), regenerate).toBe(true);
  });

  it('lists every family with its models, and keys without simulator internals', () => {
    const doc = catalogDocument();
    expect(doc.families.length).toBe(doc.counts.families);
    expect(doc.families.flatMap((f) => f.models)).toHaveLength(doc.models.length);
    expect(JSON.parse(catalogJson()).models[0].keys[0]).not.toHaveProperty('sim');
  });
});
