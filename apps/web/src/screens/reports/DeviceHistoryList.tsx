import type { Report } from '@hestia/contract';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatAmount, formatDateTime } from '../../lib/chart-format.ts';
import { isOn } from '../../lib/device-state.ts';
import { keyTitle } from './report-text.ts';

type Entry = Report['events'][number] & { kind: 'event' | 'error' };

const FW_STATES = ['INITIATED', 'DOWNLOADING', 'DOWNLOADED', 'UPDATING', 'UPDATED', 'FAILED'] as const;
type FwState = (typeof FW_STATES)[number];
const isFwState = (v: string): v is FwState => (FW_STATES as readonly string[]).includes(v);

/** What an event is about: a 0/1 key turning on or off, a firmware change, or a share. */
function eventKind(e: Entry): 'error' | 'firmware' | 'share' | 'onOff' {
  if (e.kind === 'error') return 'error';
  if (e.key === 'current_fw_version' || e.key === 'fw_state') return 'firmware';
  if (e.key.startsWith('share.')) return 'share';
  return 'onOff';
}

function entryText(e: Entry, t: TFunction, language: string): string {
  switch (eventKind(e)) {
    case 'error':
      return t('charts.history.fault', { key: e.key, value: e.value });
    case 'firmware': {
      if (e.key === 'current_fw_version') {
        const n = Number(e.value);
        const value =
          /^\d+$/.test(e.value) && Number.isSafeInteger(n) ? formatAmount(n, language, 0) : e.value;
        return t('charts.history.firmwareVersion', { value });
      }
      const state = isFwState(e.value) ? t(`charts.history.fwState.${e.value}`) : e.value;
      return t('charts.history.firmwareState', { state });
    }
    case 'share': {
      // Isolated, so an e-mail keeps its own direction inside a right-to-left sentence.
      const who = e.value ? `\u2068${e.value}\u2069` : t('charts.history.someone');
      if (e.key === 'share.accepted') return t('charts.history.shareAccepted', { who });
      if (e.key === 'share.revoked') return t('charts.history.shareRevoked', { who });
      return e.value ? t('charts.history.shareCreated', { who }) : t('charts.history.shareInvited');
    }
    case 'onOff': {
      if (e.key === 'active')
        return t(isOn(e.value) ? 'charts.history.connected' : 'charts.history.disconnected');
      return t(isOn(e.value) ? 'charts.history.turnedOn' : 'charts.history.turnedOff', {
        name: keyTitle(e.key, t, language),
      });
    }
  }
}

const DOT: Record<ReturnType<typeof eventKind>, string> = {
  error: 'bg-danger',
  firmware: 'bg-accent',
  share: 'bg-accent/50',
  onOff: 'bg-muted/50',
};

/** A report's events (on and off, firmware, shares) and faults, newest first. */
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
          const kind = eventKind(e);
          const dot = kind === 'onOff' && isOn(e.value) ? 'bg-success' : DOT[kind];
          return (
            <li
              key={`${e.ts}-${e.kind}-${e.key}-${e.value}`}
              className="flex items-start gap-3 py-2.5"
              data-kind={kind === 'onOff' ? e.kind : kind}
            >
              <span aria-hidden="true" className={`mt-1.5 size-2.5 shrink-0 rounded-full ${dot}`} />
              <span className="min-w-0 flex-1">
                <span className="block text-[14px] font-medium break-words">{entryText(e, t, language)}</span>
                <time
                  dateTime={new Date(e.ts).toISOString()}
                  className="block text-[12px] text-muted tabular-nums"
                >
                  {formatDateTime(e.ts, language)}
                </time>
              </span>
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
