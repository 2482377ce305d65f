import type { ModelProfile } from '@hestia/catalog';
import BellIcon from 'lucide-react/icons/bell';
import CpuIcon from 'lucide-react/icons/cpu';
import ListIcon from 'lucide-react/icons/list';
import SlidersVerticalIcon from 'lucide-react/icons/sliders-vertical';
import SunDimIcon from 'lucide-react/icons/sun-dim';
import TagIcon from 'lucide-react/icons/tag';
import ThermometerIcon from 'lucide-react/icons/thermometer';
import WifiIcon from 'lucide-react/icons/wifi';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { settingsPaths } from '../../routes/settings-paths.ts';
import { CurtainIcon } from '../../ui/device-glyphs.tsx';
import { Row } from '../../ui/Row.tsx';
import { Section } from '../../ui/Section.tsx';
import { type SettingLink, settingLinksOf } from './setting-links.ts';

const LINKS: Record<SettingLink, { icon: ComponentType<{ size?: number }>; to: (id: string) => string }> = {
  lightIntensity: { icon: SunDimIcon, to: settingsPaths.lightIntensity },
  wifiStatusDisplay: { icon: WifiIcon, to: settingsPaths.wifiStatusDisplay },
  temperatureRange: { icon: ThermometerIcon, to: settingsPaths.temperatureRange },
  memoryStatus: { icon: CpuIcon, to: settingsPaths.memoryStatus },
  editKeyTitle: { icon: TagIcon, to: settingsPaths.editKeyTitle },
  editCurtainName: { icon: CurtainIcon, to: settingsPaths.editCurtainName },
  switchKeyList: { icon: ListIcon, to: settingsPaths.switchKeyList },
  beep: { icon: BellIcon, to: settingsPaths.beep },
};

/**
 * The device-specific settings of device-setting: one link per screen the model has keys for, and
 * the advanced settings. Offline, the links that change the device say so (spec: disabled with
 * the device-offline message); a view-only share may open them read-only.
 */
export function DeviceSettingLinks({
  id,
  profile,
  offline,
}: {
  id: string;
  profile: ModelProfile;
  offline: boolean;
}) {
  const { t } = useTranslation();
  const links = settingLinksOf(profile);
  return (
    <Section title={t('deviceSettings.section')} hint={offline ? t('errors.DEVICE_OFFLINE') : undefined}>
      {links.map((link) => {
        const { icon, to } = LINKS[link];
        // Titles and Wi-Fi information are kept by the server or readable offline; the rest talk to the device.
        const needsDevice = link !== 'editKeyTitle' && link !== 'wifiStatusDisplay';
        const off = offline && needsDevice;
        return (
          <Row
            key={link}
            icon={icon}
            title={t(`deviceSettings.links.${link}`)}
            subtitle={off ? t('device.offline') : undefined}
            to={to(id)}
            disabled={off}
            testId={`link-${link}`}
          />
        );
      })}
      <Row
        icon={SlidersVerticalIcon}
        title={t('deviceSettings.links.advanced')}
        to={settingsPaths.advanced(id, profile.id)}
        testId="link-advanced"
      />
    </Section>
  );
}
