import { useQuery } from '@tanstack/react-query';
import RefreshIcon from 'lucide-react/icons/refresh-cw';
import UserRoundXIcon from 'lucide-react/icons/user-round-x';
import WifiOffIcon from 'lucide-react/icons/wifi-off';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAssetTreeQuery } from '../../data/assets.ts';
import { errorText } from '../../data/errors.ts';
import { pickPlace } from '../../lib/places.ts';
import { configPaths } from '../../routes.ts';
import { useHomeStore } from '../../state/home-store.ts';
import { Button, PrimaryButton, SecondaryButton } from '../../ui/Button.tsx';
import { EmptyState, LoadingBlock } from '../../ui/EmptyState.tsx';
import { FormAlert } from '../../ui/FormAlert.tsx';
import { Row } from '../../ui/Row.tsx';
import { Section } from '../../ui/Section.tsx';
import { Select } from '../../ui/Select.tsx';
import { StackScreen } from '../../ui/StackScreen.tsx';
import { deviceInfo } from './device-ap.ts';
import { isConfigDisabled, isUnknownDevice, useChangeOwner, usePairKey } from './pairing-data.ts';
import { useDeviceAddressStore, usePairingStore } from './pairing-store.ts';
import { isolate, Lead } from './parts.tsx';

/** The refusal of a pair key in words: configuration disabled, unknown device, or the server's own. */
function usePairError() {
  const { t } = useTranslation();
  return (err: unknown) =>
    isConfigDisabled(err)
      ? t('deviceConfig.connect.disabled')
      : isUnknownDevice(err)
        ? t('deviceConfig.connect.unknown')
        : errorText(err, t);
}

/**
 * manual-config-connect-device-wifi: is the phone on the device's Wi-Fi (its `device_info` answers)?
 * If so, the device's AP MAC; the place it goes to; and the pair key for its 3-minute window. A device
 * another user owns goes through manual-config-change-owner first.
 */
export function ConnectDeviceWifiScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const address = useDeviceAddressStore((s) => s.address);
  const info = useQuery({
    queryKey: ['device-ap', address, 'info'],
    queryFn: () => deviceInfo(address),
    retry: false,
    gcTime: 0,
  });
  const tree = useAssetTreeQuery();
  const chosen = useHomeStore((s) => s.defaultAssetId);
  const [placeId, setPlaceId] = useState<string | null>(null);
  const place = placeId ?? pickPlace(tree.data ?? [], chosen)?.id ?? '';
  const pair = usePairKey();
  const pairError = usePairError();

  const getKey = () => {
    const device = info.data;
    if (!device || pair.isPending) return;
    pair.mutate(
      { mac: device.mac, assetId: place || undefined },
      {
        onSuccess: (key) => {
          usePairingStore.getState().set({
            deviceSSID: device.ssid,
            deviceBSSID: device.mac,
            deviceModel: device.model,
            isDeviceWifiConnected: true,
            assetId: place || null,
            pairKey: key.pairkey,
            expiresAt: Date.parse(key.expiresAt),
            profileId: key.deviceProfileId,
            ownerKey: null,
          });
          void navigate(key.ownedByOther ? configPaths.changeOwner() : configPaths.selectDeviceWifi());
        },
      },
    );
  };

  return (
    <StackScreen title={t('deviceConfig.connect.title')} testId="screen-connect-device-wifi" slide="side">
      {info.isPending ? <LoadingBlock /> : null}
      {info.isError ? (
        <EmptyState
          icon={WifiOffIcon}
          title={t('deviceConfig.connect.notConnected')}
          body={t('deviceConfig.connect.notConnectedHint', { address: isolate(address) })}
          action={
            <SecondaryButton
              icon={RefreshIcon}
              onClick={() => void info.refetch()}
              data-testid="connect-retry"
            >
              {t('deviceConfig.common.retry')}
            </SecondaryButton>
          }
        />
      ) : null}
      {info.data ? (
        <>
          <Lead>{t('deviceConfig.connect.found')}</Lead>
          <Section>
            <Row title={t('deviceConfig.info.apName')} trailing={<bdi dir="ltr">{info.data.ssid}</bdi>} />
            <Row
              title={t('deviceConfig.info.mac')}
              trailing={
                <bdi dir="ltr" data-testid="connect-mac">
                  {info.data.mac}
                </bdi>
              }
            />
          </Section>
          <div className="mt-5">
            <Select
              label={t('deviceConfig.connect.place')}
              value={place}
              options={(tree.data ?? []).map((p) => [p.id, p.name] as const)}
              onChange={setPlaceId}
              testId="connect-place"
            />
          </div>
          {pair.isError ? (
            <div className="mt-4">
              <FormAlert testId="connect-error">{pairError(pair.error)}</FormAlert>
            </div>
          ) : null}
          <PrimaryButton
            className="mt-6 w-full"
            busy={pair.isPending}
            disabled={!place}
            onClick={getKey}
            data-testid="connect-pair"
          >
            {t('deviceConfig.connect.pair')}
          </PrimaryButton>
        </>
      ) : null}
    </StackScreen>
  );
}

/**
 * manual-config-change-owner: the device belongs to someone else. Taking it over (with this pairing's
 * key) moves it to this user; its old owner loses it and every share of it ends.
 */
export function ChangeOwnerScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { deviceBSSID: mac, pairKey } = usePairingStore();
  const change = useChangeOwner();
  const pairError = usePairError();

  const confirm = () => {
    if (!mac || !pairKey || change.isPending) return;
    change.mutate(
      { mac, pairkey: pairKey },
      {
        onSuccess: ({ ownerKey }) => {
          usePairingStore.getState().set({ ownerKey });
          void navigate(configPaths.selectDeviceWifi(), { replace: true });
        },
      },
    );
  };

  return (
    <StackScreen title={t('deviceConfig.owner.title')} testId="screen-change-owner" slide="side">
      <EmptyState
        icon={UserRoundXIcon}
        title={t('deviceConfig.owner.lead')}
        body={t('deviceConfig.owner.body')}
      />
      {!mac || !pairKey ? <FormAlert>{t('deviceConfig.common.startAgain')}</FormAlert> : null}
      {change.isError ? <FormAlert testId="owner-error">{pairError(change.error)}</FormAlert> : null}
      <div className="mt-6 grid gap-3">
        <Button
          variant="danger"
          shape="block"
          busy={change.isPending}
          disabled={!mac || !pairKey}
          onClick={confirm}
          data-testid="owner-confirm"
        >
          {t('deviceConfig.owner.confirm')}
        </Button>
        <SecondaryButton onClick={() => void navigate(-1)}>{t('deviceConfig.common.cancel')}</SecondaryButton>
      </div>
    </StackScreen>
  );
}
