import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/Spinner.tsx';
import type { DeviceValues } from '../../data/live.ts';
import { Section } from '../../ui/Section.tsx';
import { type DeviceEvent, useEventHistory, useEventTime } from './event-history.ts';

/**
 * A device's recent events from its telemetry history, newest first, following live updates.
 * `describe` turns one event into its line (and an optional detail under it).
 */
export function EventList({
  deviceId,
  main,
  keys = [],
  points,
  describe,
  title,
}: {
  deviceId: string;
  main: string;
  keys?: readonly string[];
  points: DeviceValues | undefined;
  describe(event: DeviceEvent): { text: ReactNode; detail?: ReactNode; tone?: 'alert' | 'quiet' } | null;
  title?: string;
}) {
  const { t } = useTranslation();
  const history = useEventHistory(deviceId, main, keys, points);
  const timeOf = useEventTime();
  const lines = (history.data ?? []).flatMap((e) => {
    const d = describe(e);
    return d ? [{ e, d }] : [];
  });
  return (
    <Section title={title ?? t('devicePanels.events.title')}>
      {history.isPending ? (
        <div className="grid place-items-center py-8 text-muted">
          <Spinner size={22} label={t('common.loading')} />
        </div>
      ) : history.isError ? (
        <p className="px-4 py-6 text-center text-[14px] text-danger" role="alert">
          {t('devicePanels.events.failed')}
        </p>
      ) : lines.length === 0 ? (
        <p className="px-4 py-6 text-center text-[14px] text-muted" data-testid="events-empty">
          {t('devicePanels.events.empty')}
        </p>
      ) : (
        <ol data-testid="event-list" className="divide-y divide-line">
          {lines.map(({ e, d }) => (
            <li key={e.ts} data-testid="event" className="flex items-start gap-3 px-4 py-3">
              <span
                aria-hidden="true"
                className={`mt-1.5 size-2.5 shrink-0 rounded-full ${
                  d.tone === 'alert' ? 'bg-danger' : d.tone === 'quiet' ? 'bg-line' : 'bg-accent'
                }`}
              />
              <span className="min-w-0 flex-1">
                <span className="block text-[15px] font-medium text-ink">{d.text}</span>
                {d.detail ? <span className="mt-0.5 block text-[13px] text-muted">{d.detail}</span> : null}
              </span>
              <time
                dateTime={new Date(e.ts).toISOString()}
                className="shrink-0 text-[13px] text-muted tabular-nums"
              >
                {timeOf(e.ts)}
              </time>
            </li>
          ))}
        </ol>
      )}
    </Section>
  );
}
