import type { Aggregation } from '@hestia/contract';
import { MAX_POINTS } from '@hestia/contract';

/** The spec's chart ranges (section 9), shortest first. */
export const CHART_RANGES = ['5m', '10m', '1h', '6h', '12h', '1d', '1w', '1M', 'custom'] as const;
export type ChartRange = (typeof CHART_RANGES)[number];

/** The spec's aggregations (section 9): none, sum, minimum, maximum, average. */
export const CHART_AGGREGATIONS = [
  'NONE',
  'AVG',
  'MIN',
  'MAX',
  'SUM',
] as const satisfies readonly Aggregation[];
export type ChartAggregation = (typeof CHART_AGGREGATIONS)[number];

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Span and bucket of each fixed range: 48 to 96 buckets, a readable density on a phone. */
const FIXED: Record<Exclude<ChartRange, 'custom'>, { span: number; interval: number }> = {
  '5m': { span: 5 * MINUTE, interval: 5 * SECOND },
  '10m': { span: 10 * MINUTE, interval: 10 * SECOND },
  '1h': { span: HOUR, interval: MINUTE },
  '6h': { span: 6 * HOUR, interval: 5 * MINUTE },
  '12h': { span: 12 * HOUR, interval: 10 * MINUTE },
  '1d': { span: DAY, interval: 30 * MINUTE },
  '1w': { span: 7 * DAY, interval: 3 * HOUR },
  '1M': { span: 30 * DAY, interval: 12 * HOUR },
};

/** Ranges short enough that live points are appended; the spec allows none in a custom range. */
const LIVE: ReadonlySet<ChartRange> = new Set<ChartRange>(['5m', '10m', '1h']);

/** Bucket sizes a custom range may use, so its axis ticks fall on round times. */
const NICE = [
  5 * SECOND,
  10 * SECOND,
  30 * SECOND,
  MINUTE,
  5 * MINUTE,
  10 * MINUTE,
  30 * MINUTE,
  HOUR,
  3 * HOUR,
  6 * HOUR,
  12 * HOUR,
  DAY,
  7 * DAY,
];

/** Buckets a custom range aims for. */
const CUSTOM_BUCKETS = 96;

export interface ChartWindow {
  startTs: number;
  endTs: number;
  /** Bucket length in ms for an aggregation. */
  interval: number;
  /** Whether live points are appended to this window. */
  live: boolean;
}

export interface CustomRange {
  startTs: number;
  endTs: number;
}

/** The smallest round bucket that keeps a span within `buckets` buckets (and the server's limit). */
export function niceInterval(spanMs: number, buckets = CUSTOM_BUCKETS): number {
  const wanted = Math.max(spanMs / buckets, spanMs / MAX_POINTS);
  return NICE.find((n) => n >= wanted) ?? Math.ceil(wanted / DAY) * DAY;
}

/**
 * The query window of a range at `now`: fixed ranges end now; a custom range is taken as given
 * (start and end swapped when reversed) and never live.
 */
export function rangeWindow(range: ChartRange, now: number, custom?: CustomRange): ChartWindow {
  if (range === 'custom') {
    if (!custom) throw new Error('A custom range needs its start and end');
    const startTs = Math.min(custom.startTs, custom.endTs);
    const endTs = Math.max(custom.startTs, custom.endTs, startTs + MINUTE);
    return { startTs, endTs, interval: niceInterval(endTs - startTs), live: false };
  }
  const { span, interval } = FIXED[range];
  return { startTs: now - span, endTs: now, interval, live: LIVE.has(range) };
}

/** Length of a fixed range in ms. */
export function spanOf(range: Exclude<ChartRange, 'custom'>): number {
  return FIXED[range].span;
}

/** Most raw points one un-aggregated request asks for. */
export const RAW_LIMIT = 5000;
