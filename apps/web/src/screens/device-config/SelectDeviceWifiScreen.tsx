import { useMutation, useQuery } from '@tanstack/react-query';
import EyeOffIcon from 'lucide-react/icons/eye-off';
import LockIcon from 'lucide-react/icons/lock';
import RefreshIcon from 'lucide-react/icons/refresh-cw';
import SignalIcon from 'lucide-react/icons/signal';
import SignalHighIcon from 'lucide-react/icons/signal-high';
import SignalLowIcon from 'lucide-react/icons/signal-low';
import SignalMediumIcon from 'lucide-react/icons/signal-medium';
import WifiOffIcon from 'lucide-react/icons/wifi-off';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { contractResolver } from '../../lib/contract-resolver.ts';
import { configPaths } from '../../routes.ts';
import { PrimaryButton, SecondaryButton } from '../../ui/Button.tsx';
import { EmptyState, LoadingBlock } from '../../ui/EmptyState.tsx';
import { FormAlert } from '../../ui/FormAlert.tsx';
import { Row } from '../../ui/Row.tsx';
import { Section } from '../../ui/Section.tsx';
import { StackScreen } from '../../ui/StackScreen.tsx';
import { CARD } from '../../ui/styles.ts';
import { PasswordField, TextField } from '../../ui/TextField.tsx';
import { DeviceUnreachable, setDeviceWifiInfo, wifiList } from './device-ap.ts';
import { savedPassword, savePassword, useDeviceAddressStore, usePairingStore } from './pairing-store.ts';
import { Lead, PairingInfoLink } from './parts.tsx';
import {
  deviceWifiBody,
  entryOf,
  hasHiddenNetwork,
  isFiveGhz,
  type ScanEntry,
  signalBars,
  visibleNetworks,
  wifiRefusal,
} from './wifi-list.ts';

const BARS = { 1: SignalLowIcon, 2: SignalMediumIcon, 3: SignalHighIcon, 4: SignalIcon } as const;

interface WifiForm {
  ssid: string;
  password: string;
}

/** null: nothing chosen; '' with `hidden`: a hidden network whose name is typed. */
type Choice = { ssid: string; hidden: boolean } | null;

/**
 * manualConfigSelectDeviceWifi: the networks the device hears (its `wifi_list_web`), strongest first,
 * one a name, the product's own access points hidden, and a hidden network by typed name. The spec's
 * refusals come before anything is sent; the password is remembered per Wi-Fi name. Then the device
 * gets the Wi-Fi with the pair key (and the owner key after a change of owner).
 */
export function SelectDeviceWifiScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const address = useDeviceAddressStore((s) => s.address);
  const pairing = usePairingStore();
  const scan = useQuery({
    queryKey: ['device-ap', address, 'scan'],
    queryFn: () => wifiList(address),
    retry: false,
    gcTime: 0,
  });
  const [choice, setChoice] = useState<Choice>(null);
  const send = useMutation({
    mutationFn: (form: WifiForm) =>
      setDeviceWifiInfo(address, {
        ssid: form.ssid,
        password: form.password,
        pairKey: pairing.pairKey ?? '',
        ...(pairing.ownerKey ? { ownerKey: pairing.ownerKey } : {}),
      }),
    onSuccess: (_, form) => {
      savePassword(form.ssid, form.password);
      usePairingStore.getState().set({ ssid: form.ssid, sentAt: Date.now() });
      void navigate(configPaths.configStatus(), { replace: true });
    },
  });
  const entries = scan.data ?? [];
  const { register, handleSubmit, reset, formState, setError, setFocus } = useForm<WifiForm>({
    resolver: contractResolver<WifiForm>(
      deviceWifiBody,
      (v) => v,
      (v) => {
        const refusal = wifiRefusal(
          v.ssid,
          v.password,
          choice?.hidden ? undefined : entryOf(entries, v.ssid),
        );
        return refusal === 'emptyPassword' ? { password: refusal } : refusal ? { ssid: refusal } : {};
      },
      { ssid: 'tooLong', password: 'tooLong' },
    ),
    defaultValues: { ssid: '', password: '' },
  });
  const msg = (k: string | undefined) => (k ? t(`deviceConfig.wifi.refusal_${k as 'band5'}`) : undefined);

  const pick = (entry: ScanEntry | null) => {
    const ssid = entry?.SSID ?? '';
    setChoice({ ssid, hidden: entry === null });
    send.reset();
    reset({ ssid, password: entry ? savedPassword(ssid) : '' });
    // A 5 GHz or open network is refused as soon as it is picked, not only on sending.
    const refusal = entry ? wifiRefusal(ssid, 'x', entry) : null;
    if (refusal) setError('ssid', { message: refusal });
  };

  // A network picked: its form comes into view with the password (or, hidden, the name) to type.
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (!choice) return;
    formRef.current?.scrollIntoView({ block: 'end', behavior: 'smooth' });
    setFocus(choice.hidden ? 'ssid' : 'password', { shouldSelect: false });
  }, [choice, setFocus]);

  const onSubmit = handleSubmit((form) => {
    if (!send.isPending) send.mutate(form);
  });

  if (!pairing.pairKey)
    return (
      <StackScreen title={t('deviceConfig.wifi.title')} testId="screen-select-device-wifi">
        <FormAlert>{t('deviceConfig.common.startAgain')}</FormAlert>
      </StackScreen>
    );

  return (
    <StackScreen
      title={t('deviceConfig.wifi.title')}
      testId="screen-select-device-wifi"
      slide="side"
      action={<PairingInfoLink />}
    >
      <Lead>{t('deviceConfig.wifi.lead')}</Lead>
      {scan.isPending ? <LoadingBlock /> : null}
      {scan.isError ? (
        <EmptyState
          icon={WifiOffIcon}
          title={
            scan.error instanceof DeviceUnreachable
              ? t('deviceConfig.connect.notConnected')
              : t('deviceConfig.wifi.scanFailed')
          }
          action={
            <SecondaryButton icon={RefreshIcon} onClick={() => void scan.refetch()}>
              {t('deviceConfig.common.retry')}
            </SecondaryButton>
          }
        />
      ) : null}
      {scan.data ? (
        <Section title={t('deviceConfig.wifi.networks')}>
          {visibleNetworks(entries).map((e) => (
            <Row
              key={e.SSID}
              icon={BARS[signalBars(e.POW)]}
              title={<bdi>{e.SSID}</bdi>}
              subtitle={isFiveGhz(e) ? t('deviceConfig.wifi.band5') : undefined}
              trailing={
                e.ENC !== 0 ? <LockIcon size={16} aria-label={t('deviceConfig.wifi.secured')} /> : null
              }
              onClick={() => pick(e)}
              testId="wifi-row"
            />
          ))}
          <Row
            icon={EyeOffIcon}
            title={t('deviceConfig.wifi.hidden')}
            subtitle={
              hasHiddenNetwork(entries)
                ? t('deviceConfig.wifi.hiddenHeard')
                : t('deviceConfig.wifi.hiddenHint')
            }
            onClick={() => pick(null)}
            testId="wifi-hidden"
          />
          <Row
            icon={RefreshIcon}
            title={t('deviceConfig.wifi.rescan')}
            onClick={() => void scan.refetch()}
            testId="wifi-rescan"
          />
        </Section>
      ) : null}
      {choice ? (
        <form
          ref={formRef}
          noValidate
          onSubmit={onSubmit}
          className={`mt-5 space-y-4 p-5 ${CARD}`}
          data-testid="wifi-form"
        >
          <TextField
            label={t('deviceConfig.wifi.name')}
            readOnly={!choice.hidden}
            autoComplete="off"
            testId="wifi-ssid"
            {...register('ssid')}
            error={msg(formState.errors.ssid?.message)}
          />
          <PasswordField
            label={t('deviceConfig.wifi.password')}
            autoComplete="off"
            data-testid="wifi-password"
            {...register('password', { onChange: () => send.reset() })}
            error={msg(formState.errors.password?.message)}
          />
          {send.isError ? (
            <FormAlert testId="wifi-send-error">
              {send.error instanceof DeviceUnreachable
                ? t('deviceConfig.connect.notConnected')
                : t('deviceConfig.wifi.sendFailed')}
            </FormAlert>
          ) : null}
          <PrimaryButton busy={send.isPending} data-testid="wifi-send">
            {t('deviceConfig.wifi.send')}
          </PrimaryButton>
        </form>
      ) : null}
    </StackScreen>
  );
}
