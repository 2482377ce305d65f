import { readdirSync, readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildWrite, type WritePair } from './command.ts';
import { errorCatalogue, getError, languages } from './errors/index.ts';
import { OPTION_SETS, optionName, optionSetId } from './option-names.ts';
import { deviceParameters, validActions } from './parameters.ts';
import { families, keyOf, profiles } from './profiles.ts';
import { conditionKeys, evaluate } from './rules.ts';
import { createSimDevice, type SimDevice } from './simulate.ts';
import type { KeyDef, ModelProfile } from './types.ts';
import { uiFields } from './ui.ts';

type Tree = { [key: string]: string | Tree };
const isTree = (v: unknown): v is Tree => typeof v === 'object' && v !== null;
const LOCALES = new URL('../../../apps/web/src/locales/', import.meta.url);

function merge(into: Tree, from: Tree): Tree {
  for (const [k, v] of Object.entries(from)) {
    const have = into[k];
    into[k] = isTree(v) && isTree(have) ? merge(have, v) : v;
  }
  return into;
}

/**
 * Every text of one language in the web app: its locale files (`<lang>.json` in locales and its
 * feature folders) merged, as the app merges them.
 */
function textsOf(lang: string): Tree {
  const files = readdirSync(LOCALES, { recursive: true, encoding: 'utf8' }).filter(
    (f) => basename(f) === `${lang}.json`,
  );
  return files.reduce<Tree>(
    (all, f) => merge(all, JSON.parse(readFileSync(new URL(f, LOCALES), 'utf8'))),
    {},
  );
}

const textAt = (tree: Tree, path: string): unknown =>
  path.split('.').reduce<unknown>((node, part) => (isTree(node) ? node[part] : undefined), tree);
/**
 * Whether the texts hold a non-empty message at `path`, at their root or inside one feature's part
 * (`control.keys.power`, `catalog.params.relay_n`): where the web app files a name may move, that it
 * has one may not.
 */
const holds = (texts: Tree, path: string) =>
  [texts, ...Object.values(texts).filter(isTree)].some((scope) => {
    const v = textAt(scope, path);
    return typeof v === 'string' && v.trim() !== '';
  });
const locales = languages.map((lang) => ({ lang, texts: textsOf(lang) }));

/** `relay_3` → `relay_n`, `key_two_status` → `key_status_n`, `curtain_name2` → `curtain_name_n`. */
const numbered = (key: string) => {
  const m = /^(.*?)_?(\d+|one|two|three|four|five|six)(_[a-z_]*)?$/.exec(key);
  return m ? `${m[1]}${m[3] ?? ''}_n` : undefined;
};
/**
 * A key is named when its control panel titles it (its `title`, `keys.<key>`) or the screens that
 * name a parameter alone do (`params.<key>`, or its numbered entry `params.relay_n`).
 */
const named = (texts: Tree, k: KeyDef) =>
  [k.title, `params.${k.key}`, `params.${numbered(k.key) ?? k.key}`].some((path) => holds(texts, path));

/** A value for `def` other than `current`, inside its declared range. */
function otherValue(def: KeyDef, current: unknown): number | string {
  if (def.kind === 'boolean') return Number(current) === 1 ? 0 : 1;
  if (def.kind === 'string') return current === 'Hestia' ? 'Hestia sweep' : 'Hestia';
  if (def.kind === 'enum') return def.values?.find((v) => v !== Number(current)) ?? def.values?.[0] ?? 1;
  const min = def.min ?? 0;
  const max = def.max ?? min + 1;
  return [min + (def.step ?? 1), max, min].find((v) => v <= max && v !== Number(current)) ?? min;
}
const candidates = (d: KeyDef): (number | string)[] =>
  d.kind === 'boolean'
    ? [0, 1]
    : d.kind === 'enum'
      ? [...(d.values ?? [])]
      : d.kind === 'number'
        ? [d.min ?? 0, d.max ?? 0, (d.min ?? 0) + (d.step ?? 1)]
        : [];

/**
 * Writes one or two other keys, as a user would (switch on, stop cooking, set a time first), until
 * the rule or limit that refuses `pairs` no longer does. Found by search, not known per model.
 */
function lift(p: ModelProfile, sim: SimDevice, pairs: WritePair[], depth = 3): void {
  const refusal = evaluate(p, sim.values, pairs);
  if (!refusal || depth === 0) return;
  const reads = [
    ...p.rules.map((r) => [r.id, conditionKeys(r.when)] as const),
    ...p.limits.map((l) => [l.id, [...l.keys, ...(l.when ? conditionKeys(l.when) : [])]] as const),
  ].find(([id]) => id === refusal.by)?.[1];
  const options = (reads ?? []).flatMap((Key) => {
    const d = keyOf(p, Key);
    if (!d || d.access === 'r' || pairs.some((x) => x.Key === Key)) return [];
    return candidates(d).map((Value) => ({ Key, Value }));
  });
  const fixes = [
    ...options.map((o) => [o]),
    ...options.flatMap((a) => options.filter((b) => b.Key > a.Key).map((b) => [a, b])),
  ];
  for (const fix of fixes) {
    const next = new Map(sim.values);
    for (const f of fix) next.set(f.Key, f.Value);
    if (evaluate(p, next, pairs)?.by === refusal.by) continue;
    for (const f of fix) {
      lift(p, sim, [f], depth - 1);
      sim.write([f]);
    }
    lift(p, sim, pairs, depth - 1);
    return;
  }
}

/** The controls the generic renderer offers for writing; `readout` and `indicator` only show. */
const WRITING_CONTROLS = new Set(['toggle', 'slider', 'select', 'text', 'button']);

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

  it('names no option set that no model uses', () => {
    const used = new Set(
      profiles.flatMap((p) =>
        p.keys.filter((k) => k.kind === 'enum').map((k) => optionSetId(p.family, k.key)),
      ),
    );
    expect(Object.keys(OPTION_SETS).filter((id) => !used.has(id as keyof typeof OPTION_SETS))).toEqual([]);
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
      expect(deviceParameters(p).map((x) => x.key)).toEqual(p.keys.map((k) => k.key));
      expect(validActions(p).map((a) => a.id)).toEqual(
        p.keys.filter((k) => k.access !== 'r').map((k) => `${p.id}:${k.key}`),
      );
      const sim = createSimDevice(
        p,
        () => 0.5,
        () => 0,
      );
      expect(() => sim.snapshot()).not.toThrow();
      expect(() => sim.tick(3_600_000)).not.toThrow();
    });

    it(`${p.id}: its family, device type and every key are named in ${languages.join(', ')}`, () => {
      for (const { lang, texts } of locales) {
        expect(holds(texts, `families.${p.family}`), `${lang} families.${p.family}`).toBe(true);
        expect(holds(texts, `deviceTypes.${p.deviceType}`), `${lang} deviceTypes.${p.deviceType}`).toBe(true);
        expect(p.keys.filter((k) => !named(texts, k)).map((k) => `${lang} ${k.key}`)).toEqual([]);
      }
    });

    it(`${p.id}: every value of every enum key is named in the catalogue and in ${languages.join(', ')}`, () => {
      const unnamed: string[] = [];
      for (const k of p.keys.filter((d) => d.kind === 'enum')) {
        const set = optionSetId(p.family, k.key);
        for (const v of k.values ?? []) {
          const en = optionName(p.family, k.key, v);
          if (!set || !en?.trim()) {
            unnamed.push(`catalogue ${k.key}=${v}`);
            continue;
          }
          for (const { lang, texts } of locales) {
            const name = textAt(texts, `catalog.options.${set}.${v}`);
            const ok =
              typeof name === 'string' &&
              name.trim() !== '' &&
              // The app puts a value named with its number (`Speed {{n}}`) in the language's digits.
              (lang === 'en'
                ? name.replace('{{n}}', String(v)) === en
                : lang === 'tr' || /[\u0600-\u06FF]/.test(name));
            if (!ok) unnamed.push(`${lang} ${k.key}=${v} (catalog.options.${set}.${v})`);
          }
        }
      }
      expect(unnamed).toEqual([]);
    });

    it(`${p.id}: every writable key renders a control that writes it`, () => {
      const fields = new Map(uiFields(p).map((f) => [f.key, f]));
      for (const k of p.keys.filter((d) => d.access !== 'r')) {
        const f = fields.get(k.key);
        expect(f?.control, k.key).toSatisfy(
          (c: string | undefined) => c !== undefined && WRITING_CONTROLS.has(c),
        );
        if (f?.control === 'slider') expect([f.min, f.max], k.key).not.toContain(undefined);
        if (f?.control === 'select' || f?.control === 'button')
          expect(f.options?.length, k.key).toBeGreaterThan(0);
      }
    });

    it(`${p.id}: the simulator reports every writable key it is written (write → report)`, () => {
      for (const k of p.keys.filter((d) => d.access !== 'r')) {
        const sim = createSimDevice(
          p,
          () => 0.5,
          () => 0,
        );
        const pairs = [{ Key: k.key, Value: otherValue(k, sim.snapshot()[k.key]) }];
        lift(p, sim, pairs);
        // What the simulator does with an RPC `write` (apps/simulator/src/device.ts): check, then apply.
        const report = sim.write(buildWrite(p, pairs));
        if (k.access === 'rw') {
          expect(report[k.key], `${k.key} reported`).toBe(pairs[0]?.Value);
          expect(sim.snapshot()[k.key], `${k.key} in the state`).toBe(pairs[0]?.Value);
        } else expect(sim.snapshot(), `${k.key} is a request, never reported`).not.toHaveProperty(k.key);
      }
    });
  }
});
