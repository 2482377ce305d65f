import type { AssetTree } from '@hestia/contract';
import CheckIcon from 'lucide-react/icons/check';
import ChevronDownIcon from 'lucide-react/icons/chevron-down';
import MapPinIcon from 'lucide-react/icons/map-pin';
import PlusIcon from 'lucide-react/icons/plus';
import SettingsGearless from 'lucide-react/icons/sliders-horizontal';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { placeDeviceCount } from '../lib/places.ts';
import { homePaths } from '../routes.ts';
import { Dialog } from '../ui/Dialog.tsx';

interface PlaceSwitcherProps {
  places: readonly AssetTree[];
  current: AssetTree;
  onPick(id: string): void;
}

/** The dashboard's title is the place; tapping it lists the places to switch to. */
export function PlaceSwitcher({ places, current, onPick }: PlaceSwitcherProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        data-testid="place-switcher"
        aria-haspopup="dialog"
        className="-ms-1 flex max-w-full min-w-0 items-center gap-1.5 rounded-2xl px-1 text-start hover:bg-surface-2/60"
      >
        <h1 className="min-w-0 truncate text-[28px] leading-tight font-bold tracking-tight">
          <bdi>{current.name}</bdi>
        </h1>
        <ChevronDownIcon size={22} className="mt-1 shrink-0 text-muted" />
        <span className="sr-only">{t('home.places.switch')}</span>
      </button>
      <Dialog open={open} onClose={() => setOpen(false)} title={t('home.places.title')} testId="place-dialog">
        <ul className="divide-y divide-line overflow-hidden rounded-2xl ring-1 ring-line">
          {places.map((place) => {
            const active = place.id === current.id;
            return (
              <li key={place.id}>
                <button
                  type="button"
                  aria-current={active || undefined}
                  data-testid="place-option"
                  onClick={() => {
                    onPick(place.id);
                    setOpen(false);
                  }}
                  className="flex min-h-14 w-full items-center gap-3 px-3 py-2 text-start hover:bg-surface-2"
                >
                  <span className="grid size-9 shrink-0 place-items-center rounded-xl bg-accent-soft text-accent-text">
                    <MapPinIcon size={18} />
                  </span>
                  <span className="min-w-0 flex-1">
                    <bdi className="block truncate font-medium">{place.name}</bdi>
                    <span className="block text-[13px] text-muted">
                      {t('home.places.summary', {
                        rooms: place.children.length,
                        devices: placeDeviceCount(place),
                      })}
                      {place.isDefault ? `${t('common.separator')}${t('home.places.default')}` : ''}
                    </span>
                  </span>
                  {active ? <CheckIcon size={20} className="shrink-0 text-accent-text" /> : null}
                </button>
              </li>
            );
          })}
        </ul>
        <div className="mt-3 mb-2 grid grid-cols-2 gap-2">
          <Link
            to={homePaths.addOrEditAsset()}
            className="flex h-12 items-center justify-center gap-2 rounded-full bg-accent-soft text-sm font-semibold text-accent-text"
          >
            <PlusIcon size={18} />
            {t('home.places.add')}
          </Link>
          <Link
            to={homePaths.assetList()}
            data-testid="manage-places"
            className="flex h-12 items-center justify-center gap-2 rounded-full bg-surface-2 text-sm font-semibold text-ink"
          >
            <SettingsGearless size={18} />
            {t('home.places.manage')}
          </Link>
        </div>
      </Dialog>
    </>
  );
}
