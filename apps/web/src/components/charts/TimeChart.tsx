import 'uplot/dist/uPlot.min.css';
import { useEffect, useMemo, useRef, useState } from 'react';
import uPlot from 'uplot';
import { axisLabel, formatAmount, formatDateTime } from '../../lib/chart-format.ts';

export interface TimeChartProps {
  ts: readonly number[];
  values: readonly (number | null)[];
  /** The visible time window; points outside are clipped. */
  window: { startTs: number; endTs: number };
  /** 'line' for readings, 'bars' for energy per bucket, 'step' for a state held until the next point. */
  kind?: 'line' | 'bars' | 'step';
  /** A fixed value axis (e.g. 0 to 1 for on/off), with ticks at `ySplits` when given. */
  yRange?: readonly [number, number];
  ySplits?: readonly number[];
  /** A value as the axis and the readout say it ("On", "Off"); a number with `digits` by default. */
  formatY?: (value: number) => string;
  /**
   * Value-axis labels are words of any length (an enum's option names): the axis widens to its longest
   * label, up to a third of the chart, and a longer label is cut with an ellipsis there (the readout
   * still says it whole).
   */
  wordyY?: boolean;
  /** Extra `data-*` attributes on the figure, for tests (the chart's shape, bands, last value). */
  dataAttrs?: Record<string, string | number>;
  unit: string;
  language: string;
  rtl: boolean;
  theme: 'light' | 'dark';
  /** Fraction digits on the value axis and the readout. */
  digits?: number;
  /** Formats the time of the readout; the time and date by default. */
  formatX?: (ts: number) => string;
  label: string;
  emptyText: string;
  testId?: string;
  height?: number;
}

function cssVar(name: string, fallback: string): string {
  const v = getComputedStyle(document.documentElement).getPropertyValue(name).trim();
  return v || fallback;
}

/** `#rrggbb` with an alpha, for fills under the line. */
function withAlpha(hex: string, alpha: number): string {
  const m = /^#([0-9a-f]{6})$/i.exec(hex);
  if (!m?.[1]) return hex;
  const n = Number.parseInt(m[1], 16);
  return `rgba(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255}, ${alpha})`;
}

const AXIS_SIZE = 52;

let measureCtx: CanvasRenderingContext2D | null | undefined;
/** The width of `text` in `font`, in CSS pixels. */
function textWidth(text: string, font: string): number {
  measureCtx ??= document.createElement('canvas').getContext('2d');
  if (!measureCtx) return text.length * 7;
  measureCtx.font = font;
  return measureCtx.measureText(text).width;
}

/** `text` cut with an ellipsis to fit `max` pixels. */
function fitText(text: string, font: string, max: number): string {
  if (textWidth(text, font) <= max) return text;
  const chars = [...text];
  while (chars.length > 1 && textWidth(`${chars.join('')}…`, font) > max) chars.pop();
  return `${chars.join('').trimEnd()}…`;
}

/**
 * A uPlot time chart. In right-to-left languages time runs from right to left and the value axis sits
 * on the right; ticks and the readout use the language's calendar and digits.
 */
export function TimeChart({
  ts,
  values,
  window: win,
  kind = 'line',
  unit,
  language,
  rtl,
  theme,
  digits = 1,
  formatX,
  label,
  emptyText,
  testId,
  height = 220,
  yRange,
  ySplits,
  formatY,
  wordyY = false,
  dataAttrs,
}: TimeChartProps) {
  const host = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);
  const [cursor, setCursor] = useState<number | null>(null);
  const span = win.endTs - win.startTs;
  const data = useMemo<uPlot.AlignedData>(() => [ts as number[], values as (number | null)[]], [ts, values]);
  const windowRef = useRef(win);
  windowRef.current = win;
  const dataRef = useRef(data);
  dataRef.current = data;
  const sayY = (v: number) => (formatY ? formatY(v) : formatAmount(v, language, digits));
  const sayYRef = useRef(sayY);
  sayYRef.current = sayY;
  const yLo = yRange?.[0];
  const yHi = yRange?.[1];
  const splitsKey = ySplits?.join(',') ?? '';

  // Built again only when what the axes say changes; data and window are pushed in below.
  useEffect(() => {
    const el = host.current;
    if (!el) return;
    const accent = cssVar('--hx-accent', '#1fbcd2');
    const muted = cssVar('--hx-muted', '#5f6d79');
    const line = cssVar('--hx-line', '#e1e7ec');
    const font = `12px ${cssVar('--hx-font', 'sans-serif')}`;
    const axis = {
      stroke: muted,
      font,
      grid: { stroke: line, width: 1 },
      ticks: { stroke: line, width: 1, size: 4 },
    };
    const opts: uPlot.Options = {
      width: Math.max(el.clientWidth, 200),
      height,
      ms: 1,
      legend: { show: false },
      // Room at the time axis's far end, so its last label is not clipped.
      padding: rtl ? [12, 8, 0, 28] : [12, 28, 0, 8],
      cursor: {
        drag: { x: false, y: false },
        points: { size: 9, fill: accent, stroke: accent },
        y: false,
      },
      scales: {
        x: {
          time: true,
          dir: rtl ? -1 : 1,
          range: () => [windowRef.current.startTs, windowRef.current.endTs],
        },
        y: {
          range: (_u, min, max) => {
            if (yLo !== undefined && yHi !== undefined) return [yLo, yHi];
            if (min === null || max === null || !Number.isFinite(min)) return [0, 1];
            const lo = Math.min(0, min);
            const hi = max <= lo ? lo + 1 : max + (max - lo) * 0.12;
            return [lo, hi];
          },
        },
      },
      axes: [
        {
          ...axis,
          space: 64,
          values: (_u, splits) => splits.map((v) => axisLabel(v, span, language)),
        },
        {
          ...axis,
          side: rtl ? 1 : 3,
          size: wordyY
            ? (u, labels) => {
                const widest = Math.max(0, ...(labels ?? []).map((l) => textWidth(l, font)));
                return Math.max(AXIS_SIZE, Math.min(widest + 14, u.width / 3));
              }
            : AXIS_SIZE,
          // Whole-number readings get whole-number ticks, so no two ticks read the same.
          ...(digits === 0
            ? { incrs: [1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 5000, 10_000] }
            : {}),
          ...(splitsKey ? { splits: () => splitsKey.split(',').map(Number) } : {}),
          values: (_u, splits) => {
            const room = Math.max(AXIS_SIZE, el.clientWidth / 3) - 14;
            const labels = splits.map((v) =>
              wordyY ? fitText(sayYRef.current(v), font, room) : sayYRef.current(v),
            );
            // The value axis is drawn on the canvas; its labels are also left on the figure for tests.
            el.parentElement?.setAttribute('data-y-ticks', labels.join('|'));
            return labels;
          },
        },
      ],
      series: [
        {},
        {
          label,
          stroke: accent,
          width: kind === 'bars' ? 0 : 2,
          fill:
            kind === 'bars'
              ? withAlpha(accent, 0.85)
              : withAlpha(accent, kind === 'step' ? 0.3 : theme === 'dark' ? 0.18 : 0.12),
          points: { show: kind === 'line' ? (u, si) => (u.data[si]?.length ?? 0) < 40 : false, size: 5 },
          spanGaps: false,
          paths:
            kind === 'bars'
              ? uPlot.paths.bars?.({ size: [0.72, 48], radius: 0.2 })
              : kind === 'step'
                ? uPlot.paths.stepped?.({ align: 1 })
                : undefined,
        },
      ],
      hooks: {
        setCursor: [(u) => setCursor(u.cursor.idx ?? null)],
      },
    };
    const u = new uPlot(opts, dataRef.current, el);
    plot.current = u;
    const ro = new ResizeObserver(() => u.setSize({ width: Math.max(el.clientWidth, 200), height }));
    ro.observe(el);
    return () => {
      ro.disconnect();
      u.destroy();
      plot.current = null;
    };
  }, [language, rtl, theme, kind, span, digits, label, height, yLo, yHi, splitsKey, wordyY]);

  useEffect(() => {
    plot.current?.setData(data);
  }, [data]);

  const count = ts.length;
  const shown = cursor !== null && cursor < count ? cursor : count - 1;
  const shownValue = shown >= 0 ? values[shown] : null;
  const numeric = values.filter((v): v is number => v !== null);
  const summary =
    numeric.length > 0
      ? `${label}: ${sayY(Math.min(...numeric))}–${sayY(Math.max(...numeric))} ${unit}`.trim()
      : `${label}: ${emptyText}`;

  return (
    <figure
      className="relative m-0"
      data-testid={testId}
      data-points={count}
      data-kind={kind}
      {...Object.fromEntries(Object.entries(dataAttrs ?? {}).map(([k, v]) => [`data-${k}`, v]))}
    >
      <div className="mb-1 flex min-h-11 items-baseline gap-2 px-1" aria-hidden="true">
        {shown >= 0 && shownValue !== null && shownValue !== undefined ? (
          <>
            <span
              className="text-2xl font-bold tabular-nums tracking-tight"
              data-testid={testId ? `${testId}-value` : undefined}
            >
              {sayY(shownValue)}
            </span>
            <span className="text-sm font-medium text-muted">{unit}</span>
            <span className="ms-auto truncate text-xs text-muted">
              {(formatX ?? ((t: number) => formatDateTime(t, language)))(ts[shown] ?? 0)}
            </span>
          </>
        ) : null}
      </div>
      <div ref={host} role="img" aria-label={summary} className="hx-chart w-full" style={{ height }} />
      {count === 0 ? (
        <figcaption className="pointer-events-none absolute inset-x-0 top-1/2 text-center text-sm text-muted">
          {emptyText}
        </figcaption>
      ) : (
        <figcaption className="sr-only">{summary}</figcaption>
      )}
    </figure>
  );
}
