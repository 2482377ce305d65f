import { getProfile } from '@hestia/catalog';
import BellIcon from 'lucide-react/icons/bell';
import CpuIcon from 'lucide-react/icons/cpu';
import HeartIcon from 'lucide-react/icons/heart';
import InfoIcon from 'lucide-react/icons/info';
import LayoutGridIcon from 'lucide-react/icons/layout-grid';
import LockIcon from 'lucide-react/icons/lock';
import PencilIcon from 'lucide-react/icons/pencil';
import Share2Icon from 'lucide-react/icons/share-2';
import Trash2Icon from 'lucide-react/icons/trash-2';
import UsersIcon from 'lucide-react/icons/users';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import {
  useDeleteDevices,
  useDeviceQuery,
  useSetFavourite,
  useSetReconfiguration,
} from '../../data/devices.ts';
import { errorText } from '../../data/errors.ts';
import { useDeviceAccess, useDeviceValues } from '../../data/live.ts';
import { cardStateOf } from '../../lib/device-state.ts';
import { homePaths, paths, reportPaths, shellPaths } from '../../routes.ts';
import { ConfirmDialog } from '../../ui/Dialog.tsx';
import { LoadingBlock } from '../../ui/EmptyState.tsx';
import { MoveIcon } from '../../ui/icons.tsx';
import { Row } from '../../ui/Row.tsx';
import { Section } from '../../ui/Section.tsx';
import { StackScreen } from '../../ui/StackScreen.tsx';
import { Switch } from '../../ui/Switch.tsx';
import { toast } from '../../ui/Toast.tsx';
import { MoveDialog, RenameDialog } from '../settings/DeviceDialogs.tsx';
import { DeviceSettingHeader } from '../settings/DeviceSettingHeader.tsx';
import { DeviceSettingLinks } from '../settings/DeviceSettingLinks.tsx';
import { DeviceGone, useLiveFor } from '../settings/device-common.tsx';
import { DeviceAutomationLinks } from '../timers/DeviceAutomationLinks.tsx';
import { DeviceVoiceSection } from '../voice/DeviceVoiceSection.tsx';

export { DeviceInformationScreen } from '../settings/DeviceInformationScreen.tsx';
export { DeviceGone, useAccessText } from '../settings/device-common.tsx';

/**
 * device-setting [id, isNotConnected, deviceProfileId, version] (spec section 2): rename, move,
 * favourite, information, the model's own settings, sharing, delete. The query parameters are what
 * the opener knew; the screen reads the device itself and follows its live state.
 */
export function DeviceSettingScreen() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const query = useDeviceQuery(id);
  const device = query.data;
  const access = useDeviceAccess(device ?? { id, access: 'owner' });
  const state = cardStateOf(useDeviceValues(id));
  useLiveFor(device);
  const [dialog, setDialog] = useState<'rename' | 'move' | 'delete' | null>(null);
  const favourite = useSetFavourite();
  const remove = useDeleteDevices();
  const reconfiguration = useSetReconfiguration();
  const gone = access === 'none' || (query.isError && !device);
  const owner = access === 'owner';
  const profile = getProfile(device?.deviceProfileId ?? search.get('deviceProfileId') ?? '');
  // Until the socket tells, the opener's isNotConnected stands.
  const offline = state === 'offline' || (state === 'unknown' && search.get('isNotConnected') === 'true');

  const fail = (err: unknown) => toast.error(errorText(err, t));

  return (
    <StackScreen title={t('home.device.settings')} testId="screen-device-setting">
      {gone ? (
        <DeviceGone />
      ) : !device ? (
        <LoadingBlock />
      ) : (
        <>
          <DeviceSettingHeader device={device} access={access} />
          <Section title={t('home.device.general')}>
            <Row
              icon={PencilIcon}
              title={t('home.device.rename')}
              subtitle={owner ? <bdi>{device.label}</bdi> : t('home.device.ownerOnly')}
              disabled={!owner}
              onClick={() => setDialog('rename')}
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
              icon={LayoutGridIcon}
              title={t('charts.title')}
              to={reportPaths.deviceReports(id)}
              testId="device-reports"
            />
            <Row
              icon={CpuIcon}
              title={t('firmware.link.title')}
              subtitle={t('firmware.link.subtitle')}
              to={homePaths.deviceFirmwareUpdate(id)}
              testId="device-firmware"
            />
          </Section>

          {profile ? <DeviceSettingLinks id={id} profile={profile} offline={offline} /> : null}
          <DeviceAutomationLinks deviceId={id} />
          <DeviceVoiceSection deviceId={id} />

          <Section title={t('home.share.section')} hint={owner ? undefined : t('home.share.notAllowedHint')}>
            <Row
              icon={Share2Icon}
              title={t('home.share.title')}
              subtitle={owner ? t('home.share.subtitle') : t('errors.SHARING_NOT_ALLOWED')}
              to={owner ? homePaths.shareDevice(id) : undefined}
              disabled={!owner}
              testId="share-device"
            />
            <Row
              icon={BellIcon}
              title={t('notifications.settings.link')}
              subtitle={owner ? undefined : t('errors.NOTIFY_SETTINGS_OWNER_ONLY')}
              to={owner ? shellPaths.notificationPersonalization(id) : undefined}
              disabled={!owner}
              testId="notification-settings"
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
            {owner ? (
              <Row
                icon={LockIcon}
                title={t('home.device.reconfiguration')}
                subtitle={t('home.device.reconfigurationHint')}
                trailing={
                  <Switch
                    checked={!device.configDisabled}
                    label={t('home.device.reconfiguration')}
                    busy={reconfiguration.isPending}
                    onChange={(allowed) =>
                      reconfiguration.mutate(
                        { id, disabled: !allowed },
                        { onSuccess: () => void query.refetch(), onError: fail },
                      )
                    }
                    testId="reconfiguration-switch"
                  />
                }
                testId="reconfiguration"
              />
            ) : null}
          </Section>

          <Section>
            <Row
              icon={Trash2Icon}
              tone="danger"
              title={owner ? t('home.device.delete') : t('home.device.leave')}
              onClick={() => setDialog('delete')}
              testId="delete-device"
            />
          </Section>

          <RenameDialog device={device} open={dialog === 'rename'} onClose={() => setDialog(null)} />
          <MoveDialog
            device={device}
            open={dialog === 'move'}
            onClose={() => setDialog(null)}
            onMoved={() => void query.refetch()}
          />
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
