import { keyOf, type ModelProfile } from '@hestia/catalog';
import DoorClosedIcon from 'lucide-react/icons/door-closed';
import DoorOpenIcon from 'lucide-react/icons/door-open';
import PersonStandingIcon from 'lucide-react/icons/person-standing';
import VibrateIcon from 'lucide-react/icons/vibrate';
import { useTranslation } from 'react-i18next';
import { Section } from '../../ui/Section.tsx';
import { StatusHero } from '../../ui/StatusHero.tsx';
import { num } from '../settings/setting-controls.tsx';
import { useBatteryText } from './battery-text.ts';
import { EventList } from './EventList.tsx';
import { numOf } from './event-history.ts';
import { PickerRow } from './PickerRow.tsx';
import type { PanelProps } from './panels.ts';

/** Delays offered by the pir-sensor-delay picker, within the model's range (seconds). */
const DELAY_STEPS = [5, 10, 15, 30, 45, 60, 90, 120, 180, 300, 450, 600];

const range = (profile: ModelProfile, key: string): number[] => {
  const def = keyOf(profile, key);
  if (!def || def.min === undefined || def.max === undefined) return [];
  return Array.from({ length: def.max - def.min + 1 }, (_, i) => (def.min ?? 0) + i);
};

/** The motion sensor's sensitivity and delay pickers (spec: pir-sensor-sensitivity, pir-sensor-delay). */
export function PirSettings({ control }: Pick<PanelProps, 'control'>) {
  const { t, i18n } = useTranslation();
  const profile = control.profile;
  if (!profile) return null;
  const fmt = new Intl.NumberFormat(i18n.language);
  const delay = keyOf(profile, 'delay');
  const current = num(control.values.delay);
  const delays = DELAY_STEPS.filter((s) => s >= (delay?.min ?? 0) && s <= (delay?.max ?? 600));
  if (current !== undefined && !delays.includes(current)) delays.push(current);
  const delayText = (s: number) =>
    s < 60 || s % 60 !== 0
      ? t('devicePanels.pir.seconds', { value: fmt.format(s) })
      : t('devicePanels.pir.minutes', { value: fmt.format(s / 60) });
  return (
    <Section title={t('devicePanels.settings')}>
      {keyOf(profile, 'sensivity') ? (
        <PickerRow
          title={t('devicePanels.pir.sensitivity')}
          keyName="sensivity"
          value={num(control.values.sensivity)}
          options={range(profile, 'sensivity')}
          labelOf={(v) => fmt.format(v)}
          control={control}
          testId="pir-sensor-sensitivity"
        />
      ) : null}
      {delay ? (
        <PickerRow
          title={t('devicePanels.pir.delay')}
          keyName="delay"
          value={current}
          options={delays.sort((a, b) => a - b)}
          labelOf={delayText}
          control={control}
          testId="pir-sensor-delay"
        />
      ) : null}
    </Section>
  );
}

/** Motion sensors: motion now, sensitivity and delay pickers, and the recent motion events. */
export function PirSensorPanel({ deviceId, control }: PanelProps) {
  const { t } = useTranslation();
  const battery = useBatteryText();
  const motion = num(control.values.motion_status);
  return (
    <div data-testid="pir-sensor-panel">
      <StatusHero
        icon={PersonStandingIcon}
        title={
          motion === undefined
            ? '—'
            : motion === 1
              ? t('devicePanels.pir.motion')
              : t('devicePanels.pir.noMotion')
        }
        detail={battery(num(control.values.battery))}
        tone={motion === 1 ? 'active' : 'quiet'}
        state={motion}
        testId="motion-status"
      />
      <PirSettings control={control} />
      <EventList
        deviceId={deviceId}
        main="motion_status"
        points={control.points}
        describe={(e) =>
          numOf(e.values.motion_status) === 1
            ? { text: t('devicePanels.pir.motion') }
            : { text: t('devicePanels.pir.noMotion'), tone: 'quiet' }
        }
      />
    </div>
  );
}

/** Door and window contacts: open or closed now, and when it opened and closed. */
export function DoorSensorPanel({ deviceId, control }: PanelProps) {
  const { t } = useTranslation();
  const battery = useBatteryText();
  const open = num(control.values.sensor_status);
  return (
    <div data-testid="door-sensor-panel">
      <StatusHero
        icon={open === 1 ? DoorOpenIcon : DoorClosedIcon}
        title={
          open === undefined ? '—' : open === 1 ? t('devicePanels.door.open') : t('devicePanels.door.closed')
        }
        detail={battery(num(control.values.battery))}
        tone={open === 1 ? 'alert' : 'quiet'}
        state={open}
        testId="door-status"
      />
      <EventList
        deviceId={deviceId}
        main="sensor_status"
        points={control.points}
        describe={(e) =>
          numOf(e.values.sensor_status) === 1
            ? { text: t('devicePanels.door.opened'), tone: 'alert' }
            : { text: t('devicePanels.door.closedEvent'), tone: 'quiet' }
        }
      />
    </div>
  );
}

/** Vibration sensors: vibration now, sensitivity and the recent vibration events. */
export function VibrationPanel({ deviceId, control }: PanelProps) {
  const { t, i18n } = useTranslation();
  const battery = useBatteryText();
  const shaking = num(control.values.vibration_status);
  const profile = control.profile;
  return (
    <div data-testid="vibration-panel">
      <StatusHero
        icon={VibrateIcon}
        title={
          shaking === undefined
            ? '—'
            : shaking === 1
              ? t('devicePanels.vibration.detected')
              : t('devicePanels.vibration.calm')
        }
        detail={battery(num(control.values.battery))}
        tone={shaking === 1 ? 'alert' : 'quiet'}
        state={shaking}
        testId="vibration-status"
      />
      {profile && keyOf(profile, 'sensivity') ? (
        <Section title={t('devicePanels.settings')}>
          <PickerRow
            title={t('devicePanels.pir.sensitivity')}
            keyName="sensivity"
            value={num(control.values.sensivity)}
            options={range(profile, 'sensivity')}
            labelOf={(v) => new Intl.NumberFormat(i18n.language).format(v)}
            control={control}
            testId="vibration-sensitivity"
          />
        </Section>
      ) : null}
      <EventList
        deviceId={deviceId}
        main="vibration_status"
        points={control.points}
        describe={(e) =>
          numOf(e.values.vibration_status) === 1
            ? { text: t('devicePanels.vibration.detected'), tone: 'alert' }
            : null
        }
      />
    </div>
  );
}
