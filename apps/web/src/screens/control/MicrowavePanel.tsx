import { errorMessage, keyOf, uiFields } from '@hestia/catalog';
import GaugeIcon from 'lucide-react/icons/gauge';
import ListOrderedIcon from 'lucide-react/icons/list-ordered';
import MicrowaveIcon from 'lucide-react/icons/microwave';
import PlayIcon from 'lucide-react/icons/play';
import ScaleIcon from 'lucide-react/icons/scale';
import SnowflakeIcon from 'lucide-react/icons/snowflake';
import SquareIcon from 'lucide-react/icons/square';
import ThermometerIcon from 'lucide-react/icons/thermometer';
import TimerIcon from 'lucide-react/icons/timer';
import { useState } from 'react';
import { useCatalogText } from '../../i18n/catalog-text.ts';
import { currentLanguage } from '../../i18n/index.ts';
import { Button } from '../../ui/Button.tsx';
import { Row } from '../../ui/Row.tsx';
import { Section } from '../../ui/Section.tsx';
import { Sheet } from '../../ui/Sheet.tsx';
import { StatusHero } from '../../ui/StatusHero.tsx';
import { toast } from '../../ui/Toast.tsx';
import { Field, OptionPills } from './fields.tsx';
import { ChoiceRow, DoorLine } from './KitchenParts.tsx';
import { ruleAgainst, steps } from './kitchen-state.ts';
import { useKitchenText } from './kitchen-text.ts';
import type { PanelProps } from './panels.ts';
import { num, on, useSender } from './sender.ts';

/** Minutes the micro timer picker offers: each of the first five, then every five up to the cap. */
const minuteChoices = (max: number, keep: number) => [...new Set([0, 1, 2, 3, 4, ...steps(5, max, 5, keep)])];

/**
 * microwave (issue 19): heating or ready with the time left, start and stop (the catalogue refuses a
 * start with no time, the door open, the lock on, no program, or a weight defrost with no weight),
 * the program and power level pickers (program levels 1 and 2), the micro timer (minutes up to 90,
 * seconds), defrost by time or by weight, grill and convection temperature where the model has them,
 * lock, mute, door.
 */
export default function MicrowavePanel({ control }: PanelProps) {
  const { k, n, unit } = useKitchenText();
  const catalog = useCatalogText();
  const sender = useSender(control);
  const [timerOpen, setTimerOpen] = useState(false);
  const [draft, setDraft] = useState<{ m: number; s: number } | null>(null);
  const profile = control.profile;
  if (!profile) return null;
  const cooking = on(control.values.cooking);
  const m = num(control.values.micro_timer_minute) ?? 0;
  const s = num(control.values.micro_timer_second) ?? 0;
  const clock = (mm: number, ss: number) => k('microwave.clock', { m: n(mm), s: n(ss).padStart(2, n(0)) });
  const defrost = num(control.values.defrost_mode) ?? 0;
  const setpoint = keyOf(profile, 'setpoint');
  const field = (key: string) => uiFields(profile).find((f) => f.key === key);
  const fields = (keys: readonly string[]) =>
    keys.map((key) => {
      const f = field(key);
      return f ? <Field key={key} field={f} control={control} sender={sender} /> : null;
    });
  const programName = (v: number) => {
    if (v === 0) return k('microwave.noProgram');
    const name = catalog.option('program', v, profile.family);
    return name === catalog.number(v, 2) ? `${k('microwave.program')} ${n(v)}` : name;
  };
  const defrostText = (v: number) =>
    v === 0
      ? k('microwave.defrostNone')
      : v === 1
        ? k('microwave.defrostTime')
        : k('microwave.defrostWeight');
  const blocked = ruleAgainst(profile, control.values, 'micro_timer_minute');
  const why = blocked ? errorMessage(blocked.error, currentLanguage()) : undefined;
  const picked = draft ?? { m, s };
  const maxMinutes = keyOf(profile, 'micro_timer_minute')?.max ?? 90;
  const saveTime = async () => {
    const ok = await sender.run('micro_timer', [
      { Key: 'micro_timer_minute', Value: picked.m },
      { Key: 'micro_timer_second', Value: picked.s },
    ]);
    if (ok) {
      setTimerOpen(false);
      setDraft(null);
    }
  };

  return (
    <div data-testid="microwave-panel" data-cooking={cooking}>
      <StatusHero
        icon={MicrowaveIcon}
        title={
          <span data-testid="microwave-state">{cooking ? k('microwave.cooking') : k('microwave.ready')}</span>
        }
        detail={<span data-testid="microwave-clock">{clock(m, s)}</span>}
        tone={cooking ? 'active' : 'quiet'}
        state={cooking ? 1 : 0}
        testId="microwave-hero"
      />
      {control.mayControl ? (
        <Button
          variant={cooking ? 'danger' : 'primary'}
          icon={cooking ? SquareIcon : PlayIcon}
          className="mb-6 w-full"
          busy={sender.busy === 'cooking'}
          disabled={!control.enabled}
          onClick={() => void sender.run('cooking', [{ Key: 'cooking', Value: cooking ? 0 : 1 }])}
          data-testid="microwave-start"
        >
          {cooking ? k('microwave.stop') : k('microwave.start')}
        </Button>
      ) : null}
      <Section title={k('microwave.cooking_section')}>
        <ChoiceRow
          icon={ListOrderedIcon}
          title={k('microwave.program')}
          pickerTitle={k('microwave.programPicker')}
          keyName="program"
          value={num(control.values.program)}
          options={keyOf(profile, 'program')?.values ?? []}
          labelOf={programName}
          reasonShown={!cooking}
          control={control}
          testId="pick-mw-program"
        />
        <ChoiceRow
          icon={GaugeIcon}
          title={k('microwave.power')}
          pickerTitle={k('microwave.powerPicker')}
          keyName="power_level"
          value={num(control.values.power_level)}
          options={keyOf(profile, 'power_level')?.values ?? []}
          labelOf={(v) => k('microwave.level', { n: n(v) })}
          reasonShown={!cooking}
          control={control}
          testId="pick-mw-power"
        />
        <Row
          icon={TimerIcon}
          title={k('microwave.timer')}
          subtitle={control.mayControl && !cooking ? why : undefined}
          trailing={
            <span className="text-[15px] font-semibold text-ink" data-testid="pick-mw-timer-value">
              {clock(m, s)}
            </span>
          }
          onClick={
            control.mayControl
              ? () => (why ? toast.error(why, { id: 'refused-micro_timer' }) : setTimerOpen(true))
              : undefined
          }
          disabled={control.mayControl && !control.enabled}
          testId="pick-mw-timer"
        />
        <ChoiceRow
          icon={SnowflakeIcon}
          title={k('microwave.defrost')}
          pickerTitle={k('microwave.defrostPicker')}
          keyName="defrost_mode"
          value={defrost}
          options={keyOf(profile, 'defrost_mode')?.values ?? []}
          labelOf={defrostText}
          control={control}
          testId="pick-mw-defrost"
        />
        {defrost === 2 ? (
          <ChoiceRow
            icon={ScaleIcon}
            title={k('microwave.weight')}
            pickerTitle={k('microwave.weightPicker')}
            keyName="weight"
            value={num(control.values.weight)}
            options={steps(0, keyOf(profile, 'weight')?.max ?? 3000, 250, num(control.values.weight))}
            labelOf={(v) => k('microwave.grams', { g: n(v) })}
            reasonShown={!cooking}
            control={control}
            testId="pick-mw-weight"
          />
        ) : null}
        {setpoint ? (
          <ChoiceRow
            icon={ThermometerIcon}
            title={k('microwave.temperature')}
            keyName="setpoint"
            value={num(control.values.setpoint)}
            options={steps(setpoint.min ?? 50, setpoint.max ?? 230, setpoint.step ?? 10)}
            labelOf={(v) => unit(v, '°C')}
            control={control}
            testId="pick-mw-setpoint"
          />
        ) : null}
        {fields(['grill', 'sensor_temperature'])}
      </Section>
      <Section title={k('microwave.microwave')}>
        {fields(['lock', 'mute', 'magnetron'])}
        <DoorLine control={control} />
      </Section>
      {control.mayControl ? (
        <Sheet
          open={timerOpen}
          onClose={() => {
            setTimerOpen(false);
            setDraft(null);
          }}
          title={k('microwave.timerPicker')}
          testId="pick-mw-timer-picker"
          actions={
            <Button
              className="w-full"
              busy={sender.busy === 'micro_timer'}
              disabled={!control.enabled}
              onClick={() => void saveTime()}
              data-testid="pick-mw-timer-save"
            >
              {k('microwave.setTime')} · {clock(picked.m, picked.s)}
            </Button>
          }
        >
          <p className="mb-2 text-[14px] font-semibold text-ink">{k('microwave.minutes')}</p>
          <OptionPills
            name={k('microwave.minutes')}
            options={minuteChoices(maxMinutes, picked.m)}
            value={picked.m}
            labelOf={(v) => n(v)}
            disabled={!control.enabled}
            testId="pick-mw-timer-minutes"
            onPick={(v) => setDraft({ ...picked, m: v })}
          />
          <p className="mt-4 mb-2 text-[14px] font-semibold text-ink">{k('microwave.seconds')}</p>
          <OptionPills
            name={k('microwave.seconds')}
            options={steps(0, 50, 10, picked.s)}
            value={picked.s}
            labelOf={(v) => n(v)}
            disabled={!control.enabled}
            testId="pick-mw-timer-seconds"
            onPick={(v) => setDraft({ ...picked, s: v })}
          />
        </Sheet>
      ) : null}
    </div>
  );
}
