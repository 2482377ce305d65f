import { type ButtonHTMLAttributes, type ComponentType, type ReactNode, useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { paths } from '../routes.ts';
import { AlertIcon, BackIcon, ChevronEndIcon } from '../ui/icons.tsx';
import { Spinner } from './Spinner.tsx';

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
  backTo?: string;
  testId?: string;
  /** A sticky footer (the screen's main button). */
  footer?: ReactNode;
}

/** A screen stacked on the tab navigator: a sticky bar with back and title, content centred. */
export function StackScreen({ title, children, action, backTo, testId, footer }: StackScreenProps) {
  const { t } = useTranslation();
  const back = useBack(backTo);
  useEffect(() => {
    document.title = `${title} · ${t('app.name')}`;
  }, [title, t]);
  return (
    <div className="min-h-dvh bg-bg" data-testid={testId}>
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

/** A white group of rows, iOS-settings style. */
export function Section({
  title,
  children,
  hint,
}: {
  title?: string;
  children: ReactNode;
  hint?: ReactNode;
}) {
  const id = useId();
  return (
    <section aria-labelledby={title ? id : undefined} className="mb-6">
      {title ? (
        <h2 id={id} className="mb-2 px-4 text-[13px] font-semibold tracking-wide text-muted uppercase">
          {title}
        </h2>
      ) : null}
      <div className="divide-y divide-line overflow-hidden rounded-3xl bg-surface shadow-card ring-1 ring-line/60">
        {children}
      </div>
      {hint ? <p className="mt-2 px-4 text-[13px] leading-relaxed text-muted">{hint}</p> : null}
    </section>
  );
}

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

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: 'primary' | 'secondary' | 'danger' | 'ghost';
  busy?: boolean;
  icon?: ComponentType<{ size?: number }>;
  /**
   * A pill sized by its label (Send QR image, Download CSV): the label stays on one line and a row of
   * pills wraps whole pills instead. Without it a long label (fa, tr) wraps inside a full-width button.
   */
  nowrap?: boolean;
};

const VARIANTS = {
  primary: 'bg-accent text-on-accent shadow-[0_8px_20px_-10px_var(--hx-accent)]',
  secondary: 'bg-surface text-ink ring-1 ring-line hover:bg-surface-2',
  danger: 'bg-danger text-white',
  ghost: 'text-accent-text hover:bg-accent-soft',
} as const;

export function Button({
  variant = 'primary',
  busy,
  icon: Icon,
  children,
  className = '',
  disabled,
  nowrap = false,
  ...rest
}: ButtonProps) {
  return (
    <button
      type="button"
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      className={`inline-flex h-12 items-center justify-center gap-2 rounded-full px-6 text-[15px] font-semibold transition active:scale-[0.98] disabled:opacity-50 ${VARIANTS[variant]} ${className}`}
      {...rest}
    >
      {busy ? <Spinner size={18} /> : Icon ? <Icon size={20} /> : null}
      <span className={nowrap ? 'whitespace-nowrap' : 'min-w-0 text-center leading-tight'}>{children}</span>
    </button>
  );
}

interface TextFieldProps {
  label: string;
  value: string;
  onChange(value: string): void;
  error?: string | null;
  placeholder?: string;
  maxLength?: number;
  autoFocus?: boolean;
  testId?: string;
}

export function TextField({
  label,
  value,
  onChange,
  error,
  placeholder,
  maxLength = 64,
  autoFocus,
  testId,
}: TextFieldProps) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block px-1 text-sm font-medium text-ink">
        {label}
      </label>
      <input
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        placeholder={placeholder}
        maxLength={maxLength}
        // biome-ignore lint/a11y/noAutofocus: the form's only field, opened to be typed in.
        autoFocus={autoFocus}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        data-testid={testId}
        className={`h-12 w-full rounded-2xl border bg-surface px-4 text-[16px] text-ink outline-none placeholder:text-muted/70 focus:border-accent ${
          error ? 'border-danger' : 'border-line'
        }`}
      />
      {error ? (
        <p id={`${id}-error`} role="alert" className="mt-1.5 px-1 text-[13px] text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function EmptyState({
  icon: Icon,
  title,
  body,
  action,
}: {
  icon: ComponentType<{ size?: number }>;
  title: string;
  body?: string;
  action?: ReactNode;
}) {
  return (
    <div className="flex flex-col items-center rounded-3xl bg-surface px-6 py-12 text-center shadow-card ring-1 ring-line/60">
      <span className="grid size-16 place-items-center rounded-full bg-accent-soft text-accent-text">
        <Icon size={30} />
      </span>
      <p className="mt-4 font-semibold">{title}</p>
      {body ? <p className="mt-1 max-w-xs text-sm text-muted">{body}</p> : null}
      {action ? <div className="mt-5">{action}</div> : null}
    </div>
  );
}

export function ErrorState({ message, onRetry }: { message: string; onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <div
      role="alert"
      className="flex flex-col items-center rounded-3xl bg-surface px-6 py-10 text-center shadow-card ring-1 ring-line/60"
    >
      <span className="grid size-14 place-items-center rounded-full bg-danger-soft text-danger">
        <AlertIcon size={28} />
      </span>
      <p className="mt-4 max-w-xs text-[15px] font-medium">{message}</p>
      {onRetry ? (
        <Button className="mt-5" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      ) : null}
    </div>
  );
}

export function LoadingBlock() {
  const { t } = useTranslation();
  return (
    <div className="grid place-items-center py-16 text-muted">
      <Spinner size={28} label={t('common.loading')} />
    </div>
  );
}

export const GRID = 'grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4 xl:grid-cols-5';

/** Header buttons: 44 px round, quiet. */
export const HEADER_BUTTON =
  'grid size-11 place-items-center rounded-full bg-surface text-ink shadow-card ring-1 ring-line/60 hover:bg-surface-2';
