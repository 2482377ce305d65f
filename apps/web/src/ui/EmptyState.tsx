import CircleAlertIcon from 'lucide-react/icons/circle-alert';
import type { ComponentType, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../components/Spinner.tsx';
import { Button } from './Button.tsx';

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
        <CircleAlertIcon size={28} />
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
