import { describe, expect, it } from 'vitest';
import { profiles } from './profiles.ts';

/** The sweep: every model of the catalogue obeys the same rules. */
describe('catalogue sweep', () => {
  it('has unique profile ids', () => {
    const ids = profiles.map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  for (const p of profiles) {
    describe(p.id, () => {
      it('has unique keys spelled as telemetry keys', () => {
        const keys = p.keys.map((k) => k.key);
        expect(new Set(keys).size).toBe(keys.length);
        for (const k of keys) expect(k).toMatch(/^[A-Za-z][A-Za-z0-9_]*$/);
      });
      it('gives every writable number a range and every writable key a group', () => {
        for (const k of p.keys.filter((k) => k.access !== 'r')) {
          if (k.kind === 'number') expect(k.min !== undefined && k.max !== undefined, k.key).toBe(true);
          if (k.kind === 'enum') expect(k.values?.length, k.key).toBeGreaterThan(0);
          expect(k.group, k.key).toBeTruthy();
        }
      });
      it('toggles only writable boolean keys it declares', () => {
        for (const key of p.toggleKeys) {
          const def = p.keys.find((k) => k.key === key);
          expect(def?.kind, key).toBe('boolean');
          expect(def?.access, key).toBe('rw');
        }
        if (p.features.includes('quick_toggle')) expect(p.toggleKeys.length).toBeGreaterThan(0);
      });
    });
  }
});
