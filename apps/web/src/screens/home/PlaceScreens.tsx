import type { AssetTree } from '@hestia/contract';
import DoorClosedIcon from 'lucide-react/icons/door-closed';
import MapPinIcon from 'lucide-react/icons/map-pin';
import PlusIcon from 'lucide-react/icons/plus';
import Trash2Icon from 'lucide-react/icons/trash-2';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { QueryView } from '../../components/QueryView.tsx';
import {
  useAddAsset,
  useAssetTreeQuery,
  useDeleteAsset,
  useEditAsset,
  useSetDefaultAsset,
} from '../../data/assets.ts';
import { errorText } from '../../data/errors.ts';
import { placeDeviceCount } from '../../lib/places.ts';
import { homePaths, paths } from '../../routes.ts';
import { useHomeStore } from '../../state/home-store.ts';
import { Button } from '../../ui/Button.tsx';
import { EmptyState, ErrorState, LoadingBlock } from '../../ui/EmptyState.tsx';
import { StarIcon } from '../../ui/icons.tsx';
import { Row } from '../../ui/Row.tsx';
import { Section } from '../../ui/Section.tsx';
import { StackScreen } from '../../ui/StackScreen.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { toast } from '../../ui/Toast.tsx';
import { useAssetNameForm } from './asset-name-form.ts';

/** Rooms and devices of a place, in one line. */
export function usePlaceSummary() {
  const { t } = useTranslation();
  return (place: AssetTree) =>
    t('home.places.summary', { rooms: place.children.length, devices: placeDeviceCount(place) });
}

/** asset-list (spec section 2): the user's places. */
export function AssetListScreen() {
  const { t } = useTranslation();
  const tree = useAssetTreeQuery();
  const summary = usePlaceSummary();
  return (
    <StackScreen title={t('home.places.title')} testId="screen-asset-list">
      <QueryView query={tree}>
        {(places) => (
          <>
            <Section hint={t('home.places.hint')}>
              {places.map((place) => (
                <Row
                  key={place.id}
                  icon={MapPinIcon}
                  title={<bdi>{place.name}</bdi>}
                  subtitle={`${summary(place)}${place.isDefault ? `${t('common.separator')}${t('home.places.default')}` : ''}`}
                  to={homePaths.addOrEditAsset(place.id)}
                  testId="place-row"
                />
              ))}
            </Section>
            <Section>
              <Row
                icon={PlusIcon}
                title={t('home.places.add')}
                to={homePaths.addOrEditAsset()}
                testId="add-place"
              />
            </Section>
          </>
        )}
      </QueryView>
    </StackScreen>
  );
}

/** add-or-edit-asset [assetId] (spec section 2): name a new place, or rename, default, rooms, delete. */
export function AddOrEditAssetScreen() {
  const { t } = useTranslation();
  const { assetId } = useParams();
  const navigate = useNavigate();
  const tree = useAssetTreeQuery();
  const place = assetId ? tree.data?.find((p) => p.id === assetId) : undefined;
  const { form, error } = useAssetNameForm(place?.name, (k) => t(`home.form.${k}`));
  const add = useAddAsset();
  const edit = useEditAsset();
  const setDefault = useSetDefaultAsset();
  const pick = useHomeStore((s) => s.setPlace);
  const busy = add.isPending || edit.isPending;
  const fail = (err: unknown) => toast.error(errorText(err, t));

  const submit = form.handleSubmit(({ name }) => {
    const value = name.trim();
    if (place)
      edit.mutate(
        { id: place.id, name: value },
        { onSuccess: () => toast.success(t('home.form.saved')), onError: fail },
      );
    else
      add.mutate(
        { name: value, parentId: null },
        {
          onSuccess: (created) => {
            pick(created.id);
            void navigate(
              homePaths.roomList({ parentId: created.id, isParentCreated: true, childRooms: 0 }),
              { replace: true },
            );
          },
          onError: fail,
        },
      );
  });

  if (assetId && tree.isPending)
    return (
      <StackScreen title={t('home.places.edit')}>
        <LoadingBlock />
      </StackScreen>
    );
  if (assetId && !place)
    return (
      <StackScreen title={t('home.places.edit')}>
        <ErrorState message={t('errors.NOT_FOUND')} />
      </StackScreen>
    );

  return (
    <StackScreen
      title={place ? t('home.places.edit') : t('home.places.add')}
      testId="screen-add-or-edit-asset"
      backTo={homePaths.assetList()}
      footer={
        <Button className="w-full" busy={busy} onClick={() => void submit()} data-testid="asset-save">
          {place ? t('home.save') : t('home.places.create')}
        </Button>
      }
    >
      <form noValidate onSubmit={submit} className="mb-6">
        <TextField
          maxLength={64}
          label={t('home.places.name')}
          placeholder={t('home.places.namePlaceholder')}
          {...form.register('name')}
          error={error}
          autoFocus={!place}
          testId="asset-name"
        />
      </form>
      {place ? (
        <>
          <Section title={t('home.rooms.title')}>
            <Row
              icon={DoorClosedIcon}
              title={t('home.rooms.manage')}
              subtitle={t('home.rooms.count', { count: place.children.length })}
              to={homePaths.roomList({
                parentId: place.id,
                defaultAssetId: tree.data?.find((p) => p.isDefault)?.id,
                childRooms: place.children.length,
              })}
              testId="place-rooms"
            />
          </Section>
          <Section hint={place.isDefault ? t('home.places.defaultHint') : undefined}>
            <Row
              icon={StarIcon}
              title={place.isDefault ? t('home.places.isDefault') : t('home.places.makeDefault')}
              disabled={place.isDefault || setDefault.isPending}
              onClick={
                place.isDefault
                  ? undefined
                  : () =>
                      setDefault.mutate(place.id, {
                        onSuccess: () => toast.success(t('home.places.defaultSet', { name: place.name })),
                        onError: fail,
                      })
              }
              testId="make-default"
            />
            <Row
              icon={Trash2Icon}
              tone="danger"
              title={t('home.places.delete')}
              to={homePaths.deleteAsset(place.id)}
              testId="delete-place"
            />
          </Section>
        </>
      ) : null}
    </StackScreen>
  );
}

/**
 * delete-asset [assetId] (spec section 2): says what deleting does (rooms go, devices move to the
 * default place) before doing it; the default place cannot be deleted.
 */
export function DeleteAssetScreen() {
  const { t } = useTranslation();
  const { assetId = '' } = useParams();
  const navigate = useNavigate();
  const tree = useAssetTreeQuery();
  const remove = useDeleteAsset();
  const places = tree.data ?? [];
  const fallback = places.find((p) => p.isDefault);
  const place = places.find((p) => p.id === assetId);
  const room = places.flatMap((p) => p.children).find((r) => r.id === assetId);
  const asset = place ?? room;
  const devices = place ? placeDeviceCount(place) : (room?.deviceCount ?? 0);

  return (
    <StackScreen title={room ? t('home.rooms.delete') : t('home.places.delete')} testId="screen-delete-asset">
      {tree.isPending ? (
        <LoadingBlock />
      ) : !asset ? (
        <ErrorState message={t('errors.NOT_FOUND')} />
      ) : place?.isDefault ? (
        <EmptyState
          icon={StarIcon}
          title={t('home.places.cannotDeleteDefault')}
          body={t('home.places.cannotDeleteDefaultHint')}
          action={
            <Button variant="secondary" onClick={() => void navigate(homePaths.assetList())}>
              {t('home.places.title')}
            </Button>
          }
        />
      ) : (
        <div className="rounded-3xl bg-surface p-6 text-center shadow-card ring-1 ring-line/60">
          <span className="mx-auto grid size-16 place-items-center rounded-full bg-danger-soft text-danger">
            <Trash2Icon size={30} />
          </span>
          <p className="mt-4 text-lg font-semibold">{t('home.delete.question', { name: asset.name })}</p>
          <ul
            className="mt-3 space-y-1.5 text-[15px] leading-relaxed text-muted"
            data-testid="delete-consequences"
          >
            {place && place.children.length > 0 ? (
              <li>{t('home.delete.rooms', { count: place.children.length })}</li>
            ) : null}
            <li>
              {devices > 0
                ? t('home.delete.devices', { count: devices, place: fallback?.name ?? '' })
                : t('home.delete.noDevices')}
            </li>
          </ul>
          <div className="mt-6 flex flex-col gap-2">
            <Button
              variant="danger"
              busy={remove.isPending}
              data-testid="confirm-delete-asset"
              onClick={() =>
                remove.mutate(asset.id, {
                  onSuccess: (res) => {
                    const to = places.find((p) => p.id === res.movedTo)?.name ?? fallback?.name ?? '';
                    toast.success(
                      res.movedDevices > 0
                        ? t('home.delete.doneMoved', { count: res.movedDevices, place: to })
                        : t('home.delete.done'),
                    );
                    void navigate(room ? paths.tab('dashboard') : homePaths.assetList(), { replace: true });
                  },
                  onError: (err) => toast.error(errorText(err, t)),
                })
              }
            >
              {t('home.bulk.delete')}
            </Button>
            <Button variant="secondary" onClick={() => void navigate(-1)}>
              {t('home.cancel')}
            </Button>
          </div>
        </div>
      )}
    </StackScreen>
  );
}
