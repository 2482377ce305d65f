import type { ComponentType, ReactNode } from 'react';
import { Link } from 'react-router';
import { ChevronEndIcon } from './icons.tsx';

interface RowProps {
  icon?: ComponentType<{ size?: number }>;
  title: ReactNode;
  subtitle?: ReactNode;
  /** Shown before the chevron. */
  trailing?: ReactNode;
  to?: string;
  onClick?: () => void;
  tone?: 'default' | 'danger';
  disabled?: boolean;
  testId?: string;
}

/** A 56 px row: a link, a button, or static text. */
export function Row({
  icon: Icon,
  title,
  subtitle,
  trailing,
  to,
  onClick,
  tone,
  disabled,
  testId,
}: RowProps) {
  const danger = tone === 'danger';
  const body = (
    <>
      {Icon ? (
        <span
          className={`grid size-9 shrink-0 place-items-center rounded-xl ${
            danger ? 'bg-danger-soft text-danger' : 'bg-accent-soft text-accent-text'
          }`}
        >
          <Icon size={20} />
        </span>
      ) : null}
      <span className="min-w-0 flex-1 text-start">
        <span className={`block truncate text-[15px] font-medium ${danger ? 'text-danger' : 'text-ink'}`}>
          {title}
        </span>
        {subtitle ? (
          <span className="mt-0.5 block text-[13px] leading-snug text-muted">{subtitle}</span>
        ) : null}
      </span>
      {trailing}
      {to || onClick ? <ChevronEndIcon size={18} className="shrink-0 text-muted" /> : null}
    </>
  );
  const cls = `flex min-h-14 w-full items-center gap-3 px-4 py-2.5 ${
    disabled
      ? 'opacity-50'
      : to || onClick
        ? 'transition-colors hover:bg-surface-2/60 active:bg-surface-2'
        : ''
  }`;
  if (to && !disabled)
    return (
      <Link to={to} className={cls} data-testid={testId}>
        {body}
      </Link>
    );
  if (onClick)
    return (
      <button type="button" onClick={onClick} disabled={disabled} className={cls} data-testid={testId}>
        {body}
      </button>
    );
  return (
    <div className={cls} data-testid={testId}>
      {body}
    </div>
  );
}
