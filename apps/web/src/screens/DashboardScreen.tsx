import LayoutGridIcon from 'lucide-react/icons/layout-grid';
import PlusIcon from 'lucide-react/icons/plus';
import SquareCheckIcon from 'lucide-react/icons/square-check';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { DeviceCardSkeleton } from '../components/DeviceCard.tsx';
import { DeviceGrid, type GridSection } from '../components/DeviceGrid.tsx';
import { PlaceSwitcher } from '../components/PlaceSwitcher.tsx';
import { RoomMenu } from '../components/RoomMenu.tsx';
import { SelectionBar, useDeviceSelection } from '../components/SelectionBar.tsx';
import { Spinner } from '../components/Spinner.tsx';
import { NotificationBell } from '../components/shell/NotificationBell.tsx';
import { useAssetTreeQuery } from '../data/assets.ts';
import { useOnline } from '../data/connectivity.ts';
import { useAccessibleDevices, useDevicesQuery } from '../data/devices.ts';
import { errorText } from '../data/errors.ts';
import { useLiveStore } from '../data/live.ts';
import { cardStateOf } from '../lib/device-state.ts';
import { takeShareToken } from '../lib/pending-share.ts';
import { devicesOfPlace, groupByRoom, pickPlace } from '../lib/places.ts';
import { homePaths } from '../routes.ts';
import { useHomeStore } from '../state/home-store.ts';
import { EmptyState, ErrorState } from '../ui/EmptyState.tsx';
import { GRID, HEADER_BUTTON } from '../ui/styles.ts';

export default function DashboardScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const tree = useAssetTreeQuery();
  const query = useDevicesQuery();
  const devices = useAccessibleDevices(query.data);
  const { defaultAssetId, defaultRoomId, setPlace, setRoom } = useHomeStore();
  const places = tree.data ?? [];
  const place = pickPlace(places, defaultAssetId);
  const room = place?.children.find((r) => r.id === defaultRoomId) ?? null;

  // A share link opened while logged out resumes here after login, whichever way login led back.
  useEffect(() => {
    const token = takeShareToken();
    if (token) void navigate(homePaths.sharedDevice(token));
  }, [navigate]);

  const placeDevices = useMemo(
    () => (place ? devicesOfPlace(places, place, devices) : []),
    [places, place, devices],
  );
  const sections: GridSection[] = useMemo(() => {
    if (!place) return [];
    if (room)
      return [{ key: room.id, title: null, devices: placeDevices.filter((d) => d.assetId === room.id) }];
    return groupByRoom(place, placeDevices, t('home.sharedWithMe'));
  }, [place, room, placeDevices, t]);
  const shown = useMemo(() => sections.flatMap((s) => s.devices), [sections]);
  const selection = useDeviceSelection(shown);

  const onlineCount = useLiveStore(
    (s) => placeDevices.filter((d) => cardStateOf(s.values[d.id]) === 'online').length,
  );
  const socketLost = useLiveStore((s) => s.socketConnected === false);
  // Only a running socket knows which devices are online now; without it the cards show the last known
  // state, and the summary says so instead of an online count (issue 17, item 3).
  const online = useOnline();
  const socketOpen = useLiveStore((s) => s.socketConnected === true);
  const live = online && socketOpen;

  useEffect(() => {
    document.title = `${place?.name ?? t('dashboard.place')} · ${t('app.name')}`;
  }, [place?.name, t]);

  // Waiting for a network that is not there (nothing known from an earlier visit): say so, not skeletons.
  const waitingOffline =
    (query.isPending && query.fetchStatus === 'paused') || (tree.isPending && tree.fetchStatus === 'paused');
  const loading = (query.isPending || tree.isPending) && !waitingOffline;
  // A failed refresh keeps the last known cards on screen.
  const failed = query.isError && !query.data ? query.error : tree.isError && !tree.data ? tree.error : null;
  const subtitle =
    query.data && place
      ? `${t('dashboard.deviceCount', { count: placeDevices.length })}${t('common.separator')}${live ? t('dashboard.onlineCount', { count: onlineCount }) : t('dashboard.lastKnown')}`
      : '\u00a0';

  return (
    <div className="mx-auto max-w-6xl px-4 sm:px-6" data-testid="screen-dashboard">
      <header className="pt-[calc(env(safe-area-inset-top)+1.5rem)]">
        <div className="flex items-end justify-between gap-3">
          <div className="min-w-0 flex-1">
            {place ? (
              <PlaceSwitcher places={places} current={place} onPick={setPlace} />
            ) : (
              <h1 className="truncate text-[28px] leading-tight font-bold tracking-tight">
                {t('dashboard.place')}
              </h1>
            )}
            <p className="mt-1 text-sm text-muted">
              <span data-testid="dashboard-summary">{subtitle}</span>
            </p>
          </div>
          <div className="mb-1 flex shrink-0 items-center gap-2">
            {socketLost ? (
              <span
                role="status"
                className="inline-flex h-11 items-center gap-2 rounded-full bg-surface px-3 text-xs text-muted ring-1 ring-line"
              >
                <Spinner size={12} />
                <span className="hidden sm:inline">{t('dashboard.liveLost')}</span>
              </span>
            ) : null}
            {shown.length > 0 ? (
              <button
                type="button"
                onClick={selection.selecting ? selection.stop : selection.start}
                aria-pressed={selection.selecting}
                aria-label={t('home.bulk.select')}
                data-testid="select-mode"
                className={`${HEADER_BUTTON} ${selection.selecting ? 'bg-accent-soft text-accent-text' : ''}`}
              >
                <SquareCheckIcon size={22} />
              </button>
            ) : null}
            <NotificationBell className={HEADER_BUTTON} />
            <Link
              to={homePaths.generalAdd()}
              aria-label={t('home.add.title')}
              data-testid="general-add"
              className={HEADER_BUTTON}
            >
              <PlusIcon size={22} />
            </Link>
          </div>
        </div>
        {place ? (
          <RoomMenu
            rooms={place.children}
            selected={room?.id ?? null}
            onSelect={(id) => {
              setRoom(id);
              selection.stop();
            }}
            manageTo={homePaths.roomList({
              parentId: place.id,
              defaultAssetId: places.find((p) => p.isDefault)?.id,
              childRooms: place.children.length,
            })}
          />
        ) : null}
      </header>

      <section aria-label={t('tabs.devices')} className="mt-6" aria-busy={loading}>
        {loading ? (
          <div className={GRID}>
            {[0, 1, 2, 3].map((i) => (
              <DeviceCardSkeleton key={i} />
            ))}
          </div>
        ) : waitingOffline ? (
          <ErrorState message={t('offline.pending')} />
        ) : failed ? (
          <ErrorState
            message={`${t('dashboard.loadFailed')} ${errorText(failed, t)}`}
            onRetry={() => {
              void query.refetch();
              void tree.refetch();
            }}
          />
        ) : shown.length === 0 ? (
          <EmptyState
            icon={LayoutGridIcon}
            title={room ? t('home.rooms.empty', { name: room.name }) : t('dashboard.empty')}
            body={room ? t('home.rooms.emptyHint') : t('dashboard.emptyHint')}
          />
        ) : (
          <DeviceGrid
            sections={sections}
            selecting={selection.selecting}
            selected={selection.selected}
            onSelect={selection.onSelect}
            onLongPress={selection.onLongPress}
          />
        )}
      </section>
      {selection.selecting ? (
        <SelectionBar
          devices={shown}
          selected={selection.selected}
          onDone={selection.stop}
          onSelectAll={selection.selectAll}
        />
      ) : null}
    </div>
  );
}
