import { keyOf, uiFields } from '@hestia/catalog';
import CalendarClockIcon from 'lucide-react/icons/calendar-clock';
import CircleCheckIcon from 'lucide-react/icons/circle-check';
import DropletsIcon from 'lucide-react/icons/droplets';
import HourglassIcon from 'lucide-react/icons/hourglass';
import ListOrderedIcon from 'lucide-react/icons/list-ordered';
import PauseIcon from 'lucide-react/icons/pause';
import PlayIcon from 'lucide-react/icons/play';
import RotateCwIcon from 'lucide-react/icons/rotate-cw';
import SparklesIcon from 'lucide-react/icons/sparkles';
import SquareIcon from 'lucide-react/icons/square';
import ThermometerIcon from 'lucide-react/icons/thermometer';
import WashingMachineIcon from 'lucide-react/icons/washing-machine';
import { useEffect, useState } from 'react';
import { useCatalogText } from '../../i18n/catalog-text.ts';
import { Button } from '../../ui/Button.tsx';
import { Section } from '../../ui/Section.tsx';
import { StatusHero } from '../../ui/StatusHero.tsx';
import { Field } from './fields.tsx';
import { ChoiceRow, ConfirmDialog, DoorLine } from './KitchenParts.tsx';
import { type RunState, runStateOf, steps } from './kitchen-state.ts';
import { type KitchenKey, useKitchenText } from './kitchen-text.ts';
import type { PanelProps } from './panels.ts';
import { num, useSender } from './sender.ts';

type Family = 'washing_machine' | 'dishwasher';

/** The line under the state: time left, the delay before a start, or nothing. */
function detailOf(run: RunState, text: ReturnType<typeof useKitchenText>) {
  if (run.status === 'waiting') return text.k('run.waiting', { time: text.minutes(run.delay * 60) });
  if ((run.status === 'running' || run.status === 'paused') && run.minutes !== undefined)
    return text.k('left', { time: text.minutes(run.minutes) });
  if (run.status === 'ready' && run.minutes !== undefined) return text.minutes(run.minutes);
  return undefined;
}

/**
 * washing-machine and dishwasher-screen (issue 19): the run as the machine reports it (phase, time
 * left, a delayed start, paused, finished), start, pause and stop with confirmations, and the
 * program's settings through their pickers (program, duration, delay timer, spin, temperature, soil
 * level), locked while it runs as the catalogue says; power, lock and door.
 */
export default function LaundryPanel({ control }: PanelProps) {
  const text = useKitchenText();
  const { k, n, minutes, unit } = text;
  const catalog = useCatalogText();
  const sender = useSender(control);
  const [confirm, setConfirm] = useState<'start' | 'stop' | null>(null);
  /** A stop sent its pause and waits for the machine to report it before ending the run. */
  const [stopping, setStopping] = useState(false);
  const profile = control.profile;
  const run = profile ? runStateOf(profile, control.values) : undefined;
  const stopNext = stopping && run !== undefined && run.status !== 'running' && run.status !== 'waiting';
  // biome-ignore lint/correctness/useExhaustiveDependencies: sent once, when the pause is reported.
  useEffect(() => {
    if (!stopNext) return;
    setStopping(false);
    if (run?.status !== 'paused') {
      setConfirm(null);
      return;
    }
    void sender
      .run('stop', [{ Key: 'programnumber', Value: num(control.values.programnumber) ?? 1 }])
      .then((ok) => ok && setConfirm(null));
  }, [stopNext]);
  if (!profile || !run) return null;
  const family = profile.family as Family;
  const has = (key: string) => keyOf(profile, key) !== undefined;
  const valuesOf = (key: string) => keyOf(profile, key)?.values ?? [];
  const field = (key: string) => uiFields(profile).find((f) => f.key === key);
  const program = num(control.values.programnumber);
  /** A catalogue option's name, or the number with what it counts when the option has no name yet. */
  const named = (key: string, v: number, fallback: (v: number) => string) => {
    const name = catalog.option(key, v, profile.family);
    return name === catalog.number(v, 2) ? fallback(v) : name;
  };
  const programName = (v: number) => named('programnumber', v, (x) => `${k('laundry.program')} ${n(x)}`);
  const phaseText = k(`phase.${family}.${run.phase}` as KitchenKey, { defaultValue: n(run.phase) });
  const title =
    run.status === 'off'
      ? k('run.off')
      : run.status === 'paused'
        ? `${k('run.paused')} · ${phaseText}`
        : run.status === 'waiting'
          ? k(`phase.${family}.0` as KitchenKey)
          : phaseText;
  const busy = sender.busy === 'play' || sender.busy === 'stop';

  const start = async () => {
    // Closed either way: a refusal (door open, machine off) or a failure says why in its toast.
    await sender.run('play', [{ Key: 'play', Value: 1 }]);
    setConfirm(null);
  };
  /**
   * Stop: pause, then (once the machine reports it paused, so the catalogue's rule sees a stopped
   * machine) the program chosen again ends the run, as the machine's own reset does.
   */
  const stop = async () => {
    if (run.status === 'running' || run.status === 'waiting') {
      if (await sender.run('stop', [{ Key: 'play', Value: 0 }])) setStopping(true);
      return;
    }
    if (await sender.run('stop', [{ Key: 'programnumber', Value: program ?? 1 }])) setConfirm(null);
  };
  const durationText = run.minutes === undefined ? '—' : minutes(run.minutes);
  const startBody =
    run.delay > 0
      ? k('run.startDelayed', {
          program: programName(program ?? 1),
          time: durationText,
          delay: minutes(run.delay * 60),
        })
      : k('run.startBody', { program: programName(program ?? 1), time: durationText });
  const going = run.status === 'running' || run.status === 'waiting';

  return (
    <div data-testid="laundry-panel" data-phase={run.phase} data-status={run.status}>
      <StatusHero
        icon={run.status === 'done' ? CircleCheckIcon : WashingMachineIcon}
        title={<span data-testid="run-phase">{title}</span>}
        detail={<span data-testid="run-detail">{detailOf(run, text)}</span>}
        tone={going ? 'active' : 'quiet'}
        state={run.status}
        testId="run-state"
      />
      {run.status === 'done' ? (
        <p
          role="status"
          data-testid="run-done"
          className="mb-4 flex items-center gap-2.5 rounded-2xl bg-success/10 px-4 py-3 text-[14px] text-ink ring-1 ring-success/30"
        >
          <CircleCheckIcon size={18} className="shrink-0 text-success-text" />
          {k('run.doneNote')}
        </p>
      ) : null}

      {control.mayControl ? (
        <div className="mb-6 flex gap-2">
          {run.status === 'running' ? (
            <Button
              variant="secondary"
              icon={PauseIcon}
              className="flex-1"
              busy={sender.busy === 'play'}
              disabled={!control.enabled || busy}
              onClick={() => void sender.run('play', [{ Key: 'play', Value: 0 }])}
              data-testid="run-pause"
            >
              {k('run.pause')}
            </Button>
          ) : run.status !== 'waiting' ? (
            <Button
              icon={PlayIcon}
              className="flex-1"
              disabled={!control.enabled || busy}
              onClick={() =>
                run.status === 'paused'
                  ? void sender.run('play', [{ Key: 'play', Value: 1 }])
                  : setConfirm('start')
              }
              data-testid="run-start"
            >
              {run.status === 'paused' ? k('run.resume') : k('run.start')}
            </Button>
          ) : null}
          {going || run.status === 'paused' ? (
            <Button
              variant="danger"
              icon={SquareIcon}
              className="flex-1"
              busy={sender.busy === 'stop'}
              disabled={!control.enabled || busy}
              onClick={() => setConfirm('stop')}
              data-testid="run-stop"
            >
              {k('run.stop')}
            </Button>
          ) : null}
        </div>
      ) : null}

      <Section title={k('laundry.settings')} hint={going ? k('run.lockedHint') : undefined}>
        <ChoiceRow
          icon={ListOrderedIcon}
          title={k('laundry.program')}
          pickerTitle={k('laundry.programPicker')}
          keyName="programnumber"
          value={program}
          options={valuesOf('programnumber')}
          labelOf={programName}
          control={control}
          reasonShown={!going}
          testId="pick-program"
        />
        <ChoiceRow
          icon={HourglassIcon}
          title={k('laundry.duration')}
          pickerTitle={k('laundry.durationPicker')}
          keyName="duration"
          value={run.minutes}
          options={steps(15, keyOf(profile, 'duration')?.max ?? 300, 15, going ? undefined : run.minutes)}
          labelOf={(v) => (v === 0 ? k('notSet') : minutes(v))}
          control={control}
          reasonShown={!going}
          testId="pick-duration"
        />
        <ChoiceRow
          icon={CalendarClockIcon}
          title={k('laundry.delay')}
          pickerTitle={k('laundry.delayPicker')}
          keyName="delay"
          value={run.delay}
          options={steps(0, keyOf(profile, 'delay')?.max ?? 24, 1)}
          labelOf={(v) => (v === 0 ? k('laundry.noDelay') : minutes(v * 60))}
          control={control}
          reasonShown={!going}
          testId="pick-delay"
        />
        {has('spin') ? (
          <ChoiceRow
            icon={RotateCwIcon}
            title={k('laundry.spin')}
            keyName="spin"
            value={num(control.values.spin)}
            options={valuesOf('spin')}
            labelOf={(v) => named('spin', v, (x) => unit(x, 'rpm'))}
            control={control}
            reasonShown={!going}
            testId="pick-spin"
          />
        ) : null}
        {has('temp') ? (
          <ChoiceRow
            icon={ThermometerIcon}
            title={k('laundry.temp')}
            keyName="temp"
            value={num(control.values.temp)}
            options={valuesOf('temp')}
            labelOf={(v) => named('temp', v, (x) => unit(x, '°C'))}
            control={control}
            reasonShown={!going}
            testId="pick-temp"
          />
        ) : null}
        {has('soil_level') ? (
          <ChoiceRow
            icon={family === 'dishwasher' ? SparklesIcon : DropletsIcon}
            title={k('laundry.soil')}
            keyName="soil_level"
            value={num(control.values.soil_level)}
            options={valuesOf('soil_level')}
            labelOf={(v) => named('soil_level', v, n)}
            control={control}
            reasonShown={!going}
            testId="pick-soil"
          />
        ) : null}
      </Section>

      <Section title={k('laundry.machine')}>
        {['onoff', 'lock'].map((key) => {
          const f = field(key);
          return f ? <Field key={key} field={f} control={control} sender={sender} /> : null;
        })}
        <DoorLine control={control} />
      </Section>

      {control.mayControl ? (
        <>
          <ConfirmDialog
            open={confirm === 'start'}
            title={k('run.startTitle')}
            body={startBody}
            confirm={k('run.start')}
            busy={sender.busy === 'play'}
            onConfirm={() => void start()}
            onClose={() => setConfirm(null)}
            testId="confirm-start"
          />
          <ConfirmDialog
            open={confirm === 'stop'}
            title={k('run.stopTitle')}
            body={k('run.stopBody')}
            confirm={k('run.stop')}
            tone="danger"
            busy={sender.busy === 'stop' || stopping}
            onConfirm={() => void stop()}
            onClose={() => setConfirm(null)}
            testId="confirm-stop"
          />
        </>
      ) : null}
    </div>
  );
}
