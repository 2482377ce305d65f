import LayoutListIcon from 'lucide-react/icons/layout-list';
import ScanQrCodeIcon from 'lucide-react/icons/scan-qr-code';
import TagIcon from 'lucide-react/icons/tag';
import { useTranslation } from 'react-i18next';
import { configPaths } from '../../routes.ts';
import { Row } from '../../ui/Row.tsx';
import { Section } from '../../ui/Section.tsx';
import { StackScreen } from '../../ui/StackScreen.tsx';

/** selectDeviceConfigMode (spec section 2): how to find the device to add, one line each. */
export function SelectModeScreen() {
  const { t } = useTranslation();
  return (
    <StackScreen title={t('deviceChoose.mode.title')} testId="screen-select-config-mode" slide="side">
      <p className="mb-4 px-1 text-[15px] text-muted">{t('deviceChoose.mode.intro')}</p>
      <Section>
        <Row
          icon={ScanQrCodeIcon}
          title={t('deviceChoose.mode.qr')}
          subtitle={t('deviceChoose.mode.qrHint')}
          to={configPaths.qrCode()}
          testId="mode-qr"
        />
        <Row
          icon={LayoutListIcon}
          title={t('deviceChoose.mode.list')}
          subtitle={t('deviceChoose.mode.listHint')}
          to={configPaths.categories()}
          testId="mode-list"
        />
        <Row
          icon={TagIcon}
          title={t('deviceChoose.mode.brand')}
          subtitle={t('deviceChoose.mode.brandHint')}
          to={configPaths.brands()}
          testId="mode-brand"
        />
      </Section>
    </StackScreen>
  );
}
