import { getProfile } from '@hestia/catalog';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { LoadingBlock, Section, StackScreen } from '../../components/home-ui.tsx';
import { useDeviceQuery } from '../../data/devices.ts';
import { useDeviceAccess, useDeviceValues } from '../../data/live.ts';
import { cardStateOf } from '../../lib/device-state.ts';
import { DeviceGone, useAccessText, useLiveFor } from './device-common.tsx';

/** device-information (spec section 2): what the device is and what it last reported. */
export function DeviceInformationScreen() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const query = useDeviceQuery(id);
  const device = query.data;
  const access = useDeviceAccess(device ?? { id, access: 'owner' });
  const values = useDeviceValues(id);
  useLiveFor(device);
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
