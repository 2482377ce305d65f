import type { Device } from '@hestia/contract';
import HeartIcon from 'lucide-react/icons/heart';
import LayoutGridIcon from 'lucide-react/icons/layout-grid';
import SearchIcon from 'lucide-react/icons/search';
import SquareCheckIcon from 'lucide-react/icons/square-check';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeviceCardSkeleton } from '../components/DeviceCard.tsx';
import { DeviceGrid, type GridSection } from '../components/DeviceGrid.tsx';
import { PageHeader } from '../components/PageHeader.tsx';
import { SelectionBar, useDeviceSelection } from '../components/SelectionBar.tsx';
import { useAccessibleDevices, useDevicesQuery, useFavouritesQuery } from '../data/devices.ts';
import { errorText } from '../data/errors.ts';
import { currentLanguage } from '../i18n/index.ts';
import { EmptyState, ErrorState } from '../ui/EmptyState.tsx';
import { GRID, HEADER_BUTTON } from '../ui/styles.ts';

type Filter = 'all' | 'mine' | 'shared';
const FILTERS: readonly Filter[] = ['all', 'mine', 'shared'];

/** Names sort in the interface language; a search matches the name or the room. */
function arrange(devices: readonly Device[], filter: Filter, search: string, language: string): Device[] {
  const needle = search.trim().toLocaleLowerCase(language);
  return devices
    .filter((d) => (filter === 'mine' ? !d.isSharedDevice : filter === 'shared' ? d.isSharedDevice : true))
    .filter(
      (d) =>
        !needle ||
        d.label.toLocaleLowerCase(language).includes(needle) ||
        (d.assetLabel ?? '').toLocaleLowerCase(language).includes(needle),
    )
    .sort((a, b) => a.label.localeCompare(b.label, language));
}

/** The devices tab (every device, filterable) and the favoriteDevices tab (the user's favourites). */
export default function DeviceListScreen({ mode }: { mode: 'devices' | 'favoriteDevices' }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const all = useDevicesQuery();
  const favourites = useFavouritesQuery();
  const query = mode === 'devices' ? all : favourites;
  // Favourites change from cards anywhere; the list's own flag (patched at once) is the truth here.
  const source = mode === 'devices' ? all.data : (all.data?.filter((d) => d.isFavourite) ?? favourites.data);
  const devices = useAccessibleDevices(source);
  const [filter, setFilter] = useState<Filter>('all');
  const [search, setSearch] = useState('');
  const searchId = useId();
  const shown = useMemo(
    () => arrange(devices, filter, search, language),
    [devices, filter, search, language],
  );
  const sections: GridSection[] = useMemo(() => [{ key: mode, title: null, devices: shown }], [mode, shown]);
  const selection = useDeviceSelection(shown);
  const hasShared = devices.some((d) => d.isSharedDevice);

  return (
    <div className="mx-auto max-w-6xl px-4 sm:px-6" data-testid={`screen-${mode}`}>
      <PageHeader
        title={t(`${mode}.title`)}
        subtitle={query.data ? t('dashboard.deviceCount', { count: devices.length }) : '\u00a0'}
        aside={
          shown.length > 0 ? (
            <button
              type="button"
              onClick={selection.selecting ? selection.stop : selection.start}
              aria-pressed={selection.selecting}
              aria-label={t('home.bulk.select')}
              data-testid="select-mode"
              className={`mb-1 ${HEADER_BUTTON} ${selection.selecting ? 'bg-accent-soft text-accent-text' : ''}`}
            >
              <SquareCheckIcon size={22} />
            </button>
          ) : null
        }
      >
        {mode === 'devices' && devices.length > 0 ? (
          <div className="mt-5 flex flex-col gap-3 sm:flex-row sm:items-center">
            <div className="relative sm:max-w-xs sm:flex-1">
              <label htmlFor={searchId} className="sr-only">
                {t('home.list.search')}
              </label>
              <SearchIcon
                size={18}
                className="pointer-events-none absolute start-4 top-1/2 -translate-y-1/2 text-muted"
              />
              <input
                id={searchId}
                type="search"
                value={search}
                onChange={(e) => setSearch(e.target.value)}
                placeholder={t('home.list.search')}
                className="h-11 w-full rounded-full border border-line bg-surface ps-11 pe-4 text-[16px] outline-none focus:border-accent sm:text-sm"
              />
            </div>
            {hasShared ? (
              <fieldset className="flex gap-2">
                <legend className="sr-only">{t('home.list.filter')}</legend>
                {FILTERS.map((f) => (
                  <button
                    key={f}
                    type="button"
                    aria-pressed={filter === f}
                    onClick={() => setFilter(f)}
                    className={`h-11 rounded-full px-4 text-sm font-medium whitespace-nowrap ${
                      filter === f
                        ? 'bg-ink text-bg'
                        : 'bg-surface text-muted ring-1 ring-line hover:text-ink'
                    }`}
                  >
                    {t(`home.list.${f}`)}
                  </button>
                ))}
              </fieldset>
            ) : null}
          </div>
        ) : null}
      </PageHeader>

      <section aria-label={t(`${mode}.title`)} className="mt-6" aria-busy={query.isPending}>
        {query.isPending && !source ? (
          <div className={GRID}>
            {[0, 1, 2, 3].map((i) => (
              <DeviceCardSkeleton key={i} />
            ))}
          </div>
        ) : query.isError && !source ? (
          <ErrorState message={errorText(query.error, t)} onRetry={() => void query.refetch()} />
        ) : shown.length === 0 ? (
          mode === 'favoriteDevices' ? (
            <EmptyState
              icon={HeartIcon}
              title={t('home.list.noFavourites')}
              body={t('favoriteDevices.body')}
            />
          ) : (
            <EmptyState
              icon={LayoutGridIcon}
              title={devices.length ? t('home.list.noMatch') : t('dashboard.empty')}
              body={devices.length ? undefined : t('dashboard.emptyHint')}
            />
          )
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
