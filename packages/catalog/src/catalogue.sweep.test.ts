import { describe, expect, it } from 'vitest';
import { errorCatalogue, getError, languages } from './errors/index.ts';
import { deviceParameters, validActions } from './parameters.ts';
import { families, profiles } from './profiles.ts';
import { conditionKeys } from './rules.ts';
import { createSimDevice } from './simulate.ts';
import { uiFields, writeSchema } from './ui.ts';

/** The catalogue-wide sweep of issue 3, beside the per-key sweep in profiles.test.ts. */
describe('catalogue sweep: families, errors, rules', () => {
  it('covers at least 30 families and about 250 models', () => {
    expect(families.length).toBeGreaterThanOrEqual(30);
    expect(profiles.length).toBeGreaterThanOrEqual(240);
  });

  it('has unique error codes, each with a non-empty message in en, fa, ar and tr', () => {
    const codes = errorCatalogue.map((e) => e.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const e of errorCatalogue) {
      for (const lang of languages) expect(e.messages[lang]?.trim(), `${e.code} ${lang}`).toBeTruthy();
      // A translation that is the English text again is not a translation.
      expect(e.messages.fa, e.code).not.toBe(e.messages.en);
      expect(e.messages.ar, e.code).not.toBe(e.messages.en);
      expect(e.messages.tr, e.code).not.toBe(e.messages.en);
    }
  });

  for (const p of profiles) {
    it(`${p.id}: rules, limits and errors refer to what the model declares, and everything derives`, () => {
      const keys = new Set(p.keys.map((k) => k.key));
      for (const r of p.rules) {
        for (const k of conditionKeys(r.when)) expect(keys.has(k), `${r.id} reads ${k}`).toBe(true);
        for (const f of r.forbid) {
          const key = typeof f === 'string' ? f : f.key;
          expect(p.keys.find((d) => d.key === key)?.access, `${r.id} forbids ${key}`).not.toBe('r');
        }
        expect(getError(r.error)?.kind, r.error).toBe('refusal');
      }
      for (const l of p.limits) {
        for (const k of [...l.keys, ...(l.when ? conditionKeys(l.when) : [])])
          expect(keys.has(k), `${l.id} ${k}`).toBe(true);
        expect(getError(l.error)?.kind, l.error).toBe('refusal');
      }
      for (const code of p.errors) expect(getError(code), code).toBeDefined();
      if (p.errors.some((c) => getError(c)?.kind === 'fault')) expect(keys.has('error_code')).toBe(true);
      expect(p.route.name).toBeTruthy();
      expect(p.firmware.latest).toBe(p.family === 'ir_remote' ? 10 : 6);
      for (const k of p.keys) {
        if (k.sim?.type === 'flag')
          for (const c of conditionKeys(k.sim.when)) expect(keys.has(c), `${k.key} ${c}`).toBe(true);
      }
      expect(() => writeSchema(p)).not.toThrow();
      expect(uiFields(p)).toHaveLength(p.keys.length);
      expect(deviceParameters(p)).toHaveLength(p.keys.length);
      expect(validActions(p).length).toBe(p.keys.filter((k) => k.access !== 'r').length);
      const sim = createSimDevice(
        p,
        () => 0.5,
        () => 0,
      );
      expect(() => sim.snapshot()).not.toThrow();
      expect(() => sim.tick(3_600_000)).not.toThrow();
    });
  }
});
