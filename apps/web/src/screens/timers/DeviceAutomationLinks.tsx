import { getProfile } from '@hestia/catalog';
import ArrowRightLeftIcon from 'lucide-react/icons/arrow-right-left';
import CalendarIcon from 'lucide-react/icons/calendar';
import TimerIcon from 'lucide-react/icons/timer';
import ZapIcon from 'lucide-react/icons/zap';
import { useTranslation } from 'react-i18next';
import { canControl, useDeviceQuery } from '../../data/devices.ts';
import { useDeviceAccess } from '../../data/live.ts';
import { timerPaths } from '../../routes/timer-paths.ts';
import { Row } from '../../ui/Row.tsx';
import { Section } from '../../ui/Section.tsx';
import { writableKeys } from './timer-lib.ts';

/**
 * The device settings' way into timers, schedules, data exchange and automations. Timers and schedules
 * need a key they can write (a sensor has none); data exchange needs a reported value; view-only
 * shares see the automations alone.
 */
export function DeviceAutomationLinks({ deviceId }: { deviceId: string }) {
  const { t } = useTranslation();
  const { data: device } = useDeviceQuery(deviceId);
  const access = useDeviceAccess(device ?? { id: deviceId, access: 'view' });
  if (!device) return null;
  const profile = getProfile(device.deviceProfileId);
  const control = canControl(access);
  const writes = writableKeys(profile).length > 0;
  const reports = (profile?.keys ?? []).some((k) => k.access !== 'w');
  return (
    <Section title={t('timers.links.section')}>
      {control && writes ? (
        <>
          <Row
            icon={TimerIcon}
            title={t('timers.timer.title')}
            subtitle={t('timers.links.timer')}
            to={timerPaths.setDeviceTimer(deviceId)}
            testId="link-set-device-timer"
          />
          <Row
            icon={CalendarIcon}
            title={t('timers.schedule.title')}
            subtitle={t('timers.links.schedule')}
            to={timerPaths.setDeviceSchedule(deviceId)}
            testId="link-set-device-schedule"
          />
        </>
      ) : null}
      {control && reports ? (
        <Row
          icon={ArrowRightLeftIcon}
          title={t('timers.exchange.title')}
          subtitle={t('timers.links.exchange')}
          to={timerPaths.dataExchangeList(deviceId, device.deviceProfileId)}
          testId="link-data-exchange-list"
        />
      ) : null}
      <Row
        icon={ZapIcon}
        title={t('timers.automations.title')}
        subtitle={t('timers.links.automations')}
        to={timerPaths.deviceAutomationList(deviceId, device.deviceProfileId)}
        testId="link-device-automation-list"
      />
    </Section>
  );
}
