import type { Device } from '@hestia/contract';
import DoorClosedIcon from 'lucide-react/icons/door-closed';
import MapPinIcon from 'lucide-react/icons/map-pin';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useAssetTreeQuery } from '../../data/assets.ts';
import { useMoveDevices, useRenameDevice } from '../../data/devices.ts';
import { errorText } from '../../data/errors.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { toast } from '../../ui/Toast.tsx';
import { useAssetNameForm } from '../home/asset-name-form.ts';

/**
 * Rename a device (owner only), on react-hook-form with the contract's name rule (the same as a
 * place's or room's name): required, at most 64 characters.
 */
export function RenameDialog({ device, open, onClose }: { device: Device; open: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const rename = useRenameDevice(device.id);
  const { form, error } = useAssetNameForm(device.label, (k) => t(`home.form.${k}`));
  const name = form.watch('name');
  // Start from the current name each time the dialog opens.
  useEffect(() => {
    if (open) form.reset({ name: device.label });
  }, [open, device.label, form]);
  const save = form.handleSubmit(({ name: label }) =>
    rename.mutate(label.trim(), {
      onSuccess: () => {
        toast.success(t('home.device.renamed'));
        onClose();
      },
      onError: (err) => toast.error(errorText(err, t)),
    }),
  );
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('home.device.rename')}
      actions={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('home.cancel')}
          </Button>
          <Button
            busy={rename.isPending}
            disabled={name.trim() === ''}
            data-testid="rename-save"
            onClick={() => void save()}
          >
            {t('home.save')}
          </Button>
        </>
      }
    >
      <TextField
        maxLength={64}
        label={t('home.form.name')}
        {...form.register('name')}
        error={error}
        autoFocus
        testId="rename-input"
      />
      <p className="mt-2 px-1 text-[13px] text-muted">{t('home.device.renameHint')}</p>
    </Dialog>
  );
}

/** Move a device to another place or room (owner only). */
export function MoveDialog({
  device,
  open,
  onClose,
  onMoved,
}: {
  device: Device;
  open: boolean;
  onClose(): void;
  onMoved(): void;
}) {
  const { t } = useTranslation();
  const move = useMoveDevices();
  const tree = useAssetTreeQuery();
  return (
    <Dialog open={open} onClose={onClose} title={t('home.bulk.moveTitle')} testId="move-dialog">
      <ul className="space-y-4 pb-3">
        {(tree.data ?? []).map((place) => (
          <li key={place.id}>
            <ul className="divide-y divide-line overflow-hidden rounded-2xl ring-1 ring-line">
              {[place, ...place.children].map((asset) => {
                const here = asset.id === device.assetId;
                return (
                  <li key={asset.id}>
                    <button
                      type="button"
                      disabled={move.isPending || here}
                      aria-current={here || undefined}
                      data-testid="move-target"
                      data-asset-id={asset.id}
                      onClick={() =>
                        move.mutate(
                          { deviceIds: [device.id], assetId: asset.id },
                          {
                            onSuccess: () => {
                              toast.success(t('home.bulk.moved', { count: 1, name: asset.name }));
                              onClose();
                              onMoved();
                            },
                            onError: (err) => toast.error(errorText(err, t)),
                          },
                        )
                      }
                      className={`flex min-h-13 w-full items-center gap-3 px-3 py-2 text-start hover:bg-surface-2 disabled:hover:bg-transparent ${
                        asset.parentId ? 'ps-8' : 'font-semibold'
                      } ${here ? 'text-accent-text' : ''}`}
                    >
                      <span className="grid size-8 shrink-0 place-items-center rounded-xl bg-accent-soft text-accent-text">
                        {asset.parentId ? <DoorClosedIcon size={18} /> : <MapPinIcon size={18} />}
                      </span>
                      <span className="min-w-0 flex-1 truncate">
                        <bdi>{asset.name}</bdi>
                      </span>
                      {here ? <span className="text-[12px]">{t('home.device.current')}</span> : null}
                    </button>
                  </li>
                );
              })}
            </ul>
          </li>
        ))}
      </ul>
    </Dialog>
  );
}
