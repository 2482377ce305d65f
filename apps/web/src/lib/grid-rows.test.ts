import type { Device } from '@hestia/contract';
import { describe, expect, it } from 'vitest';
import { layoutRows } from './grid-rows.ts';

const devices = (n: number, prefix: string) =>
  Array.from({ length: n }, (_, i) => ({ id: `${prefix}${i}` }) as Device);

describe('the virtual grid rows', () => {
  it('cuts each section into rows of the column count, after its title', () => {
    const rows = layoutRows(
      [
        { key: 'a', title: 'Kitchen', devices: devices(5, 'a') },
        { key: 'b', title: null, devices: devices(2, 'b') },
      ],
      2,
    );
    expect(rows.map((r) => (r.kind === 'title' ? r.title : r.devices.map((d) => d.id).join()))).toEqual([
      'Kitchen',
      'a0,a1',
      'a2,a3',
      'a4',
      'b0,b1',
    ]);
  });

  it('keeps 500 devices to 100 rows of 5', () => {
    expect(layoutRows([{ key: 'x', title: null, devices: devices(500, 'x') }], 5)).toHaveLength(100);
  });
});
