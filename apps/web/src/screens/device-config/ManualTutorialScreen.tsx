import SettingsIcon from 'lucide-react/icons/settings-2';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { configPaths } from '../../routes.ts';
import { PrimaryButton } from '../../ui/Button.tsx';
import { StackScreen } from '../../ui/StackScreen.tsx';
import { CARD } from '../../ui/styles.ts';
import { TextField } from '../../ui/TextField.tsx';
import { DEFAULT_DEVICE_ADDRESS, normaliseAddress } from './device-ap.ts';
import { useDeviceAddressStore, usePairingStore } from './pairing-store.ts';
import { holdSeconds, isolate, Lead, Steps, useDigits } from './parts.tsx';

/**
 * manualConfigTutorial: put the device in pairing mode (hold its button 3 s, 5 s for a plug key), join
 * its Wi-Fi `Hestia-XXXX` in the phone's settings, come back. The device's address is an advanced,
 * remembered setting: a real device answers at 192.168.4.1; the simulator prints its own.
 */
export function ManualTutorialScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const profileId = params.get('profileId') ?? usePairingStore.getState().profileId ?? undefined;
  const digits = useDigits();
  const saved = useDeviceAddressStore((s) => s.address);
  const [typed, setTyped] = useState(saved);
  const [touched, setTouched] = useState(false);
  const address = normaliseAddress(typed);
  const error = touched && !address ? t('deviceConfig.tutorial.addressInvalid') : null;

  const proceed = () => {
    setTouched(true);
    if (!address) return;
    useDeviceAddressStore.getState().setAddress(address);
    void navigate(configPaths.connectDeviceWifi(profileId));
  };

  return (
    <StackScreen
      title={t('deviceConfig.tutorial.title')}
      testId="screen-manual-tutorial"
      slide="side"
      footer={
        <PrimaryButton className="w-full" onClick={proceed} data-testid="tutorial-continue">
          {t('deviceConfig.tutorial.continue')}
        </PrimaryButton>
      }
    >
      <Lead>{t('deviceConfig.tutorial.lead')}</Lead>
      <Steps
        testId="tutorial-steps"
        items={[
          t('deviceConfig.tutorial.step1', { seconds: digits(holdSeconds(profileId)) }),
          t('deviceConfig.tutorial.step2'),
          t('deviceConfig.tutorial.step3'),
        ]}
      />
      <details className={`mt-5 p-4 ${CARD}`} open={saved !== DEFAULT_DEVICE_ADDRESS || undefined}>
        <summary className="flex min-h-11 cursor-pointer items-center gap-2 font-medium text-ink">
          <SettingsIcon size={18} className="text-accent-text" />
          {t('deviceConfig.tutorial.advanced')}
        </summary>
        <div className="mt-3">
          <TextField
            label={t('deviceConfig.tutorial.address')}
            hint={t('deviceConfig.tutorial.addressHint', { address: isolate(DEFAULT_DEVICE_ADDRESS) })}
            dir="ltr"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            value={typed}
            onValueChange={setTyped}
            onBlur={() => setTouched(true)}
            error={error}
            testId="device-address"
          />
        </div>
      </details>
    </StackScreen>
  );
}
