import { getProfile } from '@hestia/catalog';
import { describe, expect, it } from 'vitest';
import { chartMetricsOfProfile, chartNumber, onBands, stepSeries } from './chart-series.ts';

const W = { startTs: 1000, endTs: 2000 };

describe('chartMetricsOfProfile', () => {
  it('offers a switch its outputs as on/off keys, a curtain its position, a plug its output and readings', () => {
    const kinds = (id: string) => chartMetricsOfProfile(getProfile(id)).map((m) => `${m.key}:${m.kind}`);
    expect(kinds('switch-two-pole')).toEqual(['relay_1:binary', 'relay_2:binary']);
    expect(kinds('curtain-single')).toEqual(['curtain_percentage:position']);
    expect(kinds('curtain-triple')).toEqual([
      'position_1:position',
      'position_2:position',
      'position_3:position',
    ]);
    expect(kinds('plug-metering')).toEqual(
      expect.arrayContaining(['relay_1:binary', 'power:reading', 'voltage:reading', 'current:reading']),
    );
    expect(chartMetricsOfProfile(undefined)).toEqual([]);
  });
});

describe('chartNumber', () => {
  it('reads on/off values in any of their forms and refuses text', () => {
    expect([true, false, 'true', 'off', '1', 0, 42.5, 'abc', '', Number.NaN, null].map(chartNumber)).toEqual([
      1,
      0,
      1,
      0,
      1,
      0,
      42.5,
      null,
      null,
      null,
      null,
    ]);
  });
});

describe('stepSeries', () => {
  it('starts at the window with the value before it and runs the last value on to now', () => {
    expect(stepSeries(0, { ts: [1500], values: [1] }, W, 1800)).toEqual({
      ts: [1000, 1500, 1800],
      values: [0, 1, 1],
    });
  });
  it('shows a state held through the whole window when nothing changed in it', () => {
    expect(stepSeries(1, { ts: [], values: [] }, W)).toEqual({ ts: [1000, 2000], values: [1, 1] });
  });
  it('takes the value before the window from points before it, and drops points after it', () => {
    expect(stepSeries(null, { ts: [500, 1200, 2500], values: [1, 0, 1] }, W)).toEqual({
      ts: [1000, 1200, 2000],
      values: [1, 0, 0],
    });
  });
  it('is empty when nothing is known', () => {
    expect(stepSeries(null, { ts: [], values: [] }, W)).toEqual({ ts: [], values: [] });
  });
});

describe('onBands', () => {
  it('finds each stretch an output was on, up to the next point', () => {
    expect(onBands({ ts: [1000, 1200, 1500, 1700, 2000], values: [0, 1, 0, 1, 1] })).toEqual([
      [1200, 1500],
      [1700, 2000],
    ]);
    expect(onBands({ ts: [1000, 2000], values: [0, 0] })).toEqual([]);
  });
});
