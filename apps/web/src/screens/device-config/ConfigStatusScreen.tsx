import { useQuery } from '@tanstack/react-query';
import CircleAlertIcon from 'lucide-react/icons/circle-alert';
import RotateIcon from 'lucide-react/icons/rotate-ccw';
import TimerOffIcon from 'lucide-react/icons/timer-off';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { correctedNow } from '../../data/api.ts';
import { configPaths, paths } from '../../routes.ts';
import { PrimaryButton, SecondaryButton } from '../../ui/Button.tsx';
import { FormAlert } from '../../ui/FormAlert.tsx';
import { StackScreen } from '../../ui/StackScreen.tsx';
import { CARD } from '../../ui/styles.ts';
import { clockText, STEPS, type Step, secondsLeft, stepOf, WINDOW_SECONDS } from './countdown.ts';
import { deviceInfo } from './device-ap.ts';
import { useTransferredDevices } from './pairing-data.ts';
import { useDeviceAddressStore, usePairingStore } from './pairing-store.ts';
import { PairingInfoLink, type ProgressState, ProgressStep, useDigits } from './parts.tsx';

const macKey = (mac: string) => mac.replace(/[^0-9a-f]/gi, '').toUpperCase();

/** The ring around the countdown: the share of the window left. */
function Ring({ fraction, over, children }: { fraction: number; over: boolean; children: React.ReactNode }) {
  const r = 52;
  const length = 2 * Math.PI * r;
  return (
    <div className="relative mx-auto grid size-40 place-items-center">
      <svg viewBox="0 0 120 120" className="absolute inset-0 -rotate-90" aria-hidden="true">
        <circle cx="60" cy="60" r={r} fill="none" strokeWidth="8" className="stroke-surface-2" />
        <circle
          cx="60"
          cy="60"
          r={r}
          fill="none"
          strokeWidth="8"
          strokeLinecap="round"
          className={
            over ? 'stroke-danger' : 'stroke-accent transition-[stroke-dashoffset] duration-1000 ease-linear'
          }
          strokeDasharray={length}
          strokeDashoffset={over ? 0 : length * (1 - fraction)}
        />
      </svg>
      {children}
    </div>
  );
}

/**
 * configStatus: the 3-minute window (from the pair key's expiry), the steps, and the server polled
 * every 500 ms for the device transferred to this user; then its post-config. When the window ends
 * without it: what to do, and the reason the device gives once its access point is back.
 */
export function ConfigStatusScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const digits = useDigits();
  const pairing = usePairingStore();
  const address = useDeviceAddressStore((s) => s.address);
  const [now, setNow] = useState(correctedNow);
  useEffect(() => {
    const timer = setInterval(() => setNow(correctedNow()), 500);
    return () => clearInterval(timer);
  }, []);
  const left = pairing.expiresAt ? secondsLeft(pairing.expiresAt, now) : 0;
  const expired = left === 0;
  const transferred = useTransferredDevices(Boolean(pairing.pairKey) && !expired);
  const mac = pairing.deviceBSSID ? macKey(pairing.deviceBSSID) : '';
  const list = transferred.data ?? [];
  const device =
    list.find((d) => macKey(d.name) === mac) ??
    list.find((d) => d.deviceProfileId === pairing.profileId) ??
    (list.length === 1 ? list[0] : undefined);
  useEffect(() => {
    if (device) void navigate(configPaths.postConfig(device.id), { replace: true });
  }, [device, navigate]);
  // The reason, once the window is over: a device back in pairing mode names its last failure.
  const reason = useQuery({
    queryKey: ['device-ap', address, 'info', 'after'],
    queryFn: () => deviceInfo(address),
    enabled: expired && Boolean(pairing.pairKey),
    refetchInterval: 3000,
    retry: false,
    gcTime: 0,
  });

  if (!pairing.pairKey || !pairing.sentAt)
    return (
      <StackScreen title={t('deviceConfig.status.title')} testId="screen-config-status">
        <FormAlert>{t('deviceConfig.common.startAgain')}</FormAlert>
      </StackScreen>
    );

  const failure = reason.data?.lastFailure;
  const elapsed = Math.max(0, (Date.now() - pairing.sentAt) / 1000);
  // Out of time, the step that failed: joining when the device names a Wi-Fi failure.
  const wifiFailed = expired && failure !== undefined && failure !== 'broker_refused';
  const current: Step = wifiFailed ? 'joining' : stepOf(elapsed, Boolean(device));
  const stateOf = (step: Step): ProgressState => {
    if (step === 'sent') return 'done';
    const at = STEPS.indexOf(current);
    const me = STEPS.indexOf(step);
    if (me < at) return 'done';
    if (me > at) return 'waiting';
    return expired && !device ? 'failed' : device ? 'done' : 'active';
  };
  const again = () =>
    void navigate(configPaths.manualTutorial(pairing.profileId ?? undefined), { replace: true });

  return (
    <StackScreen
      title={t('deviceConfig.status.title')}
      testId="screen-config-status"
      slide="side"
      action={<PairingInfoLink />}
    >
      <div className={`p-6 ${CARD}`} data-testid="config-status" data-expired={expired || undefined}>
        <Ring fraction={left / WINDOW_SECONDS} over={expired && !device}>
          <div className="text-center">
            <p className="text-4xl font-semibold tabular-nums text-ink" data-testid="config-countdown">
              {digits(clockText(left))}
            </p>
            <p className="mt-1 text-[13px] text-muted">{t('deviceConfig.status.left')}</p>
          </div>
        </Ring>
        <p className="mt-4 text-center text-[15px] text-muted">
          {t('deviceConfig.status.network', { ssid: pairing.ssid ?? '' })}
        </p>
        <ol className="mt-5" aria-live="polite">
          {STEPS.map((step) => (
            <ProgressStep key={step} label={t(`deviceConfig.status.step_${step}`)} state={stateOf(step)} />
          ))}
        </ol>
      </div>
      {expired && !device ? (
        <div className="mt-5 space-y-4" data-testid="config-timeout">
          <div className={`p-5 ${CARD}`}>
            <p className="flex items-center gap-2 font-semibold text-ink">
              <TimerOffIcon size={20} className="text-danger" />
              {t('deviceConfig.status.timeout')}
            </p>
            {failure ? (
              <p
                className="mt-3 flex items-start gap-2.5 rounded-2xl bg-danger-soft px-4 py-3 text-[15px] font-medium text-ink"
                data-testid="config-reason"
              >
                <CircleAlertIcon size={18} className="mt-0.5 shrink-0 text-danger" />
                <span>{t(`deviceConfig.status.reason_${failure}`)}</span>
              </p>
            ) : null}
            <ul className="mt-3 list-disc space-y-1.5 ps-5 text-[15px] text-muted">
              <li>{t('deviceConfig.status.tipPassword')}</li>
              <li>{t('deviceConfig.status.tipButton')}</li>
              <li>{t('deviceConfig.status.tipAgain')}</li>
            </ul>
          </div>
          <PrimaryButton icon={RotateIcon} onClick={again} data-testid="config-again">
            {t('deviceConfig.status.again')}
          </PrimaryButton>
          <SecondaryButton onClick={() => void navigate(paths.tab('dashboard'), { replace: true })}>
            {t('deviceConfig.status.home')}
          </SecondaryButton>
        </div>
      ) : (
        <p className="mt-5 text-center text-[13px] text-muted">{t('deviceConfig.status.keepOpen')}</p>
      )}
    </StackScreen>
  );
}
