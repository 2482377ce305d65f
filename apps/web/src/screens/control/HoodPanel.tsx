import { keyOf, uiFields } from '@hestia/catalog';
import AlarmClockIcon from 'lucide-react/icons/alarm-clock';
import AlarmSmokeIcon from 'lucide-react/icons/alarm-smoke';
import FanIcon from 'lucide-react/icons/fan';
import TimerIcon from 'lucide-react/icons/timer';
import { useState } from 'react';
import { Section } from '../../ui/Section.tsx';
import { StatusHero } from '../../ui/StatusHero.tsx';
import { Field, FieldLine, OptionPills } from './fields.tsx';
import { ChoiceRow } from './KitchenParts.tsx';
import { steps } from './kitchen-state.ts';
import { useKitchenText } from './kitchen-text.ts';
import type { PanelProps } from './panels.ts';
import { num, on, useSender } from './sender.ts';

/**
 * hood (issue 19): the fan's speed (the speed picker: off and each speed), light, automatic mode
 * (the sensors drive the speed), the switch-off timer (refused while the fan is off or automatic, as
 * the catalogue says) and the alarm, smoke and the air's temperature as the hood reports them.
 */
export default function HoodPanel({ control }: PanelProps) {
  const { k, n, minutes, unit } = useKitchenText();
  const sender = useSender(control);
  const [picked, setPicked] = useState<number | null>(null);
  const profile = control.profile;
  if (!profile) return null;
  const speed = num(control.values.fan_speed) ?? 0;
  const smoke = on(control.values.smoke_detected);
  const speeds = keyOf(profile, 'fan_speed')?.values ?? [];
  const speedText = (v: number) => (v === 0 ? k('hood.off') : k('hood.speed', { n: n(v) }));
  const field = (key: string) => uiFields(profile).find((f) => f.key === key);
  const fields = (keys: readonly string[]) =>
    keys.map((key) => {
      const f = field(key);
      return f ? <Field key={key} field={f} control={control} sender={sender} /> : null;
    });
  const temperature = num(control.values.temperature);
  const timer = num(control.values.timer);
  const alarm = num(control.values.alarm);
  const maxTimer = keyOf(profile, 'timer')?.max ?? 99;
  const maxAlarm = keyOf(profile, 'alarm')?.max ?? 99;
  const minutesOrOff = (v: number) => (v === 0 ? k('hood.timerOff') : minutes(v));
  return (
    <div data-testid="hood-panel" data-speed={speed}>
      <StatusHero
        icon={smoke ? AlarmSmokeIcon : FanIcon}
        title={<span data-testid="hood-state">{speedText(speed)}</span>}
        detail={[
          on(control.values.auto_mode) ? k('hood.auto') : undefined,
          smoke ? k('hood.smoke') : undefined,
          temperature === undefined ? undefined : k('hood.air', { t: unit(temperature, '°C') }),
        ]
          .filter(Boolean)
          .join(' · ')}
        tone={smoke ? 'alert' : speed > 0 ? 'active' : 'quiet'}
        state={speed}
        testId="hood-hero"
      />
      <Section title={k('hood.hood')}>
        {control.mayControl ? (
          <FieldLine title={k('hood.fanSpeed')} testId="field-fan_speed" stacked>
            <OptionPills
              name={k('hood.fanSpeed')}
              options={speeds}
              value={speed}
              labelOf={(v) => (v === 0 ? k('hood.timerOff') : n(v))}
              busyValue={sender.busy === 'fan_speed' ? picked : null}
              disabled={!control.enabled}
              testId="select-fan_speed"
              onPick={(v) => {
                setPicked(v);
                void sender.run('fan_speed', [{ Key: 'fan_speed', Value: v }]);
              }}
            />
          </FieldLine>
        ) : null}
        {fields(['light', 'auto_mode', 'jack_open'])}
      </Section>
      <Section title={k('hob.settings')}>
        <ChoiceRow
          icon={TimerIcon}
          title={k('hood.timer')}
          pickerTitle={k('hood.timerPicker')}
          keyName="timer"
          value={timer}
          options={[0, ...steps(5, maxTimer, 5, timer === 0 ? undefined : timer)]}
          labelOf={minutesOrOff}
          control={control}
          testId="pick-hood-timer"
        />
        <ChoiceRow
          icon={AlarmClockIcon}
          title={k('hood.alarm')}
          pickerTitle={k('hood.alarmPicker')}
          keyName="alarm"
          value={alarm}
          options={[0, ...steps(5, maxAlarm, 5, alarm === 0 ? undefined : alarm)]}
          labelOf={minutesOrOff}
          control={control}
          testId="pick-hood-alarm"
        />
      </Section>
      <Section title={k('hood.sensors')}>
        {fields(['smoke_detected', 'temperature', 'smoke_sensor_error', 'sensor_error'])}
      </Section>
    </div>
  );
}
