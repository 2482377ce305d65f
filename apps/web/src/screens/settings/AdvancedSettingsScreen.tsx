import { settingTypesOf } from '@hestia/catalog';
import FlaskConicalIcon from 'lucide-react/icons/flask-conical';
import InfoIcon from 'lucide-react/icons/info';
import LinkIcon from 'lucide-react/icons/link';
import SlidersVerticalIcon from 'lucide-react/icons/sliders-vertical';
import WifiIcon from 'lucide-react/icons/wifi';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { DeviceControl } from '../../data/control.ts';
import { settingsPaths } from '../../routes/settings-paths.ts';
import { homePaths } from '../../routes.ts';
import { Row } from '../../ui/Row.tsx';
import { Section } from '../../ui/Section.tsx';
import { DeviceFrame } from './DeviceFrame.tsx';
import { HARDWARE_TEST_FAMILIES } from './setting-links.ts';

/**
 * device-advanced-settings [id, deviceProfileId]: setting types, hardware test and a link to Device
 * information (which names the model, firmware and connection in words; not repeated here as raw ids).
 */
export function AdvancedSettingsScreen() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  return (
    <DeviceFrame id={id} title={t('deviceSettings.links.advanced')} testId="screen-advanced-settings" quiet>
      {(control) => <Advanced id={id} family={control.profile?.family} control={control} />}
    </DeviceFrame>
  );
}

function Advanced({
  id,
  family,
  control,
}: {
  id: string;
  family: string | undefined;
  control: DeviceControl;
}) {
  const { t } = useTranslation();
  const types = control.profile ? settingTypesOf(control.profile) : [];
  const offline = control.state !== 'online';
  return (
    <Section title={t('deviceSettings.advanced.section')}>
      <Row
        icon={WifiIcon}
        title={t('deviceSettings.links.wifiStatusDisplay')}
        to={settingsPaths.wifiStatusDisplay(id)}
        testId="link-wifi"
      />
      {types.includes('pairing-devices') ? (
        <Row
          icon={LinkIcon}
          title={t('deviceSettings.links.pairingDevices')}
          to={settingsPaths.pairingDevices(id)}
          testId="link-pairing"
        />
      ) : null}
      {types.includes('config-status') ? (
        <Row
          icon={SlidersVerticalIcon}
          title={t('deviceSettings.links.configStatus')}
          to={settingsPaths.configStatus(id)}
          testId="link-config-status"
        />
      ) : null}
      {family && HARDWARE_TEST_FAMILIES.includes(family) ? (
        <Row
          icon={FlaskConicalIcon}
          title={t('devicePanels.test.title')}
          subtitle={offline ? t('device.offline') : undefined}
          disabled={offline || !control.mayControl}
          to={settingsPaths.hardwareTest(id)}
          testId="link-hardware-test"
        />
      ) : null}
      <Row
        icon={InfoIcon}
        title={t('home.info.title')}
        to={homePaths.deviceInformation(id)}
        testId="link-information"
      />
    </Section>
  );
}
