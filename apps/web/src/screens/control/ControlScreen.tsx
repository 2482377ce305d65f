import { belowFirmwareFloor } from '@hestia/contract/light';
import ChartLineIcon from 'lucide-react/icons/chart-line';
import CircleAlertIcon from 'lucide-react/icons/circle-alert';
import CloudOffIcon from 'lucide-react/icons/cloud-off';
import EyeIcon from 'lucide-react/icons/eye';
import SettingsIcon from 'lucide-react/icons/settings';
import UsersIcon from 'lucide-react/icons/users';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { DeviceGlyph } from '../../components/DeviceGlyph.tsx';
import { DeviceGone } from '../../components/DeviceGone.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { StaleBadge } from '../../components/StaleBadge.tsx';
import { type DeviceControl, useDeviceControl } from '../../data/control.ts';
import { useDeviceQuery, useLiveFor } from '../../data/devices.ts';
import { useDeviceAccess } from '../../data/live.ts';
import { homePaths, reportPaths } from '../../routes.ts';
import { ErrorState, LoadingBlock } from '../../ui/EmptyState.tsx';
import { StackScreen } from '../../ui/StackScreen.tsx';
import { HEADER_BUTTON } from '../../ui/styles.ts';
import { FaultBanner } from './FaultBanner.tsx';
import GenericPanel from './GenericPanel.tsx';
import { panels } from './panels.ts';

function DeviceHead({ control }: { control: DeviceControl }) {
  const { t } = useTranslation();
  const { device, profile, state, mayControl } = control;
  if (!device) return null;
  const stateText =
    state === 'online'
      ? t('device.online')
      : state === 'offline'
        ? t('device.offline')
        : t('device.connecting');
  return (
    <div className="mb-4 flex items-center gap-4 rounded-3xl bg-surface p-4 shadow-card ring-1 ring-line/60">
      <DeviceGlyph profile={profile} active={state === 'online'} offline={state === 'offline'} />
      <div className="min-w-0 flex-1">
        <p className="truncate text-lg font-semibold" data-testid="control-device-name">
          <bdi>{device.label}</bdi>
        </p>
        <p className="flex min-w-0 flex-wrap items-center gap-x-1.5 text-[13px] text-muted">
          <span
            data-testid="control-connection"
            data-state={state}
            className="inline-flex items-center gap-1.5"
          >
            <span
              aria-hidden="true"
              className={`size-2 rounded-full ${
                state === 'online' ? 'bg-success' : state === 'offline' ? 'bg-muted/60' : 'bg-amber-500'
              }`}
            />
            {stateText}
          </span>
          {device.assetLabel ? (
            <>
              <span aria-hidden="true">·</span>
              <bdi data-testid="control-room" className="truncate">
                {device.assetLabel}
              </bdi>
            </>
          ) : null}
        </p>
        <div className="mt-1.5 flex flex-wrap items-center gap-1.5">
          <StaleBadge deviceId={device.id} deviceProfileId={device.deviceProfileId} />
          {!mayControl ? (
            <span
              data-testid="control-view-only"
              className="inline-flex items-center gap-1 rounded-full bg-accent-soft px-2 py-0.5 text-[11px] font-semibold text-accent-text"
            >
              <EyeIcon size={13} />
              {t('control.viewOnlyBadge')}
            </span>
          ) : device.access === 'control' ? (
            <span className="inline-flex items-center gap-1 rounded-full bg-accent-soft px-2 py-0.5 text-[11px] font-semibold text-accent-text">
              <UsersIcon size={13} />
              {t('control.sharedBadge')}
            </span>
          ) : null}
        </div>
      </div>
    </div>
  );
}

/** Why the controls are off, when they are: offline, still connecting, or a view-only share. */
function Notice({ control }: { control: DeviceControl }) {
  const { t } = useTranslation();
  if (!control.mayControl)
    return (
      <p
        data-testid="control-notice"
        data-reason="view"
        className="mb-4 flex items-start gap-2.5 rounded-2xl bg-accent-soft px-4 py-3 text-[14px] leading-snug text-ink"
      >
        <EyeIcon size={18} className="mt-0.5 shrink-0 text-accent-text" />
        {t('control.viewOnly')}
      </p>
    );
  // Firmware below the floor (7.15): the server refuses its commands; the owner can update it.
  if (belowFirmwareFloor(control.values.current_fw_version))
    return (
      <div
        data-testid="control-notice"
        data-reason="firmware"
        role="status"
        className="mb-4 flex items-start gap-2.5 rounded-2xl bg-danger-soft px-4 py-3 text-[14px] leading-snug text-ink ring-1 ring-danger/30"
      >
        <CircleAlertIcon size={18} className="mt-0.5 shrink-0 text-danger" />
        <div className="min-w-0 flex-1">
          <p>{t('errors.FIRMWARE_TOO_OLD')}</p>
          {control.device?.access === 'owner' ? (
            <Link
              to={homePaths.deviceFirmwareUpdate(control.device.id)}
              className="mt-1 inline-block font-semibold text-accent-text underline"
              data-testid="control-firmware-update"
            >
              {t('control.firmwareFloorUpdate')}
            </Link>
          ) : null}
        </div>
      </div>
    );
  if (control.state === 'offline')
    return (
      <p
        data-testid="control-notice"
        data-reason="offline"
        role="status"
        className="mb-4 flex items-start gap-2.5 rounded-2xl bg-surface-2 px-4 py-3 text-[14px] leading-snug text-ink ring-1 ring-line"
      >
        <CloudOffIcon size={18} className="mt-0.5 shrink-0 text-muted" />
        {t('control.offline')}
      </p>
    );
  if (control.state === 'unknown')
    return (
      <p
        data-testid="control-notice"
        data-reason="connecting"
        role="status"
        className="mb-4 flex items-center gap-2.5 rounded-2xl bg-surface-2 px-4 py-3 text-[14px] text-muted"
      >
        <Spinner size={16} />
        {t('control.connecting')}
      </p>
    );
  return null;
}

/**
 * The control screen every family uses (issue 7): the device's name, room, live connection and
 * freshness, links to its settings and reports, why controls are off when they are, the active fault,
 * then the family's bespoke panel (`panels`) or the generic renderer.
 */
export function ControlScreen() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const query = useDeviceQuery(id);
  const control = useDeviceControl(id);
  const access = useDeviceAccess(query.data ?? { id, access: 'owner' });
  useLiveFor(query.data);
  const { device, profile } = control;
  const gone = access === 'none' || (query.isError && !device);
  const Panel = (profile && panels[profile.family]) ?? GenericPanel;

  const actions = device ? (
    <div className="flex items-center gap-2">
      <Link
        to={reportPaths.deviceReports(id)}
        aria-label={t('control.reports')}
        title={t('control.reports')}
        data-testid="control-reports"
        className={HEADER_BUTTON}
      >
        <ChartLineIcon size={20} />
      </Link>
      <Link
        to={homePaths.deviceSetting(id)}
        aria-label={t('control.settings')}
        title={t('control.settings')}
        data-testid="control-settings"
        className={HEADER_BUTTON}
      >
        <SettingsIcon size={20} />
      </Link>
    </div>
  ) : null;

  return (
    <StackScreen title={device?.label ?? t('control.title')} action={actions} testId="screen-control">
      {gone ? (
        <DeviceGone />
      ) : !device ? (
        query.isError ? (
          <ErrorState message={t('errors.INTERNAL')} onRetry={() => void query.refetch()} />
        ) : (
          <LoadingBlock />
        )
      ) : (
        <div
          data-testid="control-body"
          data-family={profile?.family ?? 'unknown'}
          data-enabled={control.enabled}
        >
          <DeviceHead control={control} />
          <Notice control={control} />
          <FaultBanner control={control} deviceId={id} />
          {profile ? (
            <Suspense fallback={<LoadingBlock />}>
              <Panel deviceId={id} control={control} />
            </Suspense>
          ) : (
            <div className="grid place-items-center py-10 text-muted">
              <Spinner size={24} label={t('device.unknownProfile')} />
            </div>
          )}
        </div>
      )}
    </StackScreen>
  );
}
