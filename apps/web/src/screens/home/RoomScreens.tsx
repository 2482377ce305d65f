import CheckIcon from 'lucide-react/icons/check';
import DoorClosedIcon from 'lucide-react/icons/door-closed';
import PlusIcon from 'lucide-react/icons/plus';
import Trash2Icon from 'lucide-react/icons/trash-2';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { QueryView } from '../../components/QueryView.tsx';
import { useAddAsset, useAssetTreeQuery, useDeleteAsset, useEditAsset } from '../../data/assets.ts';
import { errorText } from '../../data/errors.ts';
import { homePaths, paths } from '../../routes.ts';
import { useHomeStore } from '../../state/home-store.ts';
import { Button } from '../../ui/Button.tsx';
import { ConfirmDialog } from '../../ui/Dialog.tsx';
import { EmptyState, ErrorState, LoadingBlock } from '../../ui/EmptyState.tsx';
import { Row } from '../../ui/Row.tsx';
import { Section } from '../../ui/Section.tsx';
import { StackScreen, useBack } from '../../ui/StackScreen.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { toast } from '../../ui/Toast.tsx';
import { useAssetNameForm } from './asset-name-form.ts';

/** Ready-made names for a new room (translated), so adding one is a tap. */
const SUGGESTIONS = ['living', 'bedroom', 'kitchen', 'bathroom', 'office', 'kids', 'hall', 'garage'] as const;

/**
 * room-list (spec section 2) with its four parameters: parentId (the place), isParentCreated (the
 * place was just made: offer to add rooms, then finish), childRooms (rooms known before loading) and
 * defaultAssetId (where deleted rooms' devices go).
 */
export function RoomListScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const parentId = params.get('parentId') ?? '';
  const isParentCreated = params.get('isParentCreated') === 'true';
  const childRooms = Number(params.get('childRooms') ?? 0) || 0;
  const tree = useAssetTreeQuery();
  const place = tree.data?.find((p) => p.id === parentId);
  const defaultPlace =
    tree.data?.find((p) => p.id === params.get('defaultAssetId')) ?? tree.data?.find((p) => p.isDefault);

  return (
    <StackScreen
      title={place ? t('home.rooms.of', { name: place.name }) : t('home.rooms.title')}
      testId="screen-room-list"
      footer={
        isParentCreated ? (
          <Button
            className="w-full"
            icon={CheckIcon}
            onClick={() => void navigate(paths.tab('dashboard'), { replace: true })}
            data-testid="rooms-done"
          >
            {t('home.rooms.done')}
          </Button>
        ) : undefined
      }
    >
      {isParentCreated ? (
        <p className="mb-5 rounded-3xl bg-accent-soft px-4 py-3 text-[15px] text-accent-text" role="status">
          {t('home.rooms.placeCreated')}
        </p>
      ) : null}
      <QueryView
        query={tree}
        loading={
          <Section>
            {Array.from({ length: Math.min(Math.max(childRooms, 2), 8) }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity.
              <div key={i} className="flex h-14 animate-pulse items-center gap-3 px-4">
                <span className="size-9 rounded-xl bg-surface-2" />
                <span className="h-4 w-1/3 rounded-full bg-surface-2" />
              </div>
            ))}
          </Section>
        }
      >
        {() =>
          !place ? (
            <ErrorState message={t('errors.NOT_FOUND')} />
          ) : (
            <>
              {place.children.length === 0 ? (
                <EmptyState
                  icon={DoorClosedIcon}
                  title={t('home.rooms.none')}
                  body={t('home.rooms.noneHint')}
                />
              ) : (
                <Section
                  hint={defaultPlace ? t('home.rooms.deleteHint', { place: defaultPlace.name }) : undefined}
                >
                  {place.children.map((room) => (
                    <Row
                      key={room.id}
                      icon={DoorClosedIcon}
                      title={<bdi>{room.name}</bdi>}
                      subtitle={t('home.rooms.devices', { count: room.deviceCount })}
                      to={homePaths.addOrEditRoom({ parentId: place.id, roomId: room.id })}
                      testId="room-row"
                    />
                  ))}
                </Section>
              )}
              <div className="mt-4">
                <Link
                  to={homePaths.addRoom(place.id)}
                  data-testid="add-room"
                  className="flex h-12 items-center justify-center gap-2 rounded-full bg-accent-soft font-semibold text-accent-text"
                >
                  <PlusIcon size={20} />
                  {t('home.rooms.add')}
                </Link>
              </div>
            </>
          )
        }
      </QueryView>
    </StackScreen>
  );
}

function RoomForm({ parentId, roomId }: { parentId: string; roomId?: string }) {
  const { t } = useTranslation();
  const tree = useAssetTreeQuery();
  const place = tree.data?.find((p) => p.id === parentId);
  const room = roomId ? place?.children.find((r) => r.id === roomId) : undefined;
  const defaultPlace = tree.data?.find((p) => p.isDefault);
  const { form, error } = useAssetNameForm(room?.name, (k) => t(`home.form.${k}`));
  const value = form.watch('name');
  const [confirm, setConfirm] = useState(false);
  const add = useAddAsset();
  const edit = useEditAsset();
  const remove = useDeleteAsset();
  const setRoom = useHomeStore((s) => s.setRoom);
  const fail = (err: unknown) => toast.error(errorText(err, t));
  const back = useBack(homePaths.roomList({ parentId }));

  const submit = form.handleSubmit(({ name }) => {
    if (room)
      edit.mutate(
        { id: room.id, name: name.trim() },
        {
          onSuccess: () => {
            toast.success(t('home.form.saved'));
            back();
          },
          onError: fail,
        },
      );
    else
      add.mutate(
        { name: name.trim(), parentId },
        {
          onSuccess: (created) => {
            toast.success(t('home.rooms.added', { name: created.name }));
            back();
          },
          onError: fail,
        },
      );
  });

  if (tree.isPending) return <LoadingBlock />;
  if (!place || (roomId && !room)) return <ErrorState message={t('errors.NOT_FOUND')} />;

  return (
    <>
      <form noValidate onSubmit={submit}>
        <TextField
          maxLength={64}
          label={t('home.rooms.name')}
          placeholder={t('home.rooms.namePlaceholder')}
          {...form.register('name')}
          error={error}
          autoFocus={!room}
          testId="room-name"
        />
        {!room ? (
          <fieldset className="mt-4 flex flex-wrap gap-2">
            <legend className="sr-only">{t('home.rooms.suggestions')}</legend>
            {SUGGESTIONS.map((key) => {
              const label = t(`home.rooms.suggest_${key}`);
              return (
                <button
                  key={key}
                  type="button"
                  onClick={() =>
                    form.setValue('name', label, {
                      shouldDirty: true,
                      shouldValidate: form.formState.isSubmitted,
                    })
                  }
                  aria-pressed={value === label}
                  className={`h-11 rounded-full px-4 text-sm font-medium ${value === label ? 'bg-ink text-bg' : 'bg-surface text-muted ring-1 ring-line hover:text-ink'}`}
                >
                  {label}
                </button>
              );
            })}
          </fieldset>
        ) : null}
        <p className="mt-4 px-1 text-[13px] text-muted">
          {t('home.rooms.inPlace')} <bdi className="font-semibold text-ink">{place.name}</bdi>
        </p>
        <Button
          type="submit"
          className="mt-6 w-full"
          busy={add.isPending || edit.isPending}
          data-testid="room-save"
        >
          {room ? t('home.save') : t('home.rooms.add')}
        </Button>
      </form>
      {room ? (
        <div className="mt-8">
          <Section hint={t('home.rooms.deleteHint', { place: defaultPlace?.name ?? '' })}>
            <Row
              icon={Trash2Icon}
              tone="danger"
              title={t('home.rooms.delete')}
              onClick={() => setConfirm(true)}
              testId="delete-room"
            />
          </Section>
          <ConfirmDialog
            open={confirm}
            title={t('home.delete.question', { name: room.name })}
            body={
              room.deviceCount > 0
                ? t('home.delete.devices', { count: room.deviceCount, place: defaultPlace?.name ?? '' })
                : t('home.delete.noDevices')
            }
            confirmLabel={t('home.bulk.delete')}
            busy={remove.isPending}
            onClose={() => setConfirm(false)}
            onConfirm={() =>
              remove.mutate(room.id, {
                onSuccess: (res) => {
                  const to = tree.data?.find((p) => p.id === res.movedTo)?.name ?? defaultPlace?.name ?? '';
                  toast.success(
                    res.movedDevices > 0
                      ? t('home.delete.doneMoved', { count: res.movedDevices, place: to })
                      : t('home.delete.done'),
                  );
                  setRoom(null);
                  setConfirm(false);
                  back();
                },
                onError: fail,
              })
            }
          />
        </div>
      ) : null}
    </>
  );
}

/** add-or-edit-room (spec section 2): rename or delete a room (or add one, without suggestions). */
export function AddOrEditRoomScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const roomId = params.get('roomId') ?? undefined;
  const parentId = params.get('parentId') ?? '';
  return (
    <StackScreen
      title={roomId ? t('home.rooms.edit') : t('home.rooms.add')}
      testId="screen-add-or-edit-room"
      backTo={homePaths.roomList({ parentId })}
    >
      <RoomForm parentId={parentId} roomId={roomId} />
    </StackScreen>
  );
}

/** add-room (spec section 2): a new room of a place, with suggested names. */
export function AddRoomScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const parentId = params.get('parentId') ?? '';
  return (
    <StackScreen
      title={t('home.rooms.add')}
      testId="screen-add-room"
      backTo={homePaths.roomList({ parentId })}
    >
      <RoomForm parentId={parentId} />
    </StackScreen>
  );
}
