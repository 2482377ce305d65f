import PrinterIcon from 'lucide-react/icons/printer';
import './print.css';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { QueryView } from '../../components/QueryView.tsx';
import { useReportQuery } from '../../data/telemetry-history.ts';
import { formatDateTime } from '../../lib/chart-format.ts';
import { reportPaths } from '../../routes.ts';
import { Button } from '../../ui/Button.tsx';
import { BackIcon } from '../../ui/icons.tsx';
import { useBack } from '../../ui/StackScreen.tsx';
import { ReportView } from './ReportView.tsx';

/** A report laid out for paper: the app's chrome hides when printed, the whole history is listed. */
export function ReportPrintScreen() {
  const { t, i18n } = useTranslation();
  const { id = '', reportId = '' } = useParams();
  const back = useBack(reportPaths.deviceReports(id));
  const report = useReportQuery(id, reportId);
  useEffect(() => {
    document.title = `${t('charts.report.title')} · ${t('app.name')}`;
  }, [t]);
  return (
    <div className="min-h-dvh bg-bg print:bg-white print:text-black" data-testid="screen-report-print">
      <div className="sticky top-0 z-20 border-b border-line/70 bg-bg/90 pt-[env(safe-area-inset-top)] backdrop-blur-md print:hidden">
        <div className="mx-auto flex h-14 max-w-3xl items-center gap-2 px-2 sm:px-4">
          <button
            type="button"
            onClick={back}
            aria-label={t('home.back')}
            className="grid size-11 place-items-center rounded-full hover:bg-surface-2"
          >
            <BackIcon size={24} />
          </button>
          <span className="min-w-0 flex-1 truncate text-lg font-semibold">
            {t('charts.report.printable')}
          </span>
          <Button
            className="h-10! px-4 text-[14px]"
            icon={PrinterIcon}
            onClick={() => window.print()}
            data-testid="print"
            nowrap
          >
            {t('charts.report.print')}
          </Button>
        </div>
      </div>
      <main className="mx-auto max-w-3xl px-4 py-6 sm:px-8 print:max-w-none print:p-0">
        <QueryView query={report} retry={false} keepData>
          {(data) => (
            <article className="rounded-3xl bg-surface p-5 shadow-card ring-1 ring-line/60 sm:p-8 print:rounded-none print:p-0 print:shadow-none print:ring-0">
              <header className="mb-5 border-b border-line pb-4">
                <p className="text-[13px] font-semibold tracking-wide text-accent-text uppercase">
                  {t('app.name')}
                </p>
                <h1 className="mt-1 text-2xl font-bold">
                  {t('charts.report.heading', { name: data.deviceLabel })}
                </h1>
                <p className="mt-1 text-[13px] text-muted">
                  {t('charts.report.created', {
                    time: formatDateTime(Date.parse(data.createdAt), i18n.language),
                  })}
                </p>
              </header>
              <ReportView report={data} />
            </article>
          )}
        </QueryView>
      </main>
    </div>
  );
}
