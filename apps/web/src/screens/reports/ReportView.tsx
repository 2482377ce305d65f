import type { Report } from '@hestia/contract';
import { useTranslation } from 'react-i18next';
import { formatAmount, formatDateTime, formatMoney } from '../../lib/chart-format.ts';
import { Stat } from '../../ui/Stat.tsx';
import { DeviceHistoryList } from './DeviceHistoryList.tsx';
import { durationText, keyTitle } from './report-text.ts';

/** A generated report: period, on-time per output, energy and cost, events and faults. */
export function ReportView({ report, historyLimit }: { report: Report; historyLimit?: number }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  // Outputs always count; another 0/1 key (a beeper, a lock) only when it was on at all.
  const onTimes = Object.entries(report.onTimeMs).filter(([key, ms]) => /^relay_\d+$/.test(key) || ms > 0);
  return (
    <div data-testid="report-view" data-report-id={report.id}>
      <p className="mb-3 text-[13px] text-muted" data-testid="report-period">
        {t('charts.period.between', {
          from: formatDateTime(report.startTs, language),
          to: formatDateTime(report.endTs, language),
        })}
      </p>
      <div className="grid grid-cols-2 gap-2.5 sm:grid-cols-3 print:grid-cols-3">
        <Stat
          label={t('charts.report.energy')}
          value={
            report.energyKwh === null
              ? '—'
              : t('charts.unit.kwh', { value: formatAmount(report.energyKwh, language, 3) })
          }
          testId="report-energy"
        />
        <Stat
          label={t('charts.report.cost')}
          value={
            report.cost === null || !report.currency
              ? '—'
              : formatMoney(report.cost, report.currency, language)
          }
          testId="report-cost"
        />
        {onTimes.map(([key, ms]) => (
          <Stat
            key={key}
            label={t('charts.report.onTime', { name: keyTitle(key, t, language) })}
            value={durationText(ms, t, language)}
            testId={`report-on-${key}`}
          />
        ))}
        <Stat label={t('charts.report.events')} value={formatAmount(report.events.length, language, 0)} />
        <Stat label={t('charts.report.errors')} value={formatAmount(report.errors.length, language, 0)} />
      </div>
      {report.cost === null && report.energyKwh !== null ? (
        <p className="mt-2 px-1 text-[12px] text-muted">{t('charts.report.noTariff')}</p>
      ) : null}
      <h3 className="mt-5 mb-1 text-[15px] font-semibold">{t('charts.history.events')}</h3>
      <DeviceHistoryList report={report} limit={historyLimit} />
    </div>
  );
}
