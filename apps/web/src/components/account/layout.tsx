import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useEntryMotion } from '../../hooks/useEntryMotion.ts';
import { LogoMark } from '../../ui/device-glyphs.tsx';
import { BackIcon } from '../../ui/icons.tsx';
import { LanguageSelect } from '../LanguageSelect.tsx';

/** The frame of the logged-out screens: brand, language, a soft accent glow, one centred card. */
export function AuthLayout({
  title,
  subtitle,
  back,
  children,
  footer,
  testId,
}: {
  title: string;
  subtitle?: ReactNode;
  /** Where the back button leads; none on the first screen. */
  back?: string;
  children: ReactNode;
  footer?: ReactNode;
  testId?: string;
}) {
  const { t } = useTranslation();
  const motion = useEntryMotion('animate-slide-side');
  useEffect(() => {
    document.title = `${title} · ${t('app.name')}`;
  }, [title, t]);
  return (
    <div className="relative flex min-h-dvh flex-col overflow-hidden" data-testid={testId}>
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-0 top-0 h-[420px] bg-[radial-gradient(ellipse_at_top,var(--hx-accent-soft),transparent_70%)]"
      />
      <header className="relative flex items-center justify-between gap-3 px-5 pt-[calc(env(safe-area-inset-top)+1rem)] sm:px-8">
        <div className="flex items-center gap-2.5">
          {back ? (
            <Link
              to={back}
              aria-label={t('account.common.back')}
              data-testid="back"
              className="-ms-2 grid size-11 place-items-center rounded-full text-ink transition hover:bg-surface-2"
            >
              <BackIcon size={22} />
            </Link>
          ) : null}
          <LogoMark size={36} className="drop-shadow-sm" />
          <span className="text-lg font-bold tracking-tight">{t('app.name')}</span>
        </div>
        <LanguageSelect />
      </header>
      <main className="relative flex flex-1 items-start justify-center px-5 pt-10 pb-10 sm:items-center sm:pt-6">
        <div className={`w-full max-w-[420px] ${motion}`}>
          <h1 className="text-[28px] leading-tight font-bold tracking-tight">{title}</h1>
          {subtitle ? <p className="mt-2 text-muted">{subtitle}</p> : null}
          {children}
          {footer ? <div className="mt-6 text-center text-sm text-muted">{footer}</div> : null}
        </div>
      </main>
    </div>
  );
}
