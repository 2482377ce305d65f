import { describe, expect, it } from 'vitest';
import { catalogDocument } from './export.ts';
import { OPTION_SETS, optionKeyBase, optionName, optionSetId } from './option-names.ts';

describe('option names', () => {
  it('gives numbered keys their base set', () => {
    expect(optionKeyBase('relay_memory_mode_3')).toBe('relay_memory_mode');
    expect(optionKeyBase('key_five_status')).toBe('key_status');
    expect(optionKeyBase('cooking_mode_2')).toBe('cooking_mode');
    expect(optionSetId('relay', 'relay_memory_mode_6')).toBe('relay_memory_mode');
    expect(optionName('push_button', 'key_two_status', 2)).toBe('Hold');
  });

  it('takes a family’s own set where a key means something else there, with no shared fallback', () => {
    expect(optionName('washing_machine', 'phase', 4)).toBe('Done');
    expect(optionName('dishwasher', 'phase', 4)).toBe('Drying');
    expect(optionName('oven', 'phase', 1)).toBe('Preheating');
    expect(optionName('boiler', 'system_mode', 1)).toBe('Winter (heating and hot water)');
    expect(optionName('water_heater', 'system_mode', 1)).toBe('On');
    // A new family with `phase` gets no borrowed names: the sweep then asks for its own.
    expect(optionSetId('curtain', 'phase')).toBeUndefined();
    expect(optionSetId(undefined, 'mode')).toBeUndefined();
  });

  it('marks each set given or chosen, and names none with an empty text', () => {
    for (const [id, set] of Object.entries(OPTION_SETS)) {
      expect(['given', 'chosen'], id).toContain(set.source);
      for (const name of Object.values(set.names)) expect(name.trim(), id).not.toBe('');
    }
  });

  it('puts { value, name } on every enum key of catalog.json, and on no other key', () => {
    for (const m of catalogDocument().models)
      for (const k of m.keys) {
        if (k.kind !== 'enum') {
          expect(k, `${m.id} ${k.key}`).not.toHaveProperty('options');
          continue;
        }
        const options = (k as { options?: { value: number; name: string }[] }).options ?? [];
        expect(
          options.map((o) => o.value),
          `${m.id} ${k.key}`,
        ).toEqual(k.values);
        for (const o of options) expect(o.name, `${m.id} ${k.key} ${o.value}`).not.toBe(String(o.value));
      }
  });
});
