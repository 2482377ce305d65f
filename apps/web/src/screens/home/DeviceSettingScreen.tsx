import { getProfile } from '@hestia/catalog';
import type { Device } from '@hestia/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { DeviceGlyph } from '../../components/DeviceGlyph.tsx';
import {
  DoorIcon,
  InfoIcon,
  MoveIcon,
  PencilIcon,
  PinIcon,
  ShareIcon,
  TrashIcon,
  UsersIcon,
} from '../../components/home-icons.tsx';
import {
  Button,
  ConfirmDialog,
  Dialog,
  ErrorState,
  LoadingBlock,
  Row,
  Section,
  StackScreen,
  TextField,
} from '../../components/home-ui.tsx';
import { DevicesIcon, EyeIcon, HeartIcon } from '../../components/icons.tsx';
import { useAssetTreeQuery } from '../../data/assets.ts';
import {
  useDeleteDevices,
  useDeviceQuery,
  useMoveDevices,
  useRenameDevice,
  useSetFavourite,
} from '../../data/devices.ts';
import { errorText } from '../../data/errors.ts';
import { type LiveAccess, useDeviceAccess, useDeviceValues } from '../../data/live.ts';
import { cardStateOf } from '../../lib/device-state.ts';
import { homePaths, paths, reportPaths } from '../../routes.ts';

/** The access a user holds, in words (decision 007). */
export function useAccessText() {
  const { t } = useTranslation();
  return (access: LiveAccess) =>
    access === 'owner'
      ? t('home.access.owner')
      : access === 'control'
        ? t('home.access.control')
        : access === 'view'
          ? t('home.access.view')
          : t('home.access.none');
}

/** Shown when the device is gone or no longer shared with the user (errorCode 3, or 404). */
export function DeviceGone() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div data-testid="device-gone">
      <ErrorState message={t('home.device.gone')} />
      <Button
        variant="secondary"
        className="mt-4 w-full"
        onClick={() => void navigate(paths.tab('dashboard'), { replace: true })}
      >
        {t('home.device.toDashboard')}
      </Button>
    </div>
  );
}

function Header({ device, access }: { device: Device; access: LiveAccess }) {
  const { t } = useTranslation();
  const values = useDeviceValues(device.id);
  const state = cardStateOf(values);
  const profile = getProfile(device.deviceProfileId);
  const accessText = useAccessText();
  return (
    <div className="mb-6 flex items-center gap-4 rounded-3xl bg-surface p-4 shadow-card ring-1 ring-line/60">
      <DeviceGlyph profile={profile} active={state === 'online'} offline={state === 'offline'} />
      <div className="min-w-0 flex-1">
        <p className="truncate text-lg font-semibold" data-testid="setting-device-name">
          <bdi>{device.label}</bdi>
        </p>
        <p className="text-[13px] text-muted">
          {state === 'online'
            ? t('device.online')
            : state === 'offline'
              ? t('device.offline')
              : t('device.connecting')}
          {device.assetLabel ? (
            <>
              {t('common.separator')}
              <bdi>{device.assetLabel}</bdi>
            </>
          ) : null}
        </p>
        {access !== 'owner' ? (
          <p
            className="mt-1.5 inline-flex items-center gap-1.5 rounded-full bg-accent-soft px-2.5 py-1 text-[12px] font-medium text-accent-text"
            data-testid="setting-access"
            data-access={access}
          >
            {access === 'view' ? <EyeIcon size={14} /> : <UsersIcon size={14} />}
            {accessText(access)}
          </p>
        ) : null}
      </div>
    </div>
  );
}

/** device-setting basics (spec section 2): rename, move, favourite, information, sharing, delete. */
export function DeviceSettingScreen() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const query = useDeviceQuery(id);
  const device = query.data;
  const access = useDeviceAccess(device ?? { id, access: 'owner' });
  const [dialog, setDialog] = useState<'rename' | 'move' | 'delete' | null>(null);
  const [name, setName] = useState('');
  const rename = useRenameDevice(id);
  const move = useMoveDevices();
  const favourite = useSetFavourite();
  const remove = useDeleteDevices();
  const tree = useAssetTreeQuery();
  const gone = access === 'none' || (query.isError && !device);
  const owner = access === 'owner';

  const fail = (err: unknown) => toast.error(errorText(err, t));
  const nameError = name.trim() === '' ? t('home.form.nameRequired') : null;

  return (
    <StackScreen title={t('home.device.settings')} testId="screen-device-setting">
      {gone ? (
        <DeviceGone />
      ) : !device ? (
        <LoadingBlock />
      ) : (
        <>
          <Header device={device} access={access} />
          <Section title={t('home.device.general')}>
            <Row
              icon={PencilIcon}
              title={t('home.device.rename')}
              subtitle={owner ? <bdi>{device.label}</bdi> : t('home.device.ownerOnly')}
              disabled={!owner}
              onClick={() => {
                setName(device.label);
                setDialog('rename');
              }}
              testId="rename-device"
            />
            <Row
              icon={MoveIcon}
              title={t('home.device.move')}
              subtitle={owner ? (device.assetLabel ?? t('home.device.noRoom')) : t('home.device.ownerOnly')}
              disabled={!owner}
              onClick={() => setDialog('move')}
              testId="move-device"
            />
            <Row
              icon={HeartIcon}
              title={device.isFavourite ? t('home.device.unfavourite') : t('home.device.favourite')}
              onClick={() =>
                favourite.mutate(
                  { deviceIds: [id], favourite: !device.isFavourite },
                  { onSuccess: () => void query.refetch(), onError: fail },
                )
              }
              testId="favourite-device"
            />
            <Row
              icon={InfoIcon}
              title={t('home.info.title')}
              to={homePaths.deviceInformation(id)}
              testId="device-information"
            />
            <Row
              icon={DevicesIcon}
              title={t('charts.title')}
              to={reportPaths.deviceReports(id)}
              testId="device-reports"
            />
          </Section>

          <Section title={t('home.share.section')} hint={owner ? undefined : t('home.share.notAllowedHint')}>
            <Row
              icon={ShareIcon}
              title={t('home.share.title')}
              subtitle={owner ? t('home.share.subtitle') : t('errors.SHARING_NOT_ALLOWED')}
              to={owner ? homePaths.shareDevice(id) : undefined}
              disabled={!owner}
              testId="share-device"
            />
            {owner ? (
              <Row
                icon={UsersIcon}
                title={t('home.users.title')}
                subtitle={t('home.users.subtitle')}
                to={homePaths.commonUsers(id)}
                testId="common-users"
              />
            ) : null}
          </Section>

          <Section>
            <Row
              icon={TrashIcon}
              tone="danger"
              title={owner ? t('home.device.delete') : t('home.device.leave')}
              onClick={() => setDialog('delete')}
              testId="delete-device"
            />
          </Section>

          <Dialog
            open={dialog === 'rename'}
            onClose={() => setDialog(null)}
            title={t('home.device.rename')}
            actions={
              <>
                <Button variant="secondary" onClick={() => setDialog(null)}>
                  {t('home.cancel')}
                </Button>
                <Button
                  busy={rename.isPending}
                  disabled={!!nameError}
                  data-testid="rename-save"
                  onClick={() =>
                    rename.mutate(name.trim(), {
                      onSuccess: () => {
                        toast.success(t('home.device.renamed'));
                        setDialog(null);
                      },
                      onError: fail,
                    })
                  }
                >
                  {t('home.save')}
                </Button>
              </>
            }
          >
            <TextField
              label={t('home.form.name')}
              value={name}
              onChange={setName}
              error={name ? nameError : null}
              autoFocus
              testId="rename-input"
            />
            <p className="mt-2 px-1 text-[13px] text-muted">{t('home.device.renameHint')}</p>
          </Dialog>

          <Dialog
            open={dialog === 'move'}
            onClose={() => setDialog(null)}
            title={t('home.bulk.moveTitle')}
            testId="move-dialog"
          >
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
                                { deviceIds: [id], assetId: asset.id },
                                {
                                  onSuccess: () => {
                                    toast.success(t('home.bulk.moved', { count: 1, name: asset.name }));
                                    setDialog(null);
                                    void query.refetch();
                                  },
                                  onError: fail,
                                },
                              )
                            }
                            className={`flex min-h-13 w-full items-center gap-3 px-3 py-2 text-start hover:bg-surface-2 disabled:hover:bg-transparent ${
                              asset.parentId ? 'ps-8' : 'font-semibold'
                            } ${here ? 'text-accent-text' : ''}`}
                          >
                            <span className="grid size-8 shrink-0 place-items-center rounded-xl bg-accent-soft text-accent-text">
                              {asset.parentId ? <DoorIcon size={18} /> : <PinIcon size={18} />}
                            </span>
                            <bdi className="min-w-0 flex-1 truncate">{asset.name}</bdi>
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

          <ConfirmDialog
            open={dialog === 'delete'}
            title={
              owner
                ? t('home.device.deleteTitle', { name: device.label })
                : t('home.device.leaveTitle', { name: device.label })
            }
            body={
              owner ? t('home.bulk.deleteOwned', { count: 1 }) : t('home.bulk.deleteShared', { count: 1 })
            }
            confirmLabel={owner ? t('home.bulk.delete') : t('home.device.leaveConfirm')}
            busy={remove.isPending}
            onClose={() => setDialog(null)}
            onConfirm={() =>
              remove.mutate([id], {
                onSuccess: () => {
                  toast.success(t('home.bulk.deleted', { count: 1 }));
                  void navigate(paths.tab('dashboard'), { replace: true });
                },
                onError: fail,
              })
            }
          />
        </>
      )}
    </StackScreen>
  );
}

/** device-information (spec section 2): what the device is and what it last reported. */
export function DeviceInformationScreen() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const query = useDeviceQuery(id);
  const device = query.data;
  const access = useDeviceAccess(device ?? { id, access: 'owner' });
  const values = useDeviceValues(id);
  const accessText = useAccessText();
  const profile = device ? getProfile(device.deviceProfileId) : undefined;
  const state = cardStateOf(values);
  const value = (key: string) => {
    const v = values?.[key]?.[1];
    return v === undefined || v === '' ? '—' : String(v);
  };
  const rows: Array<[string, string]> = device
    ? [
        [t('home.info.name'), device.label],
        [t('home.info.model'), profile?.deviceType ?? device.deviceProfileId],
        [t('home.info.profile'), device.deviceProfileId],
        [t('home.info.id'), device.id],
        [t('home.info.place'), device.assetLabel ?? '—'],
        [t('home.info.access'), accessText(access)],
        [
          t('home.info.connection'),
          state === 'online'
            ? t('device.online')
            : state === 'offline'
              ? t('device.offline')
              : t('device.connecting'),
        ],
        [t('home.info.firmware'), value('current_fw_version')],
        [t('home.info.firmwareState'), value('fw_state')],
        [t('home.info.router'), value('AP')],
      ]
    : [];
  return (
    <StackScreen title={t('home.info.title')} testId="screen-device-information">
      {access === 'none' || (query.isError && !device) ? (
        <DeviceGone />
      ) : !device ? (
        <LoadingBlock />
      ) : (
        <Section>
          <dl>
            {rows.map(([label, text]) => (
              <div
                key={label}
                className="flex min-h-12 items-start justify-between gap-4 border-b border-line px-4 py-3 last:border-b-0"
              >
                <dt className="shrink-0 text-[14px] text-muted">{label}</dt>
                <dd className="min-w-0 text-end text-[14px] font-medium break-all">
                  <bdi>{text}</bdi>
                </dd>
              </div>
            ))}
          </dl>
        </Section>
      )}
    </StackScreen>
  );
}
