import { keyOf } from '@hestia/catalog';
import FanIcon from 'lucide-react/icons/fan';
import SnowflakeIcon from 'lucide-react/icons/snowflake';
import SunIcon from 'lucide-react/icons/sun';
import ThermometerIcon from 'lucide-react/icons/thermometer';
import { useTranslation } from 'react-i18next';
import { useCatalogText } from '../../i18n/catalog-text.ts';
import { Section } from '../../ui/Section.tsx';
import { KeyField, OptionRow, PowerHero, steps, TemperatureHero, TimerRow } from './ClimateParts.tsx';
import type { PanelProps } from './panels.ts';
import { num, on, useSender } from './sender.ts';

/**
 * Thermostats (issue 19): the fan coil's thermostat-screen and the room thermostat. Power; the room's
 * temperature with the setpoint (a fan coil takes it in auto mode only, and says so); the season
 * (the thermostat mode picker); on a fan coil auto, fan speed and the segment temperature, backlight
 * and timer pickers and the buzzer; on a room thermostat its hysteresis and offset; the off timer.
 */
export default function ThermostatPanel({ control }: PanelProps) {
  const { t } = useTranslation();
  const text = useCatalogText();
  const sender = useSender(control);
  const profile = control.profile;
  if (!profile) return null;
  const fanCoil = profile.family === 'fan_coil';
  const setpoint = fanCoil ? 'setpoint' : 'temperature_setpoint';
  const season = fanCoil ? 'winter_summer' : 'summer_winter';
  const isOn = on(control.values.power);
  const auto = on(control.values.auto);
  // Winter heats: fan coil winter_summer 0, room thermostat summer_winter 1.
  const winter = num(control.values[season]) === (fanCoil ? 0 : 1);
  const working = on(control.values[fanCoil ? 'valve_status' : 'output_status']);
  const state = !isOn
    ? undefined
    : working
      ? winter
        ? t('climate.state.heating')
        : t('climate.state.cooling')
      : t('climate.state.idle');
  const def = keyOf(profile, setpoint);
  const setpoints = def ? steps(def.min ?? 5, def.max ?? 35, def.step ?? 1) : [];
  const degrees = (v: number) => t('control.withUnit', { value: text.number(v, 1), unit: '°C' });

  return (
    <div data-testid="thermostat-panel">
      <PowerHero
        control={control}
        sender={sender}
        keyName="power"
        title={text.title('keys.power', 'power')}
        detail={fanCoil && auto ? t('climate.fanCoil.autoOn') : undefined}
      />
      <TemperatureHero
        control={control}
        sender={sender}
        reading="temperature"
        setpoint={setpoint}
        state={state}
        locked={fanCoil && !auto ? t('climate.fanCoil.autoOnly') : undefined}
      />

      <Section title={text.group('control')}>
        {fanCoil ? <KeyField control={control} sender={sender} name="auto" /> : null}
        <OptionRow
          control={control}
          keyName={season}
          icon={winter ? SnowflakeIcon : SunIcon}
          title={t('climate.season')}
        />
        {fanCoil ? (
          <>
            <OptionRow control={control} keyName="speed" icon={FanIcon} />
            <OptionRow
              control={control}
              keyName={setpoint}
              icon={ThermometerIcon}
              title={t('climate.fanCoil.segment')}
              options={setpoints}
              labelOf={degrees}
            />
          </>
        ) : null}
      </Section>

      {fanCoil ? (
        <Section title={text.group('display')} hint={t('climate.fanCoil.displayHint')}>
          <OptionRow
            control={control}
            keyName="display_light_percent"
            title={t('climate.fanCoil.backlight')}
            options={steps(0, 100, 10)}
            labelOf={(v) => t('control.percent', { value: text.number(v, 0) })}
          />
          <KeyField control={control} sender={sender} name="buzzer" />
        </Section>
      ) : (
        <Section title={text.group('setpoint')} hint={t('climate.room.hysteresisHint')}>
          <KeyField control={control} sender={sender} name="up_hysteresis" />
          <KeyField control={control} sender={sender} name="down_hysteresis" />
          <KeyField control={control} sender={sender} name="temperature_offset" />
        </Section>
      )}

      <Section
        title={text.group('timer')}
        hint={fanCoil ? t('climate.timer.hintAuto') : t('climate.timer.hintOff')}
      >
        <TimerRow control={control} sender={sender} keyName="timer" />
      </Section>
    </div>
  );
}
