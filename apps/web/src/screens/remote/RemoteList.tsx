import type { UserRemote } from '@hestia/contract';
import PencilIcon from 'lucide-react/icons/pencil';
import PlusIcon from 'lucide-react/icons/plus';
import Trash2Icon from 'lucide-react/icons/trash-2';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { QueryView } from '../../components/QueryView.tsx';
import { useDeviceQuery } from '../../data/devices.ts';
import { errorText } from '../../data/errors.ts';
import { Button } from '../../ui/Button.tsx';
import { ConfirmDialog, Dialog } from '../../ui/Dialog.tsx';
import { RemoteIcon } from '../../ui/device-glyphs.tsx';
import { ChevronEndIcon } from '../../ui/icons.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { toast } from '../../ui/Toast.tsx';
import { useCategoryText } from './categories.tsx';
import { useEditRemote, useRemoveRemote, useUserRemotes } from './data.ts';
import { remotePaths } from './paths.ts';

const NAME_MAX = 64;

/** Rename a remote (`edit-custom` with a name; a catalogue remote keeps its buttons). */
export function RenameDialog({
  deviceId,
  remote,
  onClose,
}: {
  deviceId: string;
  remote: UserRemote | undefined;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const edit = useEditRemote(deviceId);
  const [name, setName] = useState(remote?.name ?? '');
  const [shown, setShown] = useState(remote?.id);
  if (remote?.id !== shown) {
    setShown(remote?.id);
    setName(remote?.name ?? '');
  }
  const trimmed = name.trim();
  const error = edit.error ? errorText(edit.error, t) : trimmed === '' ? t('remote.name.required') : null;
  const save = () => {
    if (!remote || trimmed === '') return;
    edit.mutate({ id: remote.id, name: trimmed }, { onSuccess: onClose });
  };
  return (
    <Dialog
      open={remote !== undefined}
      onClose={onClose}
      title={t('remote.list.rename')}
      testId="remote-rename-dialog"
      actions={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('home.cancel')}
          </Button>
          <Button
            busy={edit.isPending}
            disabled={trimmed === ''}
            onClick={save}
            data-testid="remote-rename-save"
          >
            {t('remote.name.save')}
          </Button>
        </>
      }
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          save();
        }}
      >
        <TextField
          label={t('remote.name.label')}
          value={name}
          maxLength={NAME_MAX}
          onValueChange={setName}
          error={error}
          testId="remote-rename-input"
        />
      </form>
    </Dialog>
  );
}

/**
 * A blaster's remotes (device-remote-list): each opens its drawn remote; the owner adds, renames and
 * removes them. Shared by the device-remote-list screen and the IR blaster's control screen.
 */
export function RemoteList({ deviceId }: { deviceId: string }) {
  const { t } = useTranslation();
  const query = useUserRemotes(deviceId);
  const device = useDeviceQuery(deviceId).data;
  const owner = device?.access === 'owner';
  const category = useCategoryText();
  const remove = useRemoveRemote(deviceId);
  const [renaming, setRenaming] = useState<UserRemote>();
  const [removing, setRemoving] = useState<UserRemote>();
  const addButton = owner ? (
    <Link
      to={remotePaths.chooseType(deviceId)}
      data-testid="remote-add"
      className="inline-flex h-12 items-center justify-center gap-2 rounded-full bg-accent px-6 text-[15px] font-semibold text-on-accent"
    >
      <PlusIcon size={20} />
      {t('remote.list.add')}
    </Link>
  ) : null;
  return (
    <div data-testid="remote-list">
      <QueryView
        query={query}
        empty={{
          icon: RemoteIcon,
          title: t('remote.list.empty'),
          body: t('remote.list.emptyHint'),
          action: addButton,
        }}
      >
        {(remotes) => (
          <>
            <ul className="divide-y divide-line overflow-hidden rounded-3xl bg-surface shadow-card ring-1 ring-line/60">
              {remotes.map((r) => {
                const Icon = category.icon(r.categoryId);
                return (
                  <li key={r.id} className="flex items-center" data-testid="remote-row" data-remote-id={r.id}>
                    <Link
                      to={remotePaths.controller(deviceId, { remoteId: r.id })}
                      className="flex min-h-16 min-w-0 flex-1 items-center gap-3 px-4 py-2.5 hover:bg-surface-2/60"
                      data-testid="remote-open"
                    >
                      <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-accent-soft text-accent-text">
                        <Icon size={22} />
                      </span>
                      <span className="min-w-0 flex-1">
                        <bdi className="block truncate text-[15px] font-medium">{r.name}</bdi>
                        <span className="block truncate text-[13px] text-muted">
                          {[
                            category.name(r.categoryId, r.categoryName),
                            r.brandName ?? t('remote.list.custom'),
                          ].join(t('common.separator'))}
                        </span>
                      </span>
                      {owner ? null : <ChevronEndIcon size={18} className="shrink-0 text-muted" />}
                    </Link>
                    {owner ? (
                      <div className="flex shrink-0 gap-1 pe-2">
                        <button
                          type="button"
                          aria-label={t('remote.list.renameOne', { name: r.name })}
                          data-testid="remote-rename"
                          onClick={() => setRenaming(r)}
                          className="grid size-11 place-items-center rounded-full text-muted hover:bg-surface-2"
                        >
                          <PencilIcon size={18} />
                        </button>
                        <button
                          type="button"
                          aria-label={t('remote.list.removeOne', { name: r.name })}
                          data-testid="remote-remove"
                          onClick={() => setRemoving(r)}
                          className="grid size-11 place-items-center rounded-full text-danger hover:bg-danger-soft"
                        >
                          <Trash2Icon size={18} />
                        </button>
                      </div>
                    ) : null}
                  </li>
                );
              })}
            </ul>
            {addButton ? <div className="mt-5 flex justify-center">{addButton}</div> : null}
          </>
        )}
      </QueryView>
      <RenameDialog deviceId={deviceId} remote={renaming} onClose={() => setRenaming(undefined)} />
      <ConfirmDialog
        open={removing !== undefined}
        title={t('remote.list.removeTitle')}
        body={t('remote.list.removeBody', { name: removing?.name ?? '' })}
        confirmLabel={t('remote.list.remove')}
        busy={remove.isPending}
        onClose={() => setRemoving(undefined)}
        onConfirm={() =>
          removing &&
          remove.mutate(removing.id, {
            onSuccess: () => setRemoving(undefined),
            onError: (err) => toast.error(errorText(err, t)),
          })
        }
      />
    </div>
  );
}
