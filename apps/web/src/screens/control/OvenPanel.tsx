import { keyOf, type UiField, uiFields } from '@hestia/catalog';
import AlarmClockIcon from 'lucide-react/icons/alarm-clock';
import BeefIcon from 'lucide-react/icons/beef';
import ChefHatIcon from 'lucide-react/icons/chef-hat';
import CircleCheckIcon from 'lucide-react/icons/circle-check';
import FlameIcon from 'lucide-react/icons/flame';
import ListOrderedIcon from 'lucide-react/icons/list-ordered';
import PlayIcon from 'lucide-react/icons/play';
import SaveIcon from 'lucide-react/icons/save';
import SquareIcon from 'lucide-react/icons/square';
import ThermometerIcon from 'lucide-react/icons/thermometer';
import { useState } from 'react';
import type { DeviceControl } from '../../data/control.ts';
import { useCatalogText } from '../../i18n/catalog-text.ts';
import { Button } from '../../ui/Button.tsx';
import { Section } from '../../ui/Section.tsx';
import { StatusHero } from '../../ui/StatusHero.tsx';
import { Field } from './fields.tsx';
import { ChoiceRow, ConfirmDialog, DoorLine } from './KitchenParts.tsx';
import { steps } from './kitchen-state.ts';
import { type KitchenKey, useKitchenText } from './kitchen-text.ts';
import { OvenTimer } from './OvenTimer.tsx';
import type { PanelProps } from './panels.ts';
import { num, on, type Sender, useSender } from './sender.ts';

/** The main cavity's phases as the catalogue numbers them: 0 idle, 1 preheating, 2 cooking, 3 done. */
const DONE = 3;

/** One cavity: its state, start and stop, mode, temperature, time, program and meat probe. */
function Cavity({ control, sender, suffix }: { control: DeviceControl; sender: Sender; suffix: string }) {
  const { k, n, minutes, unit } = useKitchenText();
  const catalog = useCatalogText();
  const [stopping, setStopping] = useState(false);
  const profile = control.profile;
  if (!profile) return null;
  const key = (name: string) => `${name}${suffix}`;
  const v = (name: string) => num(control.values[key(name)]);
  const cooking = on(control.values[key('cooking')]);
  const phase = suffix === '' ? (num(control.values.phase) ?? 0) : cooking ? 2 : 0;
  const left = (v('timer_hour') ?? 0) * 60 + (v('timer_minute') ?? 0);
  const celsius = (x: number | undefined) => (x === undefined ? '—' : unit(x, '°C'));
  const named = (name: string, x: number, fallback: (x: number) => string) => {
    const label = catalog.option(name, x, profile.family);
    return label === catalog.number(x, 2) ? fallback(x) : label;
  };
  const probe = keyOf(profile, key('meat_probe_setpoint'));
  const programs = keyOf(profile, key('program_number'))?.values ?? [];
  const setpointDef = keyOf(profile, key('setpoint'));
  const cookingKey = key('cooking');
  const busy = sender.busy === cookingKey;
  const testId = (id: string) => `${id}${suffix}`;

  return (
    <div data-testid={testId('oven-cavity')} data-phase={phase} data-cooking={cooking}>
      <StatusHero
        icon={phase === DONE ? CircleCheckIcon : cooking ? FlameIcon : ChefHatIcon}
        title={
          <span data-testid={testId('oven-phase')}>
            {suffix ? `${k('oven.second')} · ` : ''}
            {k(`phase.oven.${phase}` as KitchenKey)}
          </span>
        }
        detail={
          <span data-testid={testId('oven-detail')}>
            {k('oven.now', { now: celsius(v('sensor_temperature')), set: celsius(v('setpoint')) })}
            {cooking && left > 0 ? ` · ${k('left', { time: minutes(left) })}` : ''}
          </span>
        }
        tone={cooking ? 'active' : 'quiet'}
        state={phase}
        testId={testId('oven-state')}
      />
      {control.mayControl ? (
        <div className="mb-6">
          <Button
            variant={cooking ? 'danger' : 'primary'}
            icon={cooking ? SquareIcon : PlayIcon}
            className="w-full"
            busy={busy && !stopping}
            disabled={!control.enabled || busy}
            onClick={() =>
              cooking ? setStopping(true) : void sender.run(cookingKey, [{ Key: cookingKey, Value: 1 }])
            }
            data-testid={testId('oven-start')}
          >
            {cooking ? k('oven.stop') : k('oven.start')}
          </Button>
          <ConfirmDialog
            open={stopping}
            title={k('oven.stopTitle')}
            body={k('oven.stopBody')}
            confirm={k('oven.stop')}
            tone="danger"
            busy={busy}
            onConfirm={() =>
              void sender
                .run(cookingKey, [{ Key: cookingKey, Value: 0 }])
                .then((ok) => ok && setStopping(false))
            }
            onClose={() => setStopping(false)}
            testId={testId('confirm-stop-cooking')}
          />
        </div>
      ) : null}

      <Section
        title={suffix ? k('oven.second') : k('oven.cooking')}
        hint={cooking && control.mayControl ? k('oven.stopFirst') : undefined}
      >
        <ChoiceRow
          icon={FlameIcon}
          title={k('oven.mode')}
          pickerTitle={k('oven.modePicker')}
          keyName={key('cooking_mode')}
          value={v('cooking_mode')}
          options={keyOf(profile, key('cooking_mode'))?.values ?? []}
          labelOf={(x) => named(key('cooking_mode'), x, (y) => `${k('oven.mode')} ${n(y)}`)}
          control={control}
          reasonShown={!cooking}
          testId={testId('pick-mode')}
        />
        {setpointDef ? (
          <ChoiceRow
            icon={ThermometerIcon}
            title={k('oven.temperature')}
            pickerTitle={k('oven.temperaturePicker')}
            keyName={key('setpoint')}
            value={v('setpoint')}
            options={steps(setpointDef.min ?? 50, setpointDef.max ?? 250, 10, v('setpoint'))}
            labelOf={(x) => unit(x, '°C')}
            control={control}
            reasonShown={!cooking}
            testId={testId('pick-temperature')}
          />
        ) : null}
        <OvenTimer control={control} suffix={suffix} />
        {programs.length > 0 ? (
          <ChoiceRow
            icon={ListOrderedIcon}
            title={k('oven.program')}
            pickerTitle={k('oven.programPicker')}
            keyName={key('program_number')}
            value={v('program_number')}
            options={programs}
            labelOf={(x) =>
              x === 0
                ? k('oven.noProgram')
                : named(key('program_number'), x, (y) => `${k('oven.program')} ${n(y)}`)
            }
            control={control}
            reasonShown={!cooking}
            testId={testId('pick-program')}
          />
        ) : null}
        {probe ? (
          <ChoiceRow
            icon={BeefIcon}
            title={k('oven.probeTarget')}
            keyName={probe.key}
            value={v('meat_probe_setpoint')}
            options={steps(probe.min ?? 40, probe.max ?? 90, 5, v('meat_probe_setpoint'))}
            labelOf={(x) => unit(x, '°C')}
            hint={k('oven.probeNow', {
              now: celsius(v('meat_probe_temperature')),
              set: celsius(v('meat_probe_setpoint')),
            })}
            control={control}
            reasonShown={!cooking}
            testId={testId('pick-probe')}
          />
        ) : null}
      </Section>
    </div>
  );
}

/** The heating elements and fans of a cavity as switches, with the catalogue's limit on how many heat. */
function Elements({ control, sender, group }: { control: DeviceControl; sender: Sender; group: string }) {
  const { k, n } = useKitchenText();
  const catalog = useCatalogText();
  const profile = control.profile;
  if (!profile) return null;
  const fields = uiFields(profile).filter((f) => f.group === group);
  if (fields.length === 0) return null;
  const cap = profile.limits.find((l) => l.keys.includes(fields[0]?.key ?? '') && l.max !== undefined)?.max;
  return (
    <Section
      title={catalog.group(group)}
      hint={cap !== undefined ? k('oven.elementsHint', { n: n(cap) }) : undefined}
    >
      {fields.map((f: UiField) => (
        <Field key={f.key} field={f} control={control} sender={sender} />
      ))}
    </Section>
  );
}

/**
 * Built-in, compact and double ovens (issue 19): per cavity its phase (preheating, cooking, done),
 * temperature now and set, time left, start and stop (stop confirmed), the mode, temperature
 * (refused in defrost and grill modes), cooking time (capped by temperature), auto program and meat
 * probe pickers, all refused while cooking as the catalogue says; the elements (at most 3 or 2 heat
 * at once); saved programs 1–10, the alarm timer, lamp, lock (standby only), power and the door.
 */
export default function OvenPanel({ control }: PanelProps) {
  const { k, n, minutes } = useKitchenText();
  const sender = useSender(control);
  const profile = control.profile;
  if (!profile) return null;
  const double = keyOf(profile, 'cooking_2') !== undefined;
  const field = (key: string) => uiFields(profile).find((f) => f.key === key);
  const alarm = num(control.values.alarm);
  const alarmMax = keyOf(profile, 'alarm')?.max ?? 99;
  return (
    <div data-testid="oven-panel">
      <Cavity control={control} sender={sender} suffix="" />
      <Elements control={control} sender={sender} group="elements" />
      {double ? (
        <>
          <Cavity control={control} sender={sender} suffix="_2" />
          <Elements control={control} sender={sender} group="elements_2" />
        </>
      ) : null}
      <Section title={k('oven.programs')}>
        <ChoiceRow
          icon={SaveIcon}
          title={k('oven.saveProgram')}
          pickerTitle={k('oven.savePicker')}
          keyName="save_program"
          value={num(control.values.save_program)}
          options={keyOf(profile, 'save_program')?.values ?? []}
          labelOf={(x) => `${k('laundry.program')} ${n(x)}`}
          control={control}
          testId="pick-save-program"
        />
        <ChoiceRow
          icon={AlarmClockIcon}
          title={k('oven.alarm')}
          pickerTitle={k('oven.alarmPicker')}
          keyName="alarm"
          value={alarm}
          options={[0, ...steps(5, alarmMax, 5, alarm === 0 ? undefined : alarm)]}
          labelOf={(x) => (x === 0 ? k('oven.alarmOff') : minutes(x))}
          control={control}
          testId="pick-alarm"
        />
      </Section>
      <Section title={k('oven.oven')}>
        {['power', 'lamp', 'lock', 'cooling_fan'].map((key) => {
          const f = field(key);
          return f ? <Field key={key} field={f} control={control} sender={sender} /> : null;
        })}
        <DoorLine control={control} />
      </Section>
    </div>
  );
}
