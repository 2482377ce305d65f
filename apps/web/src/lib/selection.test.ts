import { describe, expect, it } from 'vitest';
import { bulkPlan, pruneSelection, toggleId } from './selection.ts';

const d = (id: string, access: 'owner' | 'control' | 'view', isFavourite = false) => ({
  id,
  access,
  isFavourite,
});

describe('selection', () => {
  it('toggles an id in and out, in a new set', () => {
    const a = new Set<string>();
    const b = toggleId(a, 'x');
    expect([...b]).toEqual(['x']);
    expect(a.size).toBe(0);
    expect(toggleId(b, 'x').size).toBe(0);
  });

  it('drops ids that left the list, and keeps the same set when none did', () => {
    const s = new Set(['a', 'b']);
    expect(pruneSelection(s, ['a', 'b', 'c'])).toBe(s);
    expect([...pruneSelection(s, ['b'])]).toEqual(['b']);
  });

  it('plans bulk actions: owned devices move and are deleted, shared ones are only left', () => {
    const devices = [d('a', 'owner', true), d('b', 'control'), d('c', 'view', true), d('z', 'owner')];
    const plan = bulkPlan(devices, new Set(['a', 'b', 'c']));
    expect(plan).toEqual({ ids: ['a', 'b', 'c'], owned: ['a'], shared: ['b', 'c'], favourite: true });
  });

  it('unfavourites when every selected device is a favourite, and reads live access first', () => {
    const devices = [d('a', 'owner', true), d('c', 'control', true)];
    expect(bulkPlan(devices, new Set(['a', 'c'])).favourite).toBe(false);
    expect(bulkPlan(devices, new Set(['a']), { a: 'view' }).owned).toEqual([]);
  });
});
