import type { TelemetryValue } from '@hestia/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../data/api.ts';
import type { DeviceValues } from '../../data/live.ts';
import { formatDateTime, formatTime } from '../../lib/date-format.ts';
import { type DeviceEvent, EVENT_LIMIT, EVENT_WINDOW_MS, groupEvents } from './event-group.ts';

export type { DeviceEvent };

/**
 * A device's events from its telemetry history (`values/timeseries`), newest first: the points of
 * `keys` reported at the same moment form one event; only moments where `main` was reported count.
 * It refetches when the live value of `main` changes, so the list follows the device.
 */
export function useEventHistory(
  deviceId: string,
  main: string,
  keys: readonly string[],
  points: DeviceValues | undefined,
) {
  const liveTs = points?.[main]?.[0] ?? 0;
  return useQuery({
    queryKey: ['history', 'events', deviceId, main, keys.join(','), liveTs],
    queryFn: async (): Promise<DeviceEvent[]> => {
      const endTs = Date.now() + 60_000;
      const result = await api.call('timeseries', {
        params: { entityType: 'DEVICE', entityId: deviceId },
        query: {
          keys: [main, ...keys].join(','),
          startTs: endTs - EVENT_WINDOW_MS,
          endTs,
          limit: EVENT_LIMIT * 2,
          orderBy: 'DESC',
        },
      });
      return groupEvents(result, main);
    },
    placeholderData: (prev) => prev,
    staleTime: 10_000,
  });
}

/** An event's time in the user's language: today's as a time, older ones with the date. */
export function useEventTime() {
  const { i18n } = useTranslation();
  return (ts: number) => {
    const today = new Date().toDateString() === new Date(ts).toDateString();
    return today
      ? formatTime(ts, i18n.language, true)
      : formatDateTime(ts, i18n.language, undefined, { seconds: true });
  };
}

/** The numeric value of a telemetry value, or undefined. */
export const numOf = (v: TelemetryValue | string | undefined): number | undefined => {
  if (v === undefined || v === null || v === '') return undefined;
  const n = Number(v);
  return Number.isFinite(n) ? n : undefined;
};
