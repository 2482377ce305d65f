import { describe, expect, it } from 'vitest';
import { parameterMap, validActions } from './parameters.ts';
import { families, profiles } from './profiles.ts';
import { createSimDevice } from './simulate.ts';
import { uiFields } from './ui.ts';

/**
 * Golden tests, one per family: the first model's parameters, actions, UI fields, rules, limits and a
 * simulator round trip, compared with the stored snapshot. A change to a family shows here.
 */
describe('golden per family', () => {
  for (const family of families) {
    it(family, () => {
      const p = profiles.find((m) => m.family === family);
      if (!p) throw new Error(family);
      const sim = createSimDevice(
        p,
        () => 0.5,
        () => Date.UTC(2025, 0, 1),
      );
      const params = parameterMap(p);
      expect({
        id: p.id,
        route: p.route,
        parameters: Object.values(params).map((x) => `${x.key}:${x.dataTypeName}:${x.type}@${x.address}`),
        actions: validActions(p).map((a) => `${a.actionKey ?? '-'}=${a.id}`),
        ui: uiFields(p).map((f) => `${f.key}:${f.control}`),
        // Key/Value pairs a write may carry (the count the deleted JSON write schema listed).
        schemaItems: p.keys.filter((k) => k.access !== 'r').length,
        rules: p.rules.map((r) => `${r.id}→${r.error}`),
        limits: p.limits.map((l) => `${l.id}→${l.error}`),
        errors: p.errors.length,
        snapshot: sim.snapshot(),
        afterAnHour: sim.tick(3_600_000),
      }).toMatchSnapshot();
    });
  }
});
