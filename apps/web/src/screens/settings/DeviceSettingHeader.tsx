import { getProfile } from '@hestia/catalog';
import type { Device } from '@hestia/contract';
import EyeIcon from 'lucide-react/icons/eye';
import UsersIcon from 'lucide-react/icons/users';
import { useTranslation } from 'react-i18next';
import { DeviceGlyph } from '../../components/DeviceGlyph.tsx';
import { type LiveAccess, useDeviceValues } from '../../data/live.ts';
import { cardStateOf } from '../../lib/device-state.ts';
import { useAccessText } from './device-common.tsx';

/** The device settings header: glyph, name, connection, room and (for a share) the access held. */
export function DeviceSettingHeader({ device, access }: { device: Device; access: LiveAccess }) {
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
