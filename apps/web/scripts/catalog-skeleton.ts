/**
 * Writes src/i18n/catalog-skeleton.json: the ids of the `catalog` texts (locales/catalog) that the
 * device catalogue asks for, with empty texts. Run it after a catalogue change
 * (`npm run catalog-skeleton -w apps/web`); the sweep test
 * (src/i18n/catalog-text.test.ts) fails while the skeleton is behind the catalogue, and while a
 * language lacks an id of it or keeps one it no longer has.
 */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { profiles } from '@hestia/catalog';
import { catalogSkeleton } from '../src/i18n/catalog-ids.ts';

const out = resolve(import.meta.dirname, '../src/i18n/catalog-skeleton.json');
writeFileSync(out, `${JSON.stringify(catalogSkeleton(profiles), null, 2)}\n`);
console.log(`wrote ${out}`);
