import { useTranslation } from 'react-i18next';
import { useDeviceFreshness } from '../data/freshness.ts';
import { formatDateTime } from '../lib/chart-format.ts';

/**
 * The 'stale' badge (issue 6): shown while a device's values come from the last known state and live
 * data has not confirmed them; renders nothing once they are live.
 */
export function StaleBadge({
  deviceId,
  deviceProfileId,
  className = '',
}: {
  deviceId: string;
  deviceProfileId?: string;
  className?: string;
}) {
  const { t, i18n } = useTranslation();
  const { stale, lastSeen } = useDeviceFreshness(deviceId, deviceProfileId);
  if (!stale) return null;
  const since = lastSeen
    ? t('charts.freshness.lastSeen', { time: formatDateTime(lastSeen, i18n.language) })
    : undefined;
  return (
    <span
      data-testid="stale-badge"
      title={since}
      className={`inline-flex items-center gap-1 rounded-full bg-amber-500/15 px-2 py-0.5 text-[11px] font-semibold text-amber-700 dark:text-amber-300 ${className}`}
    >
      <span aria-hidden="true" className="size-1.5 rounded-full bg-amber-500" />
      {t('charts.freshness.stale')}
      {since ? <span className="sr-only">{`, ${since}`}</span> : null}
    </span>
  );
}
