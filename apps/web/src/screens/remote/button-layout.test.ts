import { CATALOGUE_REMOTES } from '@hestia/ir';
import { describe, expect, it } from 'vitest';
import { layoutOf, STANDARD_BUTTONS } from './button-layout.ts';

const placed = (names: string[]) => {
  const l = layoutOf(names);
  return [
    ...l.power,
    ...l.top,
    ...(l.digits ?? []).flatMap((d) => d ?? []),
    ...l.rockers.flatMap((r) => [r.up, r.down].flatMap((n) => n ?? [])),
    ...(l.nav ? Object.values(l.nav).flatMap((n) => n ?? []) : []),
    ...l.navKeys,
    ...l.media,
    ...l.extras,
  ];
};

describe('the drawn remote', () => {
  it.each(CATALOGUE_REMOTES.filter((r) => r.kind === 'buttons').map((r) => [r.name, r]))(
    '%s: every button is drawn exactly once',
    (_, remote) => {
      const names = remote.buttons.map((b) => b.name);
      expect(placed(names).sort()).toEqual([...names].sort());
    },
  );

  it('puts a TV remote’s keys where a real one has them', () => {
    const lg = CATALOGUE_REMOTES.find((r) => r.name === 'LG TV');
    const l = layoutOf(lg?.buttons.map((b) => b.name) ?? []);
    expect(l.power).toEqual(['power']);
    expect(l.digits).toEqual([
      'digit_1',
      'digit_2',
      'digit_3',
      'digit_4',
      'digit_5',
      'digit_6',
      'digit_7',
      'digit_8',
      'digit_9',
      undefined,
      'digit_0',
      undefined,
    ]);
    expect(l.rockers.map((r) => [r.kind, r.up, r.down])).toEqual([
      ['vol', 'vol_up', 'vol_down'],
      ['ch', 'ch_up', 'ch_down'],
    ]);
    expect(l.nav).toEqual({ up: 'up', down: 'down', left: 'left', right: 'right', ok: 'ok' });
    expect(l.navKeys).toEqual(['menu', 'exit']);
    expect(l.extras).toEqual([]);
  });

  it('keeps an unknown or learned name as an extra key, and a name given twice once', () => {
    const l = layoutOf(['power', 'Turbo', 'power', 'vol_up']);
    expect(l.extras).toEqual(['Turbo']);
    expect(l.rockers).toEqual([{ kind: 'vol', up: 'vol_up', down: undefined }]);
    expect(l.digits).toBeNull();
    expect(l.nav).toBeNull();
  });

  it('draws every standard name a learned button may take somewhere other than extras', () => {
    expect(layoutOf([...STANDARD_BUTTONS]).extras).toEqual(['swing', 'timer']);
  });
});
