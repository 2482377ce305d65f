import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../routes.ts';
import { LogoMark } from '../ui/device-glyphs.tsx';

/**
 * An address no route answers (an old bookmark, a typo, a spec route name): said plainly, with the way
 * to the start page. It is never saved as the place to reopen (issue 17, item 1).
 */
export default function NotFoundScreen() {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = `${t('notFound.title')} · ${t('app.name')}`;
  }, [t]);
  return (
    <main
      className="grid min-h-dvh place-items-center px-6 pt-[env(safe-area-inset-top)] pb-[env(safe-area-inset-bottom)]"
      data-testid="screen-not-found"
    >
      <div className="flex max-w-sm flex-col items-center text-center">
        <LogoMark size={64} className="opacity-80" />
        <h1 className="mt-6 text-2xl font-bold tracking-tight">{t('notFound.title')}</h1>
        <p className="mt-2 text-[15px] text-muted">{t('notFound.body')}</p>
        <Link
          to={paths.splash}
          replace
          data-testid="not-found-home"
          className="mt-8 inline-flex h-12 items-center rounded-full bg-accent px-6 font-semibold text-on-accent shadow-[0_6px_16px_-6px_var(--hx-accent)] active:scale-95"
        >
          {t('notFound.home')}
        </Link>
      </div>
    </main>
  );
}
