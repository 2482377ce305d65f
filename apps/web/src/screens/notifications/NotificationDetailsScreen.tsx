import Trash2Icon from 'lucide-react/icons/trash-2';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { errorText } from '../../data/errors.ts';
import { useDeleteNotification, useMarkSeen, useNotificationQuery } from '../../data/notifications.ts';
import { currentLanguage } from '../../i18n/index.ts';
import { formatDateTime } from '../../lib/date-format.ts';
import { homePaths, shellPaths } from '../../routes.ts';
import { Button } from '../../ui/Button.tsx';
import { ConfirmDialog } from '../../ui/Dialog.tsx';
import { ErrorState, LoadingBlock } from '../../ui/EmptyState.tsx';
import { StackScreen } from '../../ui/StackScreen.tsx';
import { toast } from '../../ui/Toast.tsx';
import { notificationText } from './notification-text.ts';

/** One notification (spec: notification-details-screen [id]): opening it marks it read. */
export default function NotificationDetailsScreen() {
  const { id = '' } = useParams();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const language = currentLanguage();
  const query = useNotificationQuery(id);
  const seen = useMarkSeen();
  const remove = useDeleteNotification();
  const [confirm, setConfirm] = useState(false);
  const n = query.data;
  const unread = n !== undefined && n.seenTime === null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per unread notification opened
  useEffect(() => {
    if (unread) seen.mutate(id);
  }, [unread, id]);
  const text = n ? notificationText(n, t, language) : null;
  return (
    <StackScreen
      title={t('notifications.details')}
      backTo={shellPaths.notifications()}
      testId="screen-notification-details"
      action={
        n ? (
          <Button
            variant="ghost"
            icon={Trash2Icon}
            onClick={() => setConfirm(true)}
            data-testid="notification-delete"
          >
            {t('notifications.delete')}
          </Button>
        ) : null
      }
    >
      {query.isPending ? (
        <LoadingBlock />
      ) : !n || !text ? (
        <ErrorState message={query.error ? errorText(query.error, t) : t('notifications.notFound')} />
      ) : (
        <article className="rounded-3xl bg-surface p-5 shadow-card ring-1 ring-line/60">
          <p className="text-xs font-semibold tracking-wide text-accent-text uppercase">
            {t(`notifications.kind.${n.kind}`)}
          </p>
          <h2 className="mt-1 text-xl font-bold" data-testid="notification-title">
            {text.title}
          </h2>
          <p className="mt-3 text-[15px] leading-relaxed" data-testid="notification-body">
            {text.body}
          </p>
          <p className="mt-4 text-xs text-muted">
            {t('notifications.sent', { time: formatDateTime(new Date(n.sendTime), language) })}
          </p>
          {n.deviceId ? (
            <Button
              variant="secondary"
              className="mt-5"
              onClick={() => void navigate(homePaths.deviceSetting(n.deviceId as string))}
              data-testid="notification-device"
            >
              {t('notifications.openDevice')}
            </Button>
          ) : null}
        </article>
      )}
      <ConfirmDialog
        open={confirm}
        title={t('notifications.delete')}
        body={text?.title ?? ''}
        confirmLabel={t('notifications.delete')}
        danger
        busy={remove.isPending}
        onClose={() => setConfirm(false)}
        onConfirm={() =>
          remove.mutate(id, {
            onSuccess: () => {
              toast.success(t('notifications.deleted'));
              void navigate(shellPaths.notifications(), { replace: true });
            },
            onError: (err) => toast.error(errorText(err, t)),
          })
        }
      />
    </StackScreen>
  );
}
