import type { NotificationDetails } from '@hestia/contract';
import BellIcon from 'lucide-react/icons/bell';
import BellOffIcon from 'lucide-react/icons/bell-off';
import CheckCheckIcon from 'lucide-react/icons/check-check';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorText } from '../../data/errors.ts';
import { type InboxStatus, useInboxQuery, useReadAll } from '../../data/notifications.ts';
import { currentLanguage } from '../../i18n/index.ts';
import { formatDateTime } from '../../lib/date-format.ts';
import { paths, shellPaths } from '../../routes.ts';
import { Button } from '../../ui/Button.tsx';
import { EmptyState, ErrorState, LoadingBlock } from '../../ui/EmptyState.tsx';
import { Segmented } from '../../ui/Segmented.tsx';
import { StackScreen } from '../../ui/StackScreen.tsx';
import { toast } from '../../ui/Toast.tsx';
import { notificationText } from './notification-text.ts';
import { PushToggle } from './PushToggle.tsx';

function InboxRow({ n }: { n: NotificationDetails }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const { title, body } = notificationText(n, t, language);
  const unread = n.seenTime === null;
  return (
    <li>
      <Link
        to={shellPaths.notificationDetails(n.id)}
        data-testid="notification-row"
        data-unread={unread}
        className="flex min-h-16 items-start gap-3 px-4 py-3 transition-colors hover:bg-surface-2/60"
      >
        <span
          aria-hidden
          className={`mt-2 size-2.5 shrink-0 rounded-full ${unread ? 'bg-accent' : 'bg-transparent'}`}
        />
        <span className="min-w-0 flex-1">
          <span className="flex items-baseline justify-between gap-3">
            <span
              className={`truncate text-[15px] ${unread ? 'font-bold text-ink' : 'font-medium text-ink/80'}`}
            >
              {unread ? <span className="sr-only">{t('notifications.unread')}: </span> : null}
              {title}
            </span>
            <time className="shrink-0 text-xs text-muted" dateTime={n.sendTime}>
              {formatDateTime(new Date(n.sendTime), language)}
            </time>
          </span>
          <span className={`mt-0.5 line-clamp-2 block text-[13px] ${unread ? 'text-ink' : 'text-muted'}`}>
            {body}
          </span>
        </span>
      </Link>
    </li>
  );
}

/** The inbox (spec: notifications-screen): newest first, a page at a time, unread in bold. */
export default function NotificationsScreen() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<InboxStatus>('all');
  const inbox = useInboxQuery(status);
  const readAll = useReadAll();
  const list = inbox.data?.pages.flat() ?? [];
  const anyUnread = list.some((n) => n.seenTime === null);
  return (
    <StackScreen
      title={t('notifications.title')}
      slide="bottom"
      backTo={paths.tab('dashboard')}
      testId="screen-notifications"
      action={
        <Button
          variant="ghost"
          icon={CheckCheckIcon}
          disabled={!anyUnread}
          busy={readAll.isPending}
          onClick={() => readAll.mutate(undefined, { onError: (err) => toast.error(errorText(err, t)) })}
          data-testid="read-all"
        >
          {t('notifications.readAll')}
        </Button>
      }
    >
      <PushToggle />
      <div className="mb-4">
        <Segmented
          label={t('notifications.title')}
          value={status}
          onChange={setStatus}
          testId="inbox-filter"
          options={(['all', 'unread', 'read'] as const).map((s) => ({
            value: s,
            label: t(`notifications.filter.${s}`),
          }))}
        />
      </div>
      {inbox.isPending ? (
        <LoadingBlock />
      ) : inbox.isError && list.length === 0 ? (
        <ErrorState message={errorText(inbox.error, t)} onRetry={() => void inbox.refetch()} />
      ) : list.length === 0 ? (
        <EmptyState
          icon={status === 'all' ? BellIcon : BellOffIcon}
          title={t('notifications.empty')}
          body={t('notifications.emptyBody')}
        />
      ) : (
        <>
          <ul
            data-testid="inbox"
            className="divide-y divide-line overflow-hidden rounded-3xl bg-surface shadow-card ring-1 ring-line/60"
          >
            {list.map((n) => (
              <InboxRow key={n.id} n={n} />
            ))}
          </ul>
          {inbox.hasNextPage ? (
            <div className="mt-4 flex justify-center">
              <Button
                variant="secondary"
                busy={inbox.isFetchingNextPage}
                onClick={() => void inbox.fetchNextPage()}
                data-testid="inbox-more"
              >
                {t('notifications.more')}
              </Button>
            </div>
          ) : null}
        </>
      )}
    </StackScreen>
  );
}
