import type { CallInput } from '@hestia/client';
import { MAX_RANGE_MS, type Profile, type Report } from '@hestia/contract';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { ChartAggregation } from '../lib/chart-range.ts';
import { RAW_LIMIT } from '../lib/chart-range.ts';
import { chartNumber } from '../lib/chart-series.ts';
import { api } from './api.ts';
import { queryClient } from './session.ts';

export const historyKeys = {
  all: ['history'] as const,
  series: (id: string, key: string, startTs: number, endTs: number, interval: number, agg: string) =>
    [...historyKeys.all, 'series', id, key, startTs, endTs, interval, agg] as const,
  energy: (id: string, startTs: number, endTs: number, bucket: string) =>
    [...historyKeys.all, 'energy', id, startTs, endTs, bucket] as const,
  reports: (id: string) => [...historyKeys.all, 'reports', id] as const,
  report: (id: string, reportId: string) => [...historyKeys.all, 'report', id, reportId] as const,
  tariff: () => [...historyKeys.all, 'tariff'] as const,
};

/** A chart series: timestamps ascending and their numeric values (null where a value is not a number). */
export interface Series {
  ts: number[];
  values: (number | null)[];
  /** True when the raw points were cut at the request's limit (the oldest are missing). */
  truncated: boolean;
}

export interface SeriesRequest {
  deviceId: string;
  key: string;
  startTs: number;
  endTs: number;
  interval: number;
  agg: ChartAggregation;
}

/** `values/timeseries` for one key, in ascending time order. */
export async function fetchSeries(r: SeriesRequest): Promise<Series> {
  const query: CallInput<'timeseries'>['query'] = {
    keys: r.key,
    startTs: r.startTs,
    endTs: r.endTs,
    agg: r.agg,
    // Raw points come newest first so a long range keeps its recent end when cut at the limit.
    ...(r.agg === 'NONE'
      ? { limit: RAW_LIMIT, orderBy: 'DESC' as const }
      : { interval: r.interval, limit: 10_000, orderBy: 'ASC' as const }),
  };
  const result = await api.call('timeseries', {
    params: { entityType: 'DEVICE', entityId: r.deviceId },
    query,
  });
  const points = [...(result[r.key] ?? [])].sort((a, b) => a.ts - b.ts);
  return {
    ts: points.map((p) => p.ts),
    values: points.map((p) => chartNumber(p.value)),
    truncated: r.agg === 'NONE' && points.length >= RAW_LIMIT,
  };
}

/** Furthest back a value before a range is looked for (the API's longest range). */
const BEFORE_MS = MAX_RANGE_MS;

/**
 * The last stored value of a key before `ts` (the state a range starts in), or null: one raw point,
 * newest first, from the API's longest range ending at `ts`.
 */
export async function fetchValueBefore(deviceId: string, key: string, ts: number): Promise<number | null> {
  const result = await api.call('timeseries', {
    params: { entityType: 'DEVICE', entityId: deviceId },
    query: {
      keys: key,
      startTs: Math.max(0, ts - BEFORE_MS),
      endTs: ts,
      agg: 'NONE',
      limit: 1,
      orderBy: 'DESC',
    },
  });
  const point = result[key]?.[0];
  return point ? chartNumber(point.value) : null;
}

/** The state a range of a held key (on/off, position) starts in. */
export function useValueBeforeQuery(deviceId: string, key: string, ts: number, enabled: boolean) {
  return useQuery({
    queryKey: [...historyKeys.all, 'before', deviceId, key, ts] as const,
    queryFn: () => fetchValueBefore(deviceId, key, ts),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

/** A chart's history; the previous range stays on screen while the next one loads. */
export function useSeriesQuery(r: SeriesRequest, opts: { refetchMs?: number | false } = {}) {
  return useQuery({
    queryKey: historyKeys.series(r.deviceId, r.key, r.startTs, r.endTs, r.interval, r.agg),
    queryFn: () => fetchSeries(r),
    placeholderData: keepPreviousData,
    refetchInterval: opts.refetchMs ?? false,
    staleTime: 30_000,
  });
}

/** Energy in kWh per hour or day, with its cost from the user's tariff. */
export function useEnergyQuery(deviceId: string, startTs: number, endTs: number, bucket: 'HOUR' | 'DAY') {
  return useQuery({
    queryKey: historyKeys.energy(deviceId, startTs, endTs, bucket),
    queryFn: () =>
      api.call('energy', {
        params: { entityType: 'DEVICE', entityId: deviceId },
        query: { startTs, endTs, bucket },
      }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

export function useReportsQuery(deviceId: string) {
  return useQuery({
    queryKey: historyKeys.reports(deviceId),
    queryFn: () => api.call('listReports', { params: { deviceId } }),
  });
}

export function useReportQuery(deviceId: string, reportId: string | null) {
  return useQuery({
    queryKey: historyKeys.report(deviceId, reportId ?? ''),
    queryFn: () => api.call('getReport', { params: { deviceId, reportId: reportId ?? '' } }),
    enabled: reportId !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useGenerateReport(deviceId: string) {
  return useMutation({
    mutationFn: (range: { startTs: number; endTs: number }) =>
      api.call('generateReport', { params: { deviceId }, body: range }),
    onSuccess: (report: Report) => {
      queryClient.setQueryData(historyKeys.report(deviceId, report.id), report);
      void queryClient.invalidateQueries({ queryKey: historyKeys.reports(deviceId) });
    },
  });
}

/** The user's electricity tariff (price per kWh and currency), null until one is set. */
export function useTariffQuery() {
  return useQuery({
    queryKey: historyKeys.tariff(),
    queryFn: async () => (await api.call('profile', {})).tariff,
    staleTime: 5 * 60_000,
  });
}

export type Tariff = NonNullable<Profile['tariff']>;

export function useSetTariff() {
  return useMutation({
    mutationFn: (tariff: Tariff) =>
      // The route takes one body per update type (contract `profileUpdateBodies`), so it declares none.
      api.call('updateProfile', { params: { type: 'Tariff' }, body: tariff } as CallInput<'updateProfile'>),
    onSuccess: (profile) => {
      queryClient.setQueryData(historyKeys.tariff(), profile.tariff);
      // Costs were computed with the old price; the account screens' profile may be cached too.
      void queryClient.invalidateQueries({ queryKey: [...historyKeys.all, 'energy'] });
      void queryClient.invalidateQueries({ queryKey: ['profile'] });
    },
  });
}

/** The report's CSV file (a download, outside the JSON wrapper) with its suggested file name. */
export async function fetchReportCsv(
  deviceId: string,
  reportId: string,
): Promise<{ blob: Blob; fileName: string }> {
  const { blob, fileName } = await api.reportCsv(deviceId, reportId);
  return { blob, fileName: fileName ?? `hestia-report-${reportId}.csv` };
}

/** Hand a Blob to the browser as a file download. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
