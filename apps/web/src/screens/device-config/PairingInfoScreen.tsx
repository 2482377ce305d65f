import { useTranslation } from 'react-i18next';
import { Row } from '../../ui/Row.tsx';
import { Section } from '../../ui/Section.tsx';
import { StackScreen } from '../../ui/StackScreen.tsx';
import { useDeviceAddressStore, usePairingStore } from './pairing-store.ts';
import { useModelName } from './parts.tsx';

/** pairingDeviceInformation: what the app knows of the device being paired. */
export function PairingInfoScreen() {
  const { t } = useTranslation();
  const pairing = usePairingStore();
  const address = useDeviceAddressStore((s) => s.address);
  const model = useModelName(pairing.profileId);
  const none = '—';
  const rows: [string, string, string][] = [
    [t('deviceConfig.info.model'), model ?? pairing.deviceModel ?? none, 'model'],
    [t('deviceConfig.info.mac'), pairing.deviceBSSID ?? none, 'mac'],
    [t('deviceConfig.info.apName'), pairing.deviceSSID ?? none, 'ap'],
    [t('deviceConfig.info.address'), address, 'address'],
    [t('deviceConfig.info.network'), pairing.ssid ?? none, 'network'],
  ];
  return (
    <StackScreen title={t('deviceConfig.info.title')} testId="screen-pairing-info" slide="side">
      <Section>
        {rows.map(([label, value, id]) => (
          <Row
            key={id}
            title={label}
            trailing={
              <bdi dir="ltr" data-testid={`pairing-${id}`} className="text-muted">
                {value}
              </bdi>
            }
          />
        ))}
      </Section>
    </StackScreen>
  );
}
