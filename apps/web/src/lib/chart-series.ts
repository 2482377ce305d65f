import type { ModelProfile } from '@hestia/catalog';

/**
 * How a key is charted: `reading` a measured value between samples (a line), `binary` an on/off key
 * whose state holds until the next change (on/off bands), `position` a level that holds until the next
 * report (a step line).
 */
export type ChartKind = 'reading' | 'binary' | 'position';

export interface ChartMetric {
  key: string;
  unit: string;
  digits: number;
  kind: ChartKind;
}

/** Measured readings a chart offers, in this order. */
const READINGS: readonly ChartMetric[] = [
  { key: 'power', unit: 'W', digits: 0, kind: 'reading' },
  { key: 'temperature', unit: '°C', digits: 1, kind: 'reading' },
  { key: 'voltage', unit: 'V', digits: 0, kind: 'reading' },
  { key: 'current', unit: 'A', digits: 2, kind: 'reading' },
];

const POSITION = /^(curtain_percentage|position_\d+)$/;

/**
 * What a model's history can show, from the catalogue: its measured readings, its on/off outputs (the
 * keys a quick toggle drives, reported back), then its curtain positions.
 */
export function chartMetricsOfProfile(profile: ModelProfile | undefined): ChartMetric[] {
  if (!profile) return [];
  const keys = new Map(profile.keys.map((k) => [k.key, k]));
  const binary = profile.toggleKeys
    .map((k) => keys.get(k))
    .filter((k) => k !== undefined && k.kind === 'boolean' && k.access !== 'w')
    .map((k) => ({ key: k?.key ?? '', unit: '', digits: 0, kind: 'binary' as const }));
  const positions = profile.keys
    .filter((k) => POSITION.test(k.key) && k.access !== 'w')
    .map((k) => ({ key: k.key, unit: k.unit ?? '%', digits: 0, kind: 'position' as const }));
  return [...READINGS.filter((m) => keys.has(m.key)), ...binary, ...positions];
}

/** A stored or live value as a number: on/off values may come as booleans or their words. */
export function chartNumber(value: unknown): number | null {
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string') {
    const v = value.trim().toLowerCase();
    if (v === 'true' || v === 'on') return 1;
    if (v === 'false' || v === 'off') return 0;
    if (v === '') return null;
    const n = Number(v);
    return Number.isFinite(n) ? n : null;
  }
  return null;
}

export interface StepSeries {
  ts: number[];
  values: (number | null)[];
}

/**
 * A state that holds until the next point, drawn over `window`: it starts at the window's start with
 * the last value before it (when known), takes every point inside, and runs on to `until` (now, or
 * the window's end) with the last value, so the current state reaches the chart's edge.
 */
export function stepSeries(
  before: number | null,
  points: StepSeries,
  window: { startTs: number; endTs: number },
  until: number = window.endTs,
): StepSeries {
  const ts: number[] = [];
  const values: (number | null)[] = [];
  let last = before;
  points.ts.forEach((x, i) => {
    const v = points.values[i] ?? null;
    if (x < window.startTs) {
      last = v;
      return;
    }
    if (x > window.endTs) return;
    if (ts.length === 0 && last !== null && x > window.startTs) {
      ts.push(window.startTs);
      values.push(last);
    }
    ts.push(x);
    values.push(v);
    last = v;
  });
  if (ts.length === 0 && last !== null) {
    ts.push(window.startTs);
    values.push(last);
  }
  const end = Math.min(until, window.endTs);
  const lastTs = ts.at(-1);
  if (lastTs !== undefined && lastTs < end && last !== null) {
    ts.push(end);
    values.push(last);
  }
  return { ts, values };
}

/** The stretches an on/off series is on, as [start, end] pairs (a step series: each value holds until the next point). */
export function onBands(series: StepSeries): Array<[number, number]> {
  const bands: Array<[number, number]> = [];
  let start: number | null = null;
  series.ts.forEach((x, i) => {
    const on = (series.values[i] ?? 0) >= 0.5;
    if (on && start === null) start = x;
    if (!on && start !== null) {
      bands.push([start, x]);
      start = null;
    }
  });
  const lastTs = series.ts.at(-1);
  if (start !== null && lastTs !== undefined) bands.push([start, lastTs]);
  return bands.filter(([a, b]) => b > a);
}
