import type { Device } from '@hestia/contract';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeviceCard, DeviceCardSkeleton } from '../components/DeviceCard.tsx';
import { AlertIcon, DevicesIcon } from '../components/icons.tsx';
import { PageHeader } from '../components/PageHeader.tsx';
import { RoomMenu } from '../components/RoomMenu.tsx';
import { Spinner } from '../components/Spinner.tsx';
import { useDevicesQuery } from '../data/devices.ts';
import { errorText } from '../data/errors.ts';
import { useLiveStore } from '../data/live.ts';
import { currentLanguage } from '../i18n/index.ts';
import { cardStateOf } from '../lib/device-state.ts';

const GRID = 'grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4 xl:grid-cols-5';

/** Rooms come from the devices' assetLabel until the asset routes exist. */
function roomsOf(devices: readonly Device[], language: string): string[] {
  const names = new Set(devices.map((d) => d.assetLabel).filter((n): n is string => !!n));
  return [...names].sort((a, b) => a.localeCompare(b, language));
}

function DeviceGrid({ devices }: { devices: readonly Device[] }) {
  return (
    <div className={GRID}>
      {devices.map((device) => (
        <DeviceCard key={device.id} device={device} />
      ))}
    </div>
  );
}

export default function DashboardScreen() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const query = useDevicesQuery();
  const devices = query.data ?? [];
  const rooms = useMemo(() => roomsOf(query.data ?? [], language), [query.data, language]);
  const [picked, setPicked] = useState<string | null>(null);
  const room = picked !== null && rooms.includes(picked) ? picked : null;
  const visible = room === null ? devices : devices.filter((d) => d.assetLabel === room);

  const onlineCount = useLiveStore(
    (s) => devices.filter((d) => cardStateOf(s.values[d.id]) === 'online').length,
  );
  const socketLost = useLiveStore((s) => s.socketConnected === false);

  // With 'all rooms' chosen the grid is grouped by room, devices without a room last.
  const groups = useMemo(() => {
    if (room !== null) return [{ room, devices: visible }];
    const byRoom = rooms.map((r) => ({
      room: r as string | null,
      devices: visible.filter((d) => d.assetLabel === r),
    }));
    const loose = visible.filter((d) => !d.assetLabel);
    return loose.length ? [...byRoom, { room: null, devices: loose }] : byRoom;
  }, [room, rooms, visible]);

  const subtitle = query.data
    ? `${t('dashboard.deviceCount', { count: devices.length })}${t('common.separator')}${t('dashboard.onlineCount', { count: onlineCount })}`
    : '\u00a0';

  return (
    <div className="mx-auto max-w-6xl px-4 sm:px-6">
      <PageHeader
        title={t('dashboard.place')}
        subtitle={<span data-testid="dashboard-summary">{subtitle}</span>}
        aside={
          socketLost ? (
            <span
              role="status"
              className="mb-1 inline-flex items-center gap-2 rounded-full bg-surface px-3 py-1.5 text-xs text-muted ring-1 ring-line"
            >
              <Spinner size={12} />
              <span className="hidden sm:inline">{t('dashboard.liveLost')}</span>
            </span>
          ) : null
        }
      >
        {query.data && rooms.length > 0 ? (
          <RoomMenu rooms={rooms} selected={room} onSelect={setPicked} />
        ) : null}
      </PageHeader>

      <section aria-label={t('tabs.devices')} className="mt-6" aria-busy={query.isPending}>
        {query.isPending ? (
          <div className={GRID}>
            {[0, 1, 2, 3].map((i) => (
              <DeviceCardSkeleton key={i} />
            ))}
          </div>
        ) : query.isError ? (
          <div
            role="alert"
            className="flex flex-col items-center rounded-3xl bg-surface px-6 py-10 text-center shadow-card"
          >
            <span className="grid size-14 place-items-center rounded-full bg-danger-soft text-danger">
              <AlertIcon size={28} />
            </span>
            <p className="mt-4 font-semibold">{t('dashboard.loadFailed')}</p>
            <p className="mt-1 text-sm text-muted">{errorText(query.error, t)}</p>
            <button
              type="button"
              onClick={() => void query.refetch()}
              className="mt-5 h-11 rounded-full bg-accent px-6 text-sm font-semibold text-on-accent"
            >
              {t('common.retry')}
            </button>
          </div>
        ) : devices.length === 0 ? (
          <div className="flex flex-col items-center rounded-3xl bg-surface px-6 py-12 text-center shadow-card">
            <span className="grid size-16 place-items-center rounded-full bg-accent-soft text-accent-text">
              <DevicesIcon size={30} />
            </span>
            <p className="mt-4 font-semibold">{t('dashboard.empty')}</p>
            <p className="mt-1 max-w-xs text-sm text-muted">{t('dashboard.emptyHint')}</p>
          </div>
        ) : room !== null || groups.length <= 1 ? (
          <DeviceGrid devices={visible} />
        ) : (
          <div className="space-y-7">
            {groups.map((group) => (
              <section key={group.room ?? '*'} aria-label={group.room ?? t('dashboard.allRooms')}>
                {group.room ? (
                  <h2 className="mb-3 px-1 text-sm font-semibold text-muted">
                    <bdi>{group.room}</bdi>
                  </h2>
                ) : null}
                <DeviceGrid devices={group.devices} />
              </section>
            ))}
          </div>
        )}
      </section>
    </div>
  );
}
