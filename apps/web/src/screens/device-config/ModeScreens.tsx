import HandIcon from 'lucide-react/icons/hand';
import RadioTowerIcon from 'lucide-react/icons/radio-tower';
import WandIcon from 'lucide-react/icons/wand-sparkles';
import WifiIcon from 'lucide-react/icons/wifi';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { configPaths } from '../../routes.ts';
import { PrimaryButton, SecondaryButton } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Row } from '../../ui/Row.tsx';
import { Section } from '../../ui/Section.tsx';
import { StackScreen } from '../../ui/StackScreen.tsx';
import { usePairingStore } from './pairing-store.ts';
import { holdSeconds, Lead, Steps, useDigits, useModelName } from './parts.tsx';

/** The model chosen before (selectDeviceConfigMode and the lists), carried as `profileId`. */
function useProfileId(): string | undefined {
  const [params] = useSearchParams();
  return params.get('profileId') ?? usePairingStore.getState().profileId ?? undefined;
}

/**
 * selectAutoOrManualConfig [profileId]: access point (manual) or smart (automatic) configuration
 * (spec section 9: config mode Manual 0, Smart 1). A new pairing starts here: the last one is forgotten.
 */
export function AutoOrManualScreen() {
  const { t } = useTranslation();
  const profileId = useProfileId();
  const model = useModelName(profileId);
  useEffect(() => {
    usePairingStore.getState().clear();
    usePairingStore.getState().set({ profileId: profileId ?? null });
  }, [profileId]);
  return (
    <StackScreen title={t('deviceConfig.mode.title')} testId="screen-auto-or-manual" slide="side">
      <Lead>{model ? t('deviceConfig.mode.leadModel', { model }) : t('deviceConfig.mode.lead')}</Lead>
      <Section>
        <Row
          icon={RadioTowerIcon}
          title={t('deviceConfig.mode.manual')}
          subtitle={t('deviceConfig.mode.manualHint')}
          to={configPaths.manualTutorial(profileId)}
          testId="mode-manual"
        />
        <Row
          icon={WandIcon}
          title={t('deviceConfig.mode.smart')}
          subtitle={t('deviceConfig.mode.smartHint')}
          to={configPaths.selectWifiAuto(profileId)}
          testId="mode-smart"
        />
      </Section>
    </StackScreen>
  );
}

type SmartStep = 'wifi' | 'tutorial' | 'final';

/**
 * selectWifiInAutoConfig, autoConfigTutorial and autoConfigFinal: what smart configuration is, and
 * why this app in a browser cannot send it (a web page cannot broadcast on the Wi-Fi); each leads on
 * to access point mode, which works everywhere.
 */
export function SmartConfigScreen({ step }: { step: SmartStep }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const profileId = useProfileId();
  const digits = useDigits();
  const hold = holdSeconds(profileId);
  const toManual = () => void navigate(configPaths.manualTutorial(profileId), { replace: true });
  const next =
    step === 'wifi'
      ? configPaths.autoTutorial(profileId)
      : step === 'tutorial'
        ? configPaths.autoFinal(profileId)
        : null;
  return (
    <StackScreen title={t(`deviceConfig.smart.title_${step}`)} testId={`screen-smart-${step}`} slide="side">
      {step === 'wifi' ? (
        <EmptyState
          icon={WifiIcon}
          title={t('deviceConfig.smart.whatTitle')}
          body={t('deviceConfig.smart.what')}
        />
      ) : null}
      {step === 'tutorial' ? (
        <Steps
          items={[
            t('deviceConfig.smart.step1', { seconds: digits(hold) }),
            t('deviceConfig.smart.step2'),
            t('deviceConfig.smart.step3'),
          ]}
        />
      ) : null}
      <div className="mt-5 rounded-3xl bg-accent-soft px-4 py-3 text-[15px] text-accent-text" role="note">
        <p className="font-semibold">{t('deviceConfig.smart.webTitle')}</p>
        <p className="mt-1">{t('deviceConfig.smart.web')}</p>
      </div>
      {step === 'final' ? (
        <EmptyState
          icon={HandIcon}
          title={t('deviceConfig.smart.finalTitle')}
          body={t('deviceConfig.smart.final')}
        />
      ) : null}
      <div className="mt-6 grid gap-3">
        <PrimaryButton onClick={toManual} data-testid="smart-to-manual">
          {t('deviceConfig.smart.useManual')}
        </PrimaryButton>
        {next ? (
          <SecondaryButton onClick={() => void navigate(next)} data-testid="smart-next">
            {t('deviceConfig.smart.next')}
          </SecondaryButton>
        ) : null}
      </div>
    </StackScreen>
  );
}
