import { getProfile } from '@hestia/catalog';
import type { Device } from '@hestia/contract';
import ChartLineIcon from 'lucide-react/icons/chart-line';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TimeChart } from '../../components/charts/TimeChart.tsx';
import { correctedNow } from '../../data/api.ts';
import { useOnline } from '../../data/connectivity.ts';
import { useDeviceFreshness } from '../../data/freshness.ts';
import { useDeviceValues } from '../../data/live.ts';
import { useSeriesQuery, useValueBeforeQuery } from '../../data/telemetry-history.ts';
import { catalogKeyName, useCatalogText } from '../../i18n/catalog-text.ts';
import { formatDateTime, fromLocalInput, toLocalInput } from '../../lib/chart-format.ts';
import {
  CHART_AGGREGATIONS,
  CHART_RANGES,
  type ChartAggregation,
  type ChartRange,
  type CustomRange,
  rangeWindow,
} from '../../lib/chart-range.ts';
import {
  type ChartMetric,
  chartMetricsOfProfile,
  chartNumber,
  onBands,
  stepSeries,
} from '../../lib/chart-series.ts';
import { chartWaitOf } from '../../lib/chart-wait.ts';
import { Button } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { DateTimeField } from '../../ui/DateTimeField.tsx';
import { Segmented } from '../../ui/Segmented.tsx';
import { useChartEnv } from './chart-env.ts';
import { type EnumChartMetric, enumAxis, enumChartMetrics, enumValueLabel } from './enum-chart.ts';

/** How often a live window slides forward. */
const SLIDE_MS = 1000;
/** How often a longer fixed range asks for newer history. */
const REFRESH_MS = 60_000;

/** The measured readings of a device (power, temperature, voltage, current), for its summary. */
export function chartMetricsOf(device: Pick<Device, 'deviceProfileId'>) {
  return chartMetricsOfProfile(getProfile(device.deviceProfileId)).filter((m) => m.kind === 'reading');
}

function defaultCustom(now: number): CustomRange {
  const day = new Date(now);
  day.setHours(0, 0, 0, 0);
  return { startTs: day.getTime() - 86_400_000, endTs: day.getTime() };
}

/** Live points newer than the history, clipped to the window (an aggregate of sums is not mixed with raw points). */
function useLivePoints(deviceId: string, key: string, enabled: boolean, since: number) {
  const point = useDeviceValues(deviceId)?.[key];
  const [points, setPoints] = useState<Array<[number, number]>>([]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new range or key starts a new live tail.
  useEffect(() => setPoints([]), [deviceId, key, enabled, since]);
  useEffect(() => {
    if (!enabled || !point) return;
    const value = chartNumber(point[1]);
    if (value === null || point[0] <= since) return;
    setPoints((prev) =>
      prev.length > 0 && (prev.at(-1)?.[0] ?? 0) >= point[0] ? prev : [...prev, [point[0], value]],
    );
  }, [enabled, point, since]);
  return points;
}

const FALLBACK: ChartMetric = { key: 'power', unit: 'W', digits: 0, kind: 'reading' };

/** What a history chart can show: a reading, an on/off output, a position or an enum key's state. */
type HistoryMetric = ChartMetric | EnumChartMetric;

/** Readings and outputs first, then the enum keys (modes, programs, phases), then positions. */
function historyMetricsOf(deviceProfileId: string): HistoryMetric[] {
  const profile = getProfile(deviceProfileId);
  const plain = chartMetricsOfProfile(profile);
  const positions = plain.filter((m) => m.kind === 'position');
  return [...plain.filter((m) => m.kind !== 'position'), ...enumChartMetrics(profile), ...positions];
}

/**
 * A device's history over one of the spec's ranges, with live points in short ones: outputs as on/off
 * bands, curtain positions and enum keys (each level named) as a step line (each from the stored raw
 * points and the state before the range), measured readings as a line.
 */
export function HistoryChartCard({ device }: { device: Device }) {
  const { t } = useTranslation();
  const env = useChartEnv();
  const names = useCatalogText();
  const metrics = useMemo(() => historyMetricsOf(device.deviceProfileId), [device.deviceProfileId]);
  const [metricKey, setMetricKey] = useState<string>(metrics[0]?.key ?? FALLBACK.key);
  const metric = metrics.find((m) => m.key === metricKey) ?? metrics[0] ?? FALLBACK;
  const held = metric.kind !== 'reading';
  const [range, setRange] = useState<ChartRange>('1h');
  const [chosenAgg, setAgg] = useState<ChartAggregation>('AVG');
  // A held state is drawn from its raw changes; an average of on and off is not a state.
  const agg: ChartAggregation = held ? 'NONE' : chosenAgg;
  const [custom, setCustom] = useState<CustomRange>(() => defaultCustom(Date.now()));
  const [draft, setDraft] = useState(() => ({
    from: toLocalInput(custom.startTs),
    to: toLocalInput(custom.endTs),
  }));
  // The history is asked for as of `anchor`; a live window then slides with `now`.
  const [anchor, setAnchor] = useState(() => correctedNow());
  const [now, setNow] = useState(anchor);
  const request = rangeWindow(range, anchor, custom);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new choice asks for history as of now.
  useEffect(() => {
    const at = correctedNow();
    setAnchor(at);
    setNow(at);
  }, [range, agg, metricKey]);
  useEffect(() => {
    if (range === 'custom') return;
    const slide = setInterval(() => setNow(correctedNow()), SLIDE_MS);
    const refresh = request.live ? undefined : setInterval(() => setAnchor(correctedNow()), REFRESH_MS);
    return () => {
      clearInterval(slide);
      if (refresh) clearInterval(refresh);
    };
  }, [range, request.live]);

  const history = useSeriesQuery({ deviceId: device.id, key: metric.key, agg, ...request });
  const liveOn = request.live && agg !== 'SUM';
  const lastHistoryTs = history.data?.ts.at(-1) ?? request.endTs - 1;
  const live = useLivePoints(device.id, metric.key, liveOn, Math.max(lastHistoryTs, request.startTs));
  const win = range === 'custom' ? request : { startTs: now - (request.endTs - request.startTs), endTs: now };

  const before = useValueBeforeQuery(device.id, metric.key, request.startTs, held);

  const series = useMemo(() => {
    if (held) {
      const points = { ts: [...(history.data?.ts ?? [])], values: [...(history.data?.values ?? [])] };
      for (const [x, v] of live)
        if (x > (points.ts.at(-1) ?? 0)) {
          points.ts.push(x);
          points.values.push(v);
        }
      return stepSeries(before.data ?? null, points, win, now);
    }
    const ts: number[] = [];
    const values: (number | null)[] = [];
    const h = history.data;
    if (h)
      h.ts.forEach((x, i) => {
        if (x >= win.startTs - request.interval) {
          ts.push(x);
          values.push(h.values[i] ?? null);
        }
      });
    for (const [x, v] of live)
      if (x > (ts.at(-1) ?? 0)) {
        ts.push(x);
        values.push(v);
      }
    return { ts, values };
  }, [held, before.data, history.data, live, win, now, request.interval]);
  const bands = metric.kind === 'binary' ? onBands(series).length : undefined;
  const onOff = (v: number) => (v >= 0.5 ? t('charts.state.on') : t('charts.state.off'));
  const enumAxes =
    metric.kind === 'enum'
      ? {
          ...enumAxis(metric, series.values),
          formatY: enumValueLabel(
            metric,
            (v) => names.option(metric.key, v, metric.family),
            (v) => names.number(v, 0),
          ),
          wordyY: true,
        }
      : undefined;

  const applyCustom = () => {
    const startTs = fromLocalInput(draft.from);
    const endTs = fromLocalInput(draft.to);
    if (startTs !== null && endTs !== null) setCustom({ startTs, endTs });
  };

  const metricLabel =
    metric.kind === 'reading'
      ? t(`charts.metric.${metric.key}` as 'charts.metric.power')
      : catalogKeyName(metric.key, t, env.language);
  const freshness = useDeviceFreshness(device.id, device.deviceProfileId);
  const online = useOnline();
  // Without a connection nothing new arrives: the badge says so rather than "Live" (issue 17, item 3).
  const isLive = online && !freshness.stale;
  const wait = chartWaitOf(history, online);
  return (
    <Card
      title={t('charts.history.title')}
      testId="history-card"
      aside={
        request.live ? (
          <span
            className={`inline-flex shrink-0 items-center gap-1.5 rounded-full px-2.5 py-1 text-[12px] font-semibold whitespace-nowrap ${isLive ? 'bg-accent-soft text-accent-text' : 'bg-surface-2 text-muted'}`}
            data-testid="live-indicator"
            data-live={isLive}
          >
            <span
              aria-hidden="true"
              className={`size-2 rounded-full ${isLive ? 'animate-pulse bg-accent' : 'bg-muted'}`}
            />
            {isLive ? t('charts.history.live') : t('charts.history.notLive')}
          </span>
        ) : (
          <ChartLineIcon size={20} className="text-muted" />
        )
      }
    >
      {metrics.length > 1 ? (
        <div className="mb-3">
          <Segmented
            look="chips"
            label={t('charts.history.metric')}
            options={metrics.map((m) => ({
              value: m.key,
              label:
                m.kind === 'reading'
                  ? t(`charts.metric.${m.key}` as 'charts.metric.power')
                  : catalogKeyName(m.key, t, env.language),
            }))}
            value={metric.key}
            onChange={setMetricKey}
            testId="metric-picker"
            scroll
          />
        </div>
      ) : null}
      <TimeChart
        ts={series.ts}
        values={series.values}
        window={win}
        kind={held ? 'step' : 'line'}
        {...(metric.kind === 'binary'
          ? { yRange: [0, 1.2] as const, ySplits: [0, 1], formatY: onOff }
          : metric.kind === 'position'
            ? { yRange: [0, 110] as const, ySplits: [0, 25, 50, 75, 100] }
            : (enumAxes ?? {}))}
        dataAttrs={{
          metric: metric.key,
          ...(bands !== undefined ? { bands } : {}),
          ...(series.values.length > 0 ? { last: series.values.at(-1) ?? '' } : {}),
          ...(enumAxes && typeof series.values.at(-1) === 'number'
            ? { 'last-name': enumAxes.formatY(series.values.at(-1) as number) }
            : {}),
        }}
        unit={metric.unit}
        digits={metric.digits}
        language={env.language}
        rtl={env.rtl}
        theme={env.theme}
        label={metricLabel}
        emptyText={
          wait === 'offline'
            ? t('offline.pending')
            : wait === 'loading'
              ? t('common.loading')
              : t('charts.history.empty')
        }
        testId="history-chart"
      />
      <div className="mt-3 space-y-2.5">
        <Segmented
          look="chips"
          label={t('charts.history.range')}
          options={CHART_RANGES.map((r) => ({ value: r, label: t(`charts.range.${r}`) }))}
          value={range}
          onChange={setRange}
          testId="range-picker"
          scroll
        />
        {held ? null : (
          <Segmented
            look="chips"
            label={t('charts.history.aggregation')}
            options={CHART_AGGREGATIONS.map((a) => ({ value: a, label: t(`charts.agg.${a}`) }))}
            value={agg}
            onChange={setAgg}
            testId="agg-picker"
            scroll
          />
        )}
      </div>
      {range === 'custom' ? (
        <div className="mt-3 rounded-2xl bg-surface-2/60 p-3" data-testid="custom-range">
          <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
            <DateTimeField
              label={t('charts.period.from')}
              value={draft.from}
              onChange={(from) => setDraft((d) => ({ ...d, from }))}
              testId="custom-from"
            />
            <DateTimeField
              label={t('charts.period.to')}
              value={draft.to}
              onChange={(to) => setDraft((d) => ({ ...d, to }))}
              testId="custom-to"
            />
            <Button
              variant="secondary"
              className="h-11! shrink-0"
              onClick={applyCustom}
              data-testid="custom-apply"
              nowrap
            >
              {t('charts.period.apply')}
            </Button>
          </div>
          <p className="mt-2 px-1 text-[13px] text-muted" data-testid="custom-summary">
            {t('charts.period.between', {
              from: formatDateTime(custom.startTs, env.language),
              to: formatDateTime(custom.endTs, env.language),
            })}
            {t('common.separator')}
            {t('charts.history.noLive')}
          </p>
        </div>
      ) : null}
      {history.data?.truncated ? (
        <p className="mt-2 px-1 text-[13px] text-muted">{t('charts.history.truncated')}</p>
      ) : null}
      {!online && history.data ? (
        <p className="mt-2 px-1 text-[13px] text-muted" data-testid="history-offline">
          {t('charts.history.offline')}
        </p>
      ) : history.isError ? (
        <p role="alert" className="mt-2 px-1 text-[13px] text-danger">
          {t('charts.history.failed')}
        </p>
      ) : null}
    </Card>
  );
}
