import DownloadIcon from 'lucide-react/icons/download';
import XIcon from 'lucide-react/icons/x';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { localeDigits } from '../../lib/digits.ts';
import {
  type BeforeInstallPromptEvent,
  consumeInstallEvent,
  installPromptDue,
  installState,
  isIos,
  isStandalone,
  onInstallState,
  readLastShown,
  writeLastShown,
} from '../../lib/install-prompt.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';

/**
 * The add-to-home-screen prompt (spec sections 1, 4 and 9): offered when the browser says the app can
 * be installed (`beforeinstallprompt`), or on iOS, where its button opens a guide; not again for 48
 * hours after it was shown or dismissed (Remind later or OK keeps the time); never once installed.
 * 90% wide, 50% on large screens, 30% on extra large.
 */
export function InstallPrompt({ now = Date.now }: { now?: () => number }) {
  const { t, i18n } = useTranslation();
  const [event, setEvent] = useState<BeforeInstallPromptEvent | null>(() => installState().event);
  const [installed, setInstalled] = useState(() => isStandalone(window) || installState().installed);
  const [open, setOpen] = useState(false);
  const [guide, setGuide] = useState(false);
  const ios = isIos(navigator);

  // The events are caught from the first script on (main.tsx), so one fired before this chunk loaded
  // counts; and one fired between this component's first render and this effect is read here once
  // it listens (without that, the offer was lost: the e2e caught it about one run in two).
  useEffect(() => {
    const sync = () => {
      const state = installState();
      setEvent(state.event);
      if (state.installed) {
        setInstalled(true);
        setOpen(false);
      }
    };
    const stop = onInstallState(sync);
    sync();
    return stop;
  }, []);

  useEffect(() => {
    if (installed || (!event && !ios)) return;
    if (installPromptDue(now(), readLastShown(localStorage))) setOpen(true);
  }, [event, ios, installed, now]);

  const done = () => {
    writeLastShown(localStorage, now());
    setOpen(false);
  };
  const install = async () => {
    done();
    if (ios) {
      setGuide(true);
      return;
    }
    if (!event) return;
    consumeInstallEvent();
    await event.prompt();
    const choice = await event.userChoice;
    if (choice.outcome === 'accepted') setInstalled(true);
    setEvent(null);
  };

  if (installed && !guide) return null;
  return (
    <>
      {open ? (
        <section
          role="dialog"
          aria-labelledby="install-prompt-title"
          data-testid="install-prompt"
          className="fixed inset-x-0 bottom-[calc(59px+env(safe-area-inset-bottom)+0.75rem)] z-40 mx-auto w-[90%] animate-slide-up rounded-3xl bg-surface p-4 text-ink shadow-2xl ring-1 ring-line lg:w-1/2 xl:w-[30%]"
        >
          <div className="flex items-start gap-3">
            <span className="grid size-11 shrink-0 place-items-center rounded-2xl bg-accent-soft text-accent-text">
              <DownloadIcon size={22} />
            </span>
            <div className="min-w-0 flex-1">
              <h2 id="install-prompt-title" className="text-base font-bold">
                {t('shell.install.title')}
              </h2>
              <p className="mt-1 text-[13px] text-muted">{t('shell.install.body')}</p>
            </div>
            <button
              type="button"
              onClick={done}
              aria-label={t('shell.install.close')}
              className="grid size-9 shrink-0 place-items-center rounded-full text-muted hover:bg-surface-2"
            >
              <XIcon size={18} />
            </button>
          </div>
          <div className="mt-3 flex flex-wrap justify-end gap-2">
            <Button variant="ghost" onClick={done} data-testid="install-later">
              {t('shell.install.later')}
            </Button>
            <Button onClick={() => void install()} data-testid="install-ok">
              {t('shell.install.ok')}
            </Button>
          </div>
        </section>
      ) : null}
      <Dialog
        open={guide}
        onClose={() => setGuide(false)}
        title={t('shell.install.iosTitle')}
        testId="install-ios-guide"
      >
        <ol className="space-y-2 text-[15px]">
          {(['iosStep1', 'iosStep2', 'iosStep3'] as const).map((step, i) => (
            <li key={step} className="flex gap-2">
              <span aria-hidden className="font-semibold text-accent-text">
                {localeDigits(String(i + 1), i18n.language)}.
              </span>
              <span>{t(`shell.install.${step}`)}</span>
            </li>
          ))}
        </ol>
      </Dialog>
    </>
  );
}
