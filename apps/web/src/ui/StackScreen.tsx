import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useEntryMotion } from '../hooks/useEntryMotion.ts';
import { paths } from '../routes.ts';
import { BackIcon } from './icons.tsx';

/** Back follows history (spec section 2); a screen opened directly goes back to `fallback`. */
export function useBack(fallback: string = paths.tab('dashboard')) {
  const navigate = useNavigate();
  return () => {
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) void navigate(-1);
    else void navigate(fallback, { replace: true });
  };
}

interface StackScreenProps {
  title: string;
  children: ReactNode;
  /** Shown at the end of the header bar. */
  action?: ReactNode;
  /** Where back leads when the screen was opened directly (a link, a restore). */
  backTo?: string;
  testId?: string;
  /** A sticky footer (the screen's main button). */
  footer?: ReactNode;
  /** How the screen comes in, as the spec lists for it (section 2): from the side or from the bottom. */
  slide?: 'side' | 'bottom';
}

/** A screen stacked on the tab navigator: a sticky bar with back and title, content centred. */
export function StackScreen({ title, children, action, backTo, testId, footer, slide }: StackScreenProps) {
  const { t } = useTranslation();
  const back = useBack(backTo);
  useEffect(() => {
    document.title = `${title} · ${t('app.name')}`;
  }, [title, t]);
  const motion = useEntryMotion(
    slide === 'side' ? 'animate-slide-side' : slide === 'bottom' ? 'animate-slide-up' : '',
  );
  return (
    <div className={`min-h-dvh bg-bg ${motion}`} data-testid={testId}>
      <header className="sticky top-0 z-20 border-b border-line/70 bg-bg/90 pt-[env(safe-area-inset-top)] backdrop-blur-md">
        <div className="mx-auto flex h-14 max-w-2xl items-center gap-1 px-2 sm:px-4">
          <button
            type="button"
            onClick={back}
            aria-label={t('home.back')}
            data-testid="back"
            className="grid size-11 shrink-0 place-items-center rounded-full text-ink hover:bg-surface-2"
          >
            <BackIcon size={24} />
          </button>
          <h1 className="min-w-0 flex-1 truncate px-1 text-lg font-semibold">{title}</h1>
          {action}
        </div>
      </header>
      <main className={`mx-auto max-w-2xl px-4 pt-5 sm:px-6 ${footer ? 'pb-32' : 'pb-10'}`}>{children}</main>
      {footer ? (
        <div className="fixed inset-x-0 bottom-0 z-20 border-t border-line/70 bg-bg/95 pb-[env(safe-area-inset-bottom)] backdrop-blur-md">
          <div className="mx-auto max-w-2xl px-4 py-3 sm:px-6">{footer}</div>
        </div>
      ) : null}
    </div>
  );
}
