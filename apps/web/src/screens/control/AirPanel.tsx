import { keyOf } from '@hestia/catalog';
import FanIcon from 'lucide-react/icons/fan';
import SlidersHorizontalIcon from 'lucide-react/icons/sliders-horizontal';
import { useTranslation } from 'react-i18next';
import { useCatalogText } from '../../i18n/catalog-text.ts';
import { Section } from '../../ui/Section.tsx';
import { KeyField, OptionRow, PowerHero, TemperatureHero, TimerRow } from './ClimateParts.tsx';
import type { PanelProps } from './panels.ts';
import { num, useSender } from './sender.ts';

/**
 * Moving air (issue 19): fans, evaporative coolers (the cooler screen and its timer picker) and air
 * conditioners (setpoint, mode picker, swing, turbo, sleep, on and off timers). Power first, with the
 * mode or speed beside it; then what the model has, each control only where the catalogue declares
 * its key.
 */
export default function AirPanel({ control }: PanelProps) {
  const { t } = useTranslation();
  const text = useCatalogText();
  const sender = useSender(control);
  const profile = control.profile;
  if (!profile) return null;
  const has = (key: string) => keyOf(profile, key) !== undefined;
  const named = (key: string) => {
    const v = num(control.values[key]);
    return v === undefined ? undefined : text.option(key, v, profile.family);
  };
  const ac = profile.family === 'air_conditioner';
  const field = (name: string) => <KeyField key={name} control={control} sender={sender} name={name} />;

  return (
    <div data-testid="air-panel">
      <PowerHero
        control={control}
        sender={sender}
        keyName="onoff"
        icon={FanIcon}
        title={text.title('keys.onoff', 'onoff')}
        detail={ac ? named('mode') : named('speed')}
      />
      {ac ? (
        <TemperatureHero
          control={control}
          sender={sender}
          reading="temperature"
          setpoint="temperature_setpoint"
          state={named('mode')}
        />
      ) : null}

      <Section title={text.group('control')}>
        {has('mode') ? <OptionRow control={control} keyName="mode" icon={SlidersHorizontalIcon} /> : null}
        {has('speed') ? <OptionRow control={control} keyName="speed" icon={FanIcon} /> : null}
        {['pump', 'swing', 'turbo', 'sleep', 'auto'].filter(has).map(field)}
        {!ac && has('temperature') ? field('temperature') : null}
      </Section>

      <Section
        title={text.group('timer')}
        hint={
          ac
            ? t('climate.timer.hintAc')
            : has('auto')
              ? t('climate.timer.hintAuto')
              : t('climate.timer.hintOff')
        }
      >
        {['on_timer', 'off_timer', 'timer'].filter(has).map((key) => (
          <TimerRow key={key} control={control} sender={sender} keyName={key} />
        ))}
      </Section>
    </div>
  );
}
