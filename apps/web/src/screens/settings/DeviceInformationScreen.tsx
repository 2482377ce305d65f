import { deviceTypeTitle, familyTitle, getProfile } from '@hestia/catalog';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { SignalStrength } from '../../components/SignalStrength.tsx';
import { useDeviceQuery } from '../../data/devices.ts';
import { useDeviceAccess, useDeviceValues } from '../../data/live.ts';
import { cardStateOf } from '../../lib/device-state.ts';
import { LoadingBlock } from '../../ui/EmptyState.tsx';
import { Section } from '../../ui/Section.tsx';
import { StackScreen } from '../../ui/StackScreen.tsx';
import { DeviceGone, useAccessText, useLiveFor } from './device-common.tsx';

/**
 * device-information (spec section 2): what the device is (its model and family named in words, in the
 * user's language, never the catalogue's ids) and what it last reported, its router and signal too.
 */
export function DeviceInformationScreen() {
  const { t, i18n } = useTranslation();
  const words = (key: string, fallback: string) => (i18n.exists(key) ? String(t(key as never)) : fallback);
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
  const rssi = values?.RSSI ? Number(values.RSSI[1]) : Number.NaN;
  const rows: Array<[string, ReactNode, string]> = device
    ? [
        [t('home.info.name'), device.label, 'name'],
        [t('home.info.model'), profile ? words(deviceTypeTitle(profile), profile.deviceType) : '—', 'model'],
        [t('home.info.family'), profile ? words(familyTitle(profile.family), profile.family) : '—', 'family'],
        [t('home.info.id'), device.id, 'id'],
        [t('home.info.place'), device.assetLabel ?? '—', 'place'],
        [t('home.info.access'), accessText(access), 'access'],
        [
          t('home.info.connection'),
          state === 'online'
            ? t('device.online')
            : state === 'offline'
              ? t('device.offline')
              : t('device.connecting'),
          'connection',
        ],
        [t('home.info.firmware'), value('current_fw_version'), 'firmware'],
        [t('home.info.firmwareState'), value('fw_state'), 'firmware-state'],
        [t('home.info.router'), value('AP'), 'router'],
        [
          t('home.info.signal'),
          Number.isFinite(rssi) ? <SignalStrength key="signal" dbm={rssi} /> : '—',
          'signal',
        ],
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
            {rows.map(([label, text, row]) => (
              <div
                key={row}
                data-testid={`info-${row}`}
                className="flex min-h-12 items-start justify-between gap-4 border-b border-line px-4 py-3 last:border-b-0"
              >
                <dt className="shrink-0 text-[14px] text-muted">{label}</dt>
                <dd className="min-w-0 text-end text-[14px] font-medium break-all">
                  {typeof text === 'string' ? <bdi>{text}</bdi> : text}
                </dd>
              </div>
            ))}
          </dl>
        </Section>
      )}
    </StackScreen>
  );
}
