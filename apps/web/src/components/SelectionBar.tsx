import type { Device } from '@hestia/contract';
import DoorClosedIcon from 'lucide-react/icons/door-closed';
import HeartIcon from 'lucide-react/icons/heart';
import MapPinIcon from 'lucide-react/icons/map-pin';
import Trash2Icon from 'lucide-react/icons/trash-2';
import XIcon from 'lucide-react/icons/x';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAssetTreeQuery } from '../data/assets.ts';
import { useDeleteDevices, useMoveDevices, useSetFavourite } from '../data/devices.ts';
import { errorText } from '../data/errors.ts';
import { useLiveStore } from '../data/live.ts';
import { bulkPlan, pruneSelection, toggleId } from '../lib/selection.ts';
import { ConfirmDialog, Dialog } from '../ui/Dialog.tsx';
import { MoveIcon } from '../ui/icons.tsx';
import { toast } from '../ui/Toast.tsx';

/** Long-press selection over a list of devices; ids that leave the list leave the selection. */
export function useDeviceSelection(devices: readonly Device[]) {
  const [selecting, setSelecting] = useState(false);
  const [selected, setSelected] = useState<Set<string>>(() => new Set());
  const ids = useMemo(() => devices.map((d) => d.id), [devices]);
  useEffect(() => setSelected((s) => pruneSelection(s, ids)), [ids]);
  const onLongPress = useCallback((id: string) => {
    setSelecting(true);
    setSelected((s) => (s.has(id) ? s : toggleId(s, id)));
  }, []);
  const onSelect = useCallback((id: string) => setSelected((s) => toggleId(s, id)), []);
  const start = useCallback(() => setSelecting(true), []);
  const stop = useCallback(() => {
    setSelecting(false);
    setSelected(new Set());
  }, []);
  const selectAll = useCallback(() => setSelected(new Set(ids)), [ids]);
  return { selecting, selected, onLongPress, onSelect, start, stop, selectAll };
}

interface SelectionBarProps {
  devices: readonly Device[];
  selected: ReadonlySet<string>;
  onDone(): void;
  onSelectAll(): void;
}

/** Bulk actions on the selected cards: move to a room, favourite, delete (saying what deleting does). */
export function SelectionBar({ devices, selected, onDone, onSelectAll }: SelectionBarProps) {
  const { t } = useTranslation();
  const liveAccess = useLiveStore((s) => s.access);
  const plan = useMemo(() => bulkPlan(devices, selected, liveAccess), [devices, selected, liveAccess]);
  const [dialog, setDialog] = useState<'move' | 'delete' | null>(null);
  const move = useMoveDevices();
  const favourite = useSetFavourite();
  const remove = useDeleteDevices();
  const tree = useAssetTreeQuery();
  const none = plan.ids.length === 0;

  const fail = (err: unknown) => toast.error(errorText(err, t));

  const onFavourite = () =>
    favourite.mutate(
      { deviceIds: plan.ids, favourite: plan.favourite },
      {
        onSuccess: () => {
          toast.success(
            t(plan.favourite ? 'home.bulk.favourited' : 'home.bulk.unfavourited', { count: plan.ids.length }),
          );
          onDone();
        },
        onError: fail,
      },
    );

  const onMove = (assetId: string, name: string) =>
    move.mutate(
      { deviceIds: plan.owned, assetId },
      {
        onSuccess: () => {
          toast.success(t('home.bulk.moved', { count: plan.owned.length, name }));
          setDialog(null);
          onDone();
        },
        onError: fail,
      },
    );

  const onDelete = () =>
    remove.mutate(plan.ids, {
      onSuccess: () => {
        toast.success(t('home.bulk.deleted', { count: plan.ids.length }));
        setDialog(null);
        onDone();
      },
      onError: fail,
    });

  const action =
    'flex min-w-0 flex-1 flex-col items-center justify-center gap-1 rounded-2xl py-1.5 text-[11px] font-medium leading-tight transition-colors disabled:opacity-40 hover:bg-surface-2 min-h-14';

  return (
    <>
      <div
        role="toolbar"
        aria-label={t('home.bulk.label')}
        data-testid="selection-bar"
        className="fixed inset-x-0 bottom-[calc(59px+env(safe-area-inset-bottom)+0.75rem)] z-40 mx-auto w-[calc(100%-1.5rem)] max-w-lg rounded-3xl bg-surface p-2 shadow-[0_12px_40px_-12px_rgb(0_0_0/0.35)] ring-1 ring-line"
      >
        <div className="flex items-center justify-between gap-2 px-2 pb-1">
          <p className="text-sm font-semibold" aria-live="polite" data-testid="selection-count">
            {t('home.bulk.count', { count: plan.ids.length })}
          </p>
          <div className="flex items-center">
            <button
              type="button"
              onClick={onSelectAll}
              className="h-11 rounded-full px-3 text-sm font-medium text-accent-text"
            >
              {t('home.bulk.all')}
            </button>
            <button
              type="button"
              onClick={onDone}
              aria-label={t('home.bulk.cancel')}
              data-testid="selection-cancel"
              className="grid size-11 place-items-center rounded-full text-muted hover:bg-surface-2"
            >
              <XIcon size={20} />
            </button>
          </div>
        </div>
        <div className="flex gap-1">
          <button
            type="button"
            className={action}
            disabled={plan.owned.length === 0}
            onClick={() => setDialog('move')}
            data-testid="bulk-move"
          >
            <MoveIcon size={22} />
            {t('home.bulk.move')}
          </button>
          <button
            type="button"
            className={action}
            disabled={none || favourite.isPending}
            onClick={onFavourite}
            data-testid="bulk-favourite"
          >
            <HeartIcon size={22} />
            {plan.favourite || none ? t('home.bulk.favourite') : t('home.bulk.unfavourite')}
          </button>
          <button
            type="button"
            className={`${action} text-danger`}
            disabled={none}
            onClick={() => setDialog('delete')}
            data-testid="bulk-delete"
          >
            <Trash2Icon size={22} />
            {t('home.bulk.delete')}
          </button>
        </div>
      </div>

      <Dialog
        open={dialog === 'move'}
        onClose={() => setDialog(null)}
        title={t('home.bulk.moveTitle')}
        testId="move-dialog"
      >
        {plan.shared.length > 0 ? (
          <p className="mb-3 rounded-2xl bg-surface-2 px-3 py-2 text-[13px] text-muted">
            {t('home.bulk.moveSharedSkipped', { count: plan.shared.length })}
          </p>
        ) : null}
        <ul className="space-y-4 pb-3">
          {(tree.data ?? []).map((place) => (
            <li key={place.id}>
              <ul className="divide-y divide-line overflow-hidden rounded-2xl ring-1 ring-line">
                {[place, ...place.children].map((asset) => (
                  <li key={asset.id}>
                    <button
                      type="button"
                      disabled={move.isPending}
                      onClick={() => onMove(asset.id, asset.name)}
                      data-testid="move-target"
                      data-asset-id={asset.id}
                      className={`flex min-h-13 w-full items-center gap-3 px-3 py-2 text-start hover:bg-surface-2 ${
                        asset.parentId ? 'ps-8' : 'font-semibold'
                      }`}
                    >
                      <span className="grid size-8 shrink-0 place-items-center rounded-xl bg-accent-soft text-accent-text">
                        {asset.parentId ? <DoorClosedIcon size={18} /> : <MapPinIcon size={18} />}
                      </span>
                      <bdi className="min-w-0 flex-1 truncate">{asset.name}</bdi>
                    </button>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      </Dialog>

      <ConfirmDialog
        open={dialog === 'delete'}
        title={t('home.bulk.deleteTitle', { count: plan.ids.length })}
        confirmLabel={t('home.bulk.delete')}
        busy={remove.isPending}
        onClose={() => setDialog(null)}
        onConfirm={onDelete}
        body={
          <>
            {plan.owned.length > 0 ? <p>{t('home.bulk.deleteOwned', { count: plan.owned.length })}</p> : null}
            {plan.shared.length > 0 ? (
              <p className="mt-2">{t('home.bulk.deleteShared', { count: plan.shared.length })}</p>
            ) : null}
          </>
        }
      />
    </>
  );
}
