import BellIcon from 'lucide-react/icons/bell';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useUnreadCountQuery } from '../../data/notifications.ts';
import { localeDigits } from '../../lib/digits.ts';
import { shellPaths } from '../../routes.ts';

/** The header's bell: opens the inbox; its badge counts the unread notifications (99+ past 99). */
export function NotificationBell({ className = '' }: { className?: string }) {
  const { t, i18n } = useTranslation();
  const unread = useUnreadCountQuery().data ?? 0;
  const shown = unread > 99 ? '99+' : String(unread);
  return (
    <Link
      to={shellPaths.notifications()}
      aria-label={unread > 0 ? t('notifications.bellUnread', { count: unread }) : t('notifications.bell')}
      data-testid="notification-bell"
      className={`relative ${className}`}
    >
      <BellIcon size={22} />
      {unread > 0 ? (
        <span
          data-testid="notification-badge"
          aria-hidden
          className="absolute -end-0.5 -top-0.5 grid h-5 min-w-5 place-items-center rounded-full bg-danger px-1 text-[11px] leading-none font-bold text-on-danger ring-2 ring-bg"
        >
          {localeDigits(shown, i18n.language)}
        </span>
      ) : null}
    </Link>
  );
}
