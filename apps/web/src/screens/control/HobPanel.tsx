import { errorMessage, keyOf, type ModelProfile, uiFields } from '@hestia/catalog';
import AlarmClockIcon from 'lucide-react/icons/alarm-clock';
import FlameIcon from 'lucide-react/icons/flame';
import PowerOffIcon from 'lucide-react/icons/power-off';
import TimerIcon from 'lucide-react/icons/timer';
import ZapIcon from 'lucide-react/icons/zap';
import { useState } from 'react';
import type { DeviceControl } from '../../data/control.ts';
import { currentLanguage } from '../../i18n/index.ts';
import { Button } from '../../ui/Button.tsx';
import { Section } from '../../ui/Section.tsx';
import { Sheet } from '../../ui/Sheet.tsx';
import { StatusHero } from '../../ui/StatusHero.tsx';
import { Field, OptionPills } from './fields.tsx';
import { ChoiceRow } from './KitchenParts.tsx';
import { ruleAgainst, steps } from './kitchen-state.ts';
import { useKitchenText } from './kitchen-text.ts';
import type { PanelProps } from './panels.ts';
import { num, on, type Sender, useSender } from './sender.ts';

/** A cooking zone of a cooktop (`stage_i`, `timer_i` ...) or a stove's burner (`flame{i}`). */
interface Zone {
  n: number;
  level: string;
  timer?: string;
  fast?: string;
  double?: string;
}

function zonesOf(profile: ModelProfile): Zone[] {
  const has = (key: string) => keyOf(profile, key) !== undefined;
  const out: Zone[] = [];
  for (let n = 1; n <= 5; n++) {
    if (has(`stage_${n}`))
      out.push({
        n,
        level: `stage_${n}`,
        timer: `timer_${n}`,
        fast: `fastheat_${n}`,
        ...(has(`double_zone_${n}`) ? { double: `double_zone_${n}` } : {}),
      });
    else if (has(`flame${n}`)) out.push({ n, level: `flame${n}` });
  }
  return out;
}

/** One zone's sheet: its level (the stage selection picker), fast heat, its timer, double zone. */
function ZoneSheet({
  zone,
  control,
  sender,
  onClose,
}: {
  zone: Zone;
  control: DeviceControl;
  sender: Sender;
  onClose(): void;
}) {
  const { k, n, minutes } = useKitchenText();
  const [picked, setPicked] = useState<number | null>(null);
  const profile = control.profile;
  if (!profile) return null;
  const levelDef = keyOf(profile, zone.level);
  const timerDef = zone.timer ? keyOf(profile, zone.timer) : undefined;
  const field = (key: string | undefined) => (key ? uiFields(profile).find((f) => f.key === key) : undefined);
  const pickAndSend = (key: string, v: number) => {
    setPicked(v);
    void sender.run(key, [{ Key: key, Value: v }]);
  };
  const timerBlocked = zone.timer ? ruleAgainst(profile, control.values, zone.timer) : undefined;
  const title = zone.timer ? k('hob.element', { n: n(zone.n) }) : k('hob.flame', { n: n(zone.n) });
  const timer = zone.timer ? num(control.values[zone.timer]) : undefined;
  return (
    <Sheet open onClose={onClose} title={title} testId={`zone-${zone.n}-sheet`}>
      <p className="mb-2 text-[14px] font-semibold text-ink">{k('hob.level')}</p>
      <OptionPills
        name={k('hob.level')}
        options={steps(levelDef?.min ?? 0, levelDef?.max ?? 9, 1)}
        value={num(control.values[zone.level])}
        labelOf={(v) => (v === 0 ? k('hob.off') : n(v))}
        busyValue={sender.busy === zone.level ? picked : null}
        disabled={!control.enabled}
        testId={`zone-${zone.n}-level`}
        onPick={(v) => pickAndSend(zone.level, v)}
      />
      {zone.timer && timerDef ? (
        <>
          <p className="mt-5 mb-1 text-[14px] font-semibold text-ink">{k('hob.timer')}</p>
          <p className="mb-2 text-[13px] text-muted" data-testid={`zone-${zone.n}-timer-hint`}>
            {timerBlocked
              ? errorMessage(timerBlocked.error, currentLanguage())
              : k('hob.timerLeft', { time: minutes(timer ?? 0) })}
          </p>
          <OptionPills
            name={k('hob.timer')}
            options={[0, ...steps(5, timerDef.max ?? 99, 5, timer === 0 ? undefined : timer)]}
            value={timer}
            labelOf={(v) => (v === 0 ? k('hob.off') : minutes(v))}
            busyValue={sender.busy === zone.timer ? picked : null}
            disabled={!control.enabled}
            testId={`zone-${zone.n}-timer`}
            onPick={(v) => zone.timer && pickAndSend(zone.timer, v)}
          />
        </>
      ) : null}
      <div className="mt-4 -mx-4">
        {[zone.fast, zone.double].map((key) => {
          const f = field(key);
          return f ? <Field key={f.key} field={f} control={control} sender={sender} /> : null;
        })}
      </div>
    </Sheet>
  );
}

/**
 * stove and every electric-cooktop layout (issue 19): each burner or zone as a tile in the layout's
 * order with its level, timer left and fast heat; a tile opens its zone: the level (the stage
 * picker), fast heat (refused at some levels), its timer and alarm (refused while the zone is off)
 * and the double zone; the stove's timer and turn-all-off; power, mute, child lock.
 */
export default function HobPanel({ control }: PanelProps) {
  const { k, n, minutes } = useKitchenText();
  const sender = useSender(control);
  const [open, setOpen] = useState<number | null>(null);
  const profile = control.profile;
  if (!profile) return null;
  const zones = zonesOf(profile);
  const stove = profile.family === 'stove';
  const lit = zones.filter((z) => (num(control.values[z.level]) ?? 0) > 0).length;
  // A stove reports which burners actually burn (flame_status: bit n-1 for burner n); none on a gas fault.
  const flames = stove ? num(control.values.flame_status) : undefined;
  const burning = (z: Zone) => flames !== undefined && (flames & (1 << (z.n - 1))) !== 0;
  const gas = on(control.values.gas_detected);
  const field = (key: string) => uiFields(profile).find((f) => f.key === key);
  const fields = (keys: readonly string[]) =>
    keys.map((key) => {
      const f = field(key);
      return f ? <Field key={key} field={f} control={control} sender={sender} /> : null;
    });
  const zone = zones.find((z) => z.n === open);
  const timerKey = stove ? 'stove_timer' : 'alarm_timer';
  const timerValue = num(control.values[timerKey]);
  const timerMax = keyOf(profile, timerKey)?.max ?? 99;

  return (
    <div data-testid="hob-panel" data-lit={lit}>
      <StatusHero
        icon={FlameIcon}
        title={
          <span data-testid="hob-state">{lit === 0 ? k('hob.allOff') : k('hob.lit', { n: n(lit) })}</span>
        }
        detail={gas ? k('hob.gas') : undefined}
        tone={gas ? 'alert' : lit > 0 ? 'active' : 'quiet'}
        state={lit}
        testId="hob-hero"
      />
      <Section title={stove ? k('hob.flames') : k('hob.elements')}>
        <div className={`grid gap-3 p-4 ${zones.length > 4 ? 'grid-cols-3' : 'grid-cols-2'}`}>
          {zones.map((z) => {
            const level = num(control.values[z.level]) ?? 0;
            const timer = z.timer ? (num(control.values[z.timer]) ?? 0) : 0;
            const fast = z.fast ? on(control.values[z.fast]) : false;
            const name = stove ? k('hob.flame', { n: n(z.n) }) : k('hob.element', { n: n(z.n) });
            return (
              <button
                key={z.n}
                type="button"
                data-testid={`zone-${z.n}`}
                data-level={level}
                data-burning={stove ? burning(z) : undefined}
                disabled={!control.mayControl || !control.enabled}
                onClick={() => setOpen(z.n)}
                aria-label={`${name}: ${level === 0 ? k('hob.off') : n(level)}${burning(z) ? `, ${k('hob.burning')}` : ''}`}
                className={`flex aspect-square flex-col items-center justify-center gap-1 rounded-full ring-1 transition disabled:cursor-default ${
                  level > 0
                    ? 'bg-accent-soft text-accent-text ring-accent'
                    : 'bg-surface-2 text-muted ring-line'
                } ${z.double ? 'ring-4' : ''}`}
              >
                <span className="text-[12px] font-medium">{name}</span>
                <span className="text-3xl font-semibold tabular-nums">{level === 0 ? '–' : n(level)}</span>
                <span className="flex items-center gap-1 text-[12px]">
                  {burning(z) ? <FlameIcon size={12} data-testid={`zone-${z.n}-burning`} /> : null}
                  {fast ? <ZapIcon size={12} /> : null}
                  {timer > 0 ? minutes(timer) : null}
                </span>
              </button>
            );
          })}
        </div>
        {stove && control.mayControl ? (
          <div className="px-4 pb-4">
            <Button
              variant="secondary"
              icon={PowerOffIcon}
              className="w-full"
              busy={sender.busy === 'turn_off_all'}
              disabled={!control.enabled || lit === 0}
              onClick={() => void sender.run('turn_off_all', [{ Key: 'turn_off_all', Value: 1 }])}
              data-testid="hob-turn-off-all"
            >
              {k('hob.turnOffAll')}
            </Button>
          </div>
        ) : null}
      </Section>
      <Section title={k('hob.settings')}>
        <ChoiceRow
          icon={stove ? TimerIcon : AlarmClockIcon}
          title={stove ? k('hob.stoveTimer') : k('hob.alarm')}
          pickerTitle={stove ? k('hob.stoveTimerPicker') : k('hob.alarmPicker')}
          keyName={timerKey}
          value={timerValue}
          options={[0, ...steps(5, timerMax, 5, timerValue === 0 ? undefined : timerValue)]}
          labelOf={(v) => (v === 0 ? k('hob.off') : minutes(v))}
          control={control}
          testId="pick-hob-timer"
        />
        {fields([
          'power',
          'onoff',
          'mute',
          'lock',
          'child_lock',
          'back_light',
          'timer_type_is_second',
          'gas_detected',
        ])}
      </Section>
      {zone && control.mayControl ? (
        <ZoneSheet zone={zone} control={control} sender={sender} onClose={() => setOpen(null)} />
      ) : null}
    </div>
  );
}
