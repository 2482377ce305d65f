import DownloadIcon from 'lucide-react/icons/download';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../data/errors.ts';
import { currentLanguage } from '../../i18n/index.ts';
import { localeDigits } from '../../lib/digits.ts';
import {
  type DatasetPhase,
  datasetPresent,
  downloadDataset,
  storedSummary,
} from '../../lib/voice/dataset.ts';
import { Button } from '../../ui/Button.tsx';
import { Section } from '../../ui/Section.tsx';

function sizeText(bytes: number, language: string): string {
  const mb = bytes >= 1024 * 1024;
  return new Intl.NumberFormat(language, {
    style: 'unit',
    unit: mb ? 'megabyte' : 'kilobyte',
    maximumFractionDigits: 1,
  }).format(mb ? bytes / (1024 * 1024) : Math.max(0.1, bytes / 1024));
}

/**
 * The voice data set (`files/vr-dataset`) for offline use: download with its percent, then an
 * extracting phase, then what is kept on this device (spec section 5's display states).
 */
export function DatasetSection() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const [state, setState] = useState<DatasetPhase>(() => {
    const summary = storedSummary();
    return summary ? { phase: 'ready', summary } : { phase: 'idle' };
  });
  useEffect(() => {
    // A browser may have evicted the cache since: then it is not ready any more.
    void datasetPresent().then((present) => {
      if (!present) setState((s) => (s.phase === 'ready' ? { phase: 'idle' } : s));
    });
  }, []);
  const busy = state.phase === 'downloading' || state.phase === 'extracting';
  const percent = state.phase === 'downloading' ? state.percent : null;

  const status =
    state.phase === 'downloading'
      ? t('voice.dataset.downloading', { percent: localeDigits(String(percent ?? 0), language) })
      : state.phase === 'extracting'
        ? t('voice.dataset.extracting')
        : state.phase === 'ready'
          ? t('voice.dataset.ready', {
              files: localeDigits(String(state.summary.files), language),
              size: sizeText(state.summary.bytes, language),
            })
          : state.phase === 'failed'
            ? `${t('voice.dataset.failed')} ${errorText(state.error, t)}`
            : t('voice.dataset.notYet');

  return (
    <Section title={t('voice.dataset.title')} hint={t('voice.dataset.hint')}>
      <div className="flex flex-col gap-3 px-4 py-3.5">
        <div className="flex items-center gap-3">
          <p
            className={`min-w-0 flex-1 text-[14px] ${state.phase === 'failed' ? 'text-danger' : 'text-ink'}`}
            data-testid="voice-dataset-status"
            data-phase={state.phase}
            aria-live="polite"
          >
            {status}
          </p>
          <Button
            variant="secondary"
            icon={DownloadIcon}
            busy={busy}
            nowrap
            data-testid="voice-dataset-download"
            onClick={() =>
              void downloadDataset(setState).catch((error: unknown) => setState({ phase: 'failed', error }))
            }
          >
            {state.phase === 'ready' ? t('voice.dataset.again') : t('voice.dataset.download')}
          </Button>
        </div>
        {busy ? (
          <div
            role="progressbar"
            aria-label={t('voice.dataset.title')}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={state.phase === 'downloading' ? (percent ?? undefined) : undefined}
            className="h-2 overflow-hidden rounded-full bg-surface-2"
          >
            <div
              className={`h-full rounded-full bg-accent transition-[width] ${state.phase === 'extracting' ? 'animate-pulse' : ''}`}
              style={{ width: `${state.phase === 'extracting' ? 100 : (percent ?? 0)}%` }}
            />
          </div>
        ) : null}
      </div>
    </Section>
  );
}
