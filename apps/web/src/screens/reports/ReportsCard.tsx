import type { Device } from '@hestia/contract';
import DownloadIcon from 'lucide-react/icons/download';
import FileTextIcon from 'lucide-react/icons/file-text';
import PrinterIcon from 'lucide-react/icons/printer';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Spinner } from '../../components/Spinner.tsx';
import { correctedNow } from '../../data/api.ts';
import { errorText } from '../../data/errors.ts';
import {
  fetchReportCsv,
  saveBlob,
  useGenerateReport,
  useReportQuery,
  useReportsQuery,
} from '../../data/telemetry-history.ts';
import { formatDateTime, fromLocalInput, toLocalInput } from '../../lib/chart-format.ts';
import { reportPaths } from '../../routes.ts';
import { Button } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { DateTimeField } from '../../ui/DateTimeField.tsx';
import { Segmented } from '../../ui/Segmented.tsx';
import { toast } from '../../ui/Toast.tsx';
import { ReportView } from './ReportView.tsx';

const PERIODS = ['24h', '7d', '30d', 'custom'] as const;
type Period = (typeof PERIODS)[number];
const DAY = 86_400_000;

/** Pick a period, generate a report, read it, download it as CSV or open its printable page. */
export function ReportsCard({ device }: { device: Device }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const [period, setPeriod] = useState<Period>('24h');
  const [draft, setDraft] = useState(() => {
    const now = Date.now();
    return { from: toLocalInput(now - DAY), to: toLocalInput(now) };
  });
  const [selected, setSelected] = useState<string | null>(null);
  const [downloading, setDownloading] = useState(false);
  const list = useReportsQuery(device.id);
  const generate = useGenerateReport(device.id);
  const report = useReportQuery(device.id, selected);

  // The newest saved report is shown when the screen opens.
  useEffect(() => {
    if (selected === null && list.data?.[0]) setSelected(list.data[0].id);
  }, [list.data, selected]);

  const rangeOf = (): { startTs: number; endTs: number } | null => {
    if (period !== 'custom') {
      const endTs = correctedNow();
      return { startTs: endTs - (period === '24h' ? 1 : period === '7d' ? 7 : 30) * DAY, endTs };
    }
    const startTs = fromLocalInput(draft.from);
    const endTs = fromLocalInput(draft.to);
    return startTs !== null && endTs !== null && endTs > startTs ? { startTs, endTs } : null;
  };

  const submit = () => {
    const range = rangeOf();
    if (!range) {
      toast.error(t('charts.period.invalid'));
      return;
    }
    generate.mutate(range, {
      onSuccess: (r) => setSelected(r.id),
      onError: (err) => toast.error(errorText(err, t)),
    });
  };

  const download = async () => {
    if (!selected) return;
    setDownloading(true);
    try {
      const { blob, fileName } = await fetchReportCsv(device.id, selected);
      saveBlob(blob, fileName);
    } catch (err) {
      console.warn('Report download failed', err);
      toast.error(t('charts.report.downloadFailed'));
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Card
      title={t('charts.report.title')}
      testId="reports-card"
      aside={<FileTextIcon size={20} className="text-muted" />}
    >
      <Segmented
        look="chips"
        label={t('charts.report.period')}
        options={PERIODS.map((p) => ({ value: p, label: t(`charts.report.periods.${p}`) }))}
        value={period}
        onChange={setPeriod}
        testId="report-period-picker"
      />
      {period === 'custom' ? (
        <div className="mt-3 flex flex-col gap-2 sm:flex-row">
          <DateTimeField
            label={t('charts.period.from')}
            value={draft.from}
            onChange={(from) => setDraft((d) => ({ ...d, from }))}
            testId="report-from"
          />
          <DateTimeField
            label={t('charts.period.to')}
            value={draft.to}
            onChange={(to) => setDraft((d) => ({ ...d, to }))}
            testId="report-to"
          />
        </div>
      ) : null}
      <Button
        className="mt-3 w-full"
        busy={generate.isPending}
        onClick={submit}
        data-testid="generate-report"
      >
        {t('charts.report.generate')}
      </Button>

      {report.data ? (
        <div className="mt-5 border-t border-line pt-4">
          <div className="mb-3 flex flex-wrap gap-2">
            <Button
              variant="secondary"
              className="h-10! flex-1 px-4 text-[14px]"
              icon={DownloadIcon}
              busy={downloading}
              onClick={() => void download()}
              data-testid="download-csv"
              nowrap
            >
              {t('charts.report.csv')}
            </Button>
            <Link
              to={reportPaths.printable(device.id, report.data.id)}
              data-testid="open-printable"
              className="inline-flex h-10 flex-1 items-center justify-center gap-2 rounded-full bg-surface px-4 text-[14px] font-semibold whitespace-nowrap text-ink ring-1 ring-line hover:bg-surface-2"
            >
              <PrinterIcon size={20} />
              {t('charts.report.printable')}
            </Link>
          </div>
          <ReportView report={report.data} historyLimit={8} />
        </div>
      ) : report.isFetching ? (
        <div className="grid place-items-center py-8 text-muted">
          <Spinner size={24} label={t('common.loading')} />
        </div>
      ) : null}

      {list.data && list.data.length > 1 ? (
        <div className="mt-5 border-t border-line pt-3">
          <h3 className="mb-1 text-[15px] font-semibold">{t('charts.report.saved')}</h3>
          <ul className="divide-y divide-line" data-testid="report-list">
            {list.data.map((r) => (
              <li key={r.id}>
                <button
                  type="button"
                  onClick={() => setSelected(r.id)}
                  aria-current={r.id === selected ? 'true' : undefined}
                  className={`flex w-full items-center gap-2 rounded-xl px-2 py-2.5 text-start text-[13px] hover:bg-surface-2 ${
                    r.id === selected ? 'font-semibold text-accent-text' : 'text-ink'
                  }`}
                >
                  <span className="min-w-0 flex-1 truncate">
                    {t('charts.period.between', {
                      from: formatDateTime(r.startTs, language),
                      to: formatDateTime(r.endTs, language),
                    })}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </Card>
  );
}
