import CloudOffIcon from 'lucide-react/icons/cloud-off';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { checkConnection, suppressesNoInternet, useOnline } from '../data/connectivity.ts';
import { Button } from '../ui/Button.tsx';

/**
 * The spec's no-internet modal (section 4), with Try Again. The last known state stays visible behind
 * it; the two device-configuration screens keep it away. Centred, so a toast at the bottom (a command
 * that failed for want of network) does not cover it.
 */
export function NoInternetModal() {
  const { t } = useTranslation();
  const online = useOnline();
  const { pathname } = useLocation();
  const [checking, setChecking] = useState(false);
  const titleId = useId();
  const bodyId = useId();
  const boxRef = useRef<HTMLDivElement>(null);
  const open = !online && !suppressesNoInternet(pathname);

  useEffect(() => {
    if (open) boxRef.current?.querySelector('button')?.focus();
  }, [open]);

  if (!open) return null;
  const retry = async () => {
    setChecking(true);
    // At least a moment of feedback, so a quick "still offline" does not look like nothing happened.
    const [reached] = await Promise.all([checkConnection(), new Promise((r) => setTimeout(r, 400))]);
    if (!reached) setChecking(false);
  };
  return (
    <div className="fixed inset-0 z-[60] flex items-center justify-center bg-black/40 px-4 backdrop-blur-[2px]">
      <div
        ref={boxRef}
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={bodyId}
        data-testid="no-internet-modal"
        className="w-full max-w-md rounded-3xl bg-surface px-6 pt-7 pb-6 text-center text-ink shadow-2xl"
      >
        <span className="mx-auto grid size-14 place-items-center rounded-full bg-danger-soft text-danger">
          <CloudOffIcon size={28} />
        </span>
        <h2 id={titleId} className="mt-4 text-lg font-semibold">
          {t('offline.title')}
        </h2>
        <p id={bodyId} className="mt-2 text-[15px] text-muted">
          {t('offline.body')}
        </p>
        <Button
          className="mt-6 w-full"
          busy={checking}
          onClick={() => void retry()}
          data-testid="no-internet-retry"
        >
          {t('offline.retry')}
        </Button>
      </div>
    </div>
  );
}
