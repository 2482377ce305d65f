import CircleAlertIcon from 'lucide-react/icons/circle-alert';
import CircleCheckIcon from 'lucide-react/icons/circle-check';
import CpuIcon from 'lucide-react/icons/cpu';
import DownloadIcon from 'lucide-react/icons/download';
import RefreshCwIcon from 'lucide-react/icons/refresh-cw';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useDeviceQuery } from '../../data/devices.ts';
import { errorText } from '../../data/errors.ts';
import { useFirmwareStatus, useUpdateFirmware } from '../../data/firmware.ts';
import { localeDigits } from '../../lib/digits.ts';
import { type FirmwarePhase, firmwareView } from '../../lib/firmware-view.ts';
import { formatNumber } from '../../lib/format.ts';
import { homePaths } from '../../routes.ts';
import { Button } from '../../ui/Button.tsx';
import { ErrorState, LoadingBlock } from '../../ui/EmptyState.tsx';
import { FormAlert, FormSuccess } from '../../ui/FormAlert.tsx';
import { Row } from '../../ui/Row.tsx';
import { Section } from '../../ui/Section.tsx';
import { StackScreen } from '../../ui/StackScreen.tsx';
import { StatusHero } from '../../ui/StatusHero.tsx';
import { toast } from '../../ui/Toast.tsx';
import { DeviceGone } from '../settings/device-common.tsx';

const ICONS: Record<FirmwarePhase, typeof CpuIcon> = {
  upToDate: CircleCheckIcon,
  available: DownloadIcon,
  starting: RefreshCwIcon,
  downloading: DownloadIcon,
  downloaded: DownloadIcon,
  verifying: RefreshCwIcon,
  installing: CpuIcon,
  updated: CircleCheckIcon,
  failed: CircleAlertIcon,
};

/** Re-renders every few seconds, so 'taking longer than expected' comes in on its own. */
function useNow(everyMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

/**
 * deviceFirmwareUpdate [id] (spec sections 2 and 4): the version the device runs and the newer one,
 * the owner's Update button, each state of the update with the download percent, 'taking longer
 * than expected', and a failure with its reason and a retry. Shared users see it without the button.
 */
export function FirmwareUpdateScreen() {
  const { t, i18n } = useTranslation();
  const { id = '' } = useParams();
  const device = useDeviceQuery(id);
  const status = useFirmwareStatus(id);
  const update = useUpdateFirmware(id);
  const now = useNow(5000);
  const lang = i18n.language;
  const digits = (v: string) => localeDigits(v, lang);
  const s = status.data;

  if (status.isError && !s) {
    const notFound = (status.error as { statusCode?: number }).statusCode === 404;
    return (
      <StackScreen
        title={t('firmware.title')}
        backTo={homePaths.deviceSetting(id)}
        testId="screen-firmware-update"
      >
        {notFound ? (
          <DeviceGone />
        ) : (
          <ErrorState message={errorText(status.error, t)} onRetry={() => void status.refetch()} />
        )}
      </StackScreen>
    );
  }
  if (!s)
    return (
      <StackScreen
        title={t('firmware.title')}
        backTo={homePaths.deviceSetting(id)}
        testId="screen-firmware-update"
      >
        <LoadingBlock />
      </StackScreen>
    );

  const view = firmwareView(s, now);
  const start = () => update.mutate(undefined, { onError: (err) => toast.error(errorText(err, t)) });
  const target = s.targetVersion ?? s.available?.version ?? null;
  const detail =
    view.phase === 'downloading'
      ? t('firmware.detail.downloading', { percent: formatNumber(view.progress ?? 0, lang, 0) })
      : view.phase === 'available'
        ? t('firmware.detail.available', { version: digits(s.available?.version ?? '') })
        : view.phase === 'updated' || view.phase === 'upToDate'
          ? s.currentVersion
            ? t('firmware.detail.runs', { version: digits(s.currentVersion) })
            : undefined
          : view.phase === 'installing'
            ? t('firmware.detail.stayOn')
            : target
              ? t('firmware.detail.target', { version: digits(target) })
              : undefined;
  const failure = view.failure
    ? view.failure.kind === 'other'
      ? (view.failure.text ?? t('firmware.error.unknown'))
      : t(`firmware.error.${view.failure.kind}`)
    : null;
  const footer = s.owner ? (
    view.canUpdate ? (
      <Button shape="block" busy={update.isPending} onClick={start} data-testid="firmware-update-button">
        {view.phase === 'failed' ? t('firmware.retry') : t('firmware.update')}
      </Button>
    ) : null
  ) : undefined;

  return (
    <StackScreen
      title={t('firmware.title')}
      backTo={homePaths.deviceSetting(id)}
      testId="screen-firmware-update"
      footer={footer}
    >
      <StatusHero
        icon={ICONS[view.phase]}
        title={t(`firmware.phase.${view.phase}`)}
        detail={detail}
        tone={
          view.phase === 'failed' ? 'alert' : view.running || view.phase === 'available' ? 'active' : 'quiet'
        }
        state={view.phase}
        testId="firmware-state"
      />
      {view.progress !== null ? (
        <div
          role="progressbar"
          aria-label={t('firmware.phase.downloading')}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={view.progress}
          data-testid="firmware-progress"
          className="mb-6 h-2.5 overflow-hidden rounded-full bg-surface-2"
        >
          <div
            className="h-full rounded-full bg-accent transition-[width]"
            style={{ width: `${view.progress}%` }}
          />
        </div>
      ) : null}
      <div className="mb-6 space-y-3 empty:hidden">
        {view.slow ? <FormAlert testId="firmware-slow">{t('firmware.slow')}</FormAlert> : null}
        {failure ? (
          <FormAlert testId="firmware-failure">{t('firmware.failed', { reason: failure })}</FormAlert>
        ) : null}
        {view.phase === 'updated' ? (
          <FormSuccess testId="firmware-updated">
            {t('firmware.updatedTo', { version: digits(s.currentVersion ?? '') })}
          </FormSuccess>
        ) : null}
        {!s.online && !view.running ? (
          <FormAlert testId="firmware-offline">{t('errors.FIRMWARE_OFFLINE')}</FormAlert>
        ) : null}
      </div>
      <Section title={t('firmware.versions')} hint={s.owner ? undefined : t('errors.FIRMWARE_SHARED')}>
        <Row
          icon={CpuIcon}
          title={device.data?.label ?? t('firmware.device')}
          subtitle={t('firmware.current', {
            version: s.currentVersion ? digits(s.currentVersion) : t('firmware.unknown'),
          })}
          testId="firmware-current"
        />
        <Row
          icon={DownloadIcon}
          title={t('firmware.newVersion')}
          subtitle={s.available ? digits(s.available.version) : t('firmware.none')}
          testId="firmware-available"
        />
      </Section>
    </StackScreen>
  );
}
