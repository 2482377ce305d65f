import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';

interface PageHeaderProps {
  title: string;
  subtitle?: ReactNode;
  /** Shown at the end of the title row. */
  aside?: ReactNode;
  children?: ReactNode;
  className?: string;
}

/** A tab's title block; also names the browser tab. */
export function PageHeader({ title, subtitle, aside, children, className = '' }: PageHeaderProps) {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = `${title} · ${t('app.name')}`;
  }, [title, t]);

  return (
    <header className={`pt-[calc(env(safe-area-inset-top)+1.5rem)] ${className}`}>
      <div className="flex items-end justify-between gap-3">
        <div className="min-w-0">
          <h1 className="truncate text-[28px] leading-tight font-bold tracking-tight">{title}</h1>
          {subtitle ? <p className="mt-1 text-sm text-muted">{subtitle}</p> : null}
        </div>
        {aside}
      </div>
      {children}
    </header>
  );
}
