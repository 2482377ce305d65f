import type { Report } from '@hestia/contract';
import { useTranslation } from 'react-i18next';
import { formatAmount, formatDateTime } from '../../lib/chart-format.ts';
import { isOn } from '../../lib/device-state.ts';
import { keyTitle } from './report-text.ts';

type Entry = Report['events'][number] & { kind: 'event' | 'error' };

/** A report's events (on and off) and faults, newest first. */
export function DeviceHistoryList({ report, limit }: { report: Report; limit?: number }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const entries: Entry[] = [
    ...report.events.map((e) => ({ ...e, kind: 'event' as const })),
    ...report.errors.map((e) => ({ ...e, kind: 'error' as const })),
  ].sort((a, b) => b.ts - a.ts);
  const shown = limit ? entries.slice(0, limit) : entries;
  if (entries.length === 0)
    return <p className="px-1 py-3 text-[14px] text-muted">{t('charts.history.noEvents')}</p>;
  return (
    <>
      <ol className="divide-y divide-line" data-testid="history-list">
        {shown.map((e) => {
          const on = e.kind === 'event' && isOn(e.value);
          return (
            <li
              key={`${e.ts}-${e.kind}-${e.key}`}
              className="flex items-center gap-3 py-2.5"
              data-kind={e.kind}
            >
              <span
                aria-hidden="true"
                className={`size-2.5 shrink-0 rounded-full ${
                  e.kind === 'error' ? 'bg-danger' : on ? 'bg-success' : 'bg-muted/50'
                }`}
              />
              <span className="min-w-0 flex-1">
                <span className="block truncate text-[14px] font-medium">
                  {e.kind === 'error'
                    ? t('charts.history.fault', { key: e.key, value: e.value })
                    : t(on ? 'charts.history.turnedOn' : 'charts.history.turnedOff', {
                        name: keyTitle(e.key, t, language),
                      })}
                </span>
              </span>
              <time
                dateTime={new Date(e.ts).toISOString()}
                className="shrink-0 text-[12px] text-muted tabular-nums"
              >
                {formatDateTime(e.ts, language)}
              </time>
            </li>
          );
        })}
      </ol>
      {limit && entries.length > limit ? (
        <p className="px-1 pt-2 text-[13px] text-muted">
          {t('charts.history.more', { n: formatAmount(entries.length - limit, language, 0) })}
        </p>
      ) : null}
    </>
  );
}
