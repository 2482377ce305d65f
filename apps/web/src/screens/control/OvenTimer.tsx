import { errorMessage } from '@hestia/catalog';
import TimerIcon from 'lucide-react/icons/timer';
import { useState } from 'react';
import type { DeviceControl } from '../../data/control.ts';
import { currentLanguage } from '../../i18n/index.ts';
import { formatNumber } from '../../lib/format.ts';
import { Button } from '../../ui/Button.tsx';
import { Row } from '../../ui/Row.tsx';
import { Sheet } from '../../ui/Sheet.tsx';
import { toast } from '../../ui/Toast.tsx';
import { OptionPills } from './fields.tsx';
import { ruleAgainst, steps, timeCapOf } from './kitchen-state.ts';
import { useKitchenText } from './kitchen-text.ts';
import { num, on } from './sender.ts';

/**
 * The oven's cooking time (the spec's timer picker): hours and minutes picked together and sent in
 * one write, with the cap the catalogue sets for the temperature and program shown before sending
 * (3 h above 200 °C, 6 h to 200 °C, 10 h to 120 °C); the device refuses a longer time again.
 */
export function OvenTimer({ control, suffix }: { control: DeviceControl; suffix: string }) {
  const { k, minutes, unit, language } = useKitchenText();
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<{ h: number; m: number } | null>(null);
  const [busy, setBusy] = useState(false);
  const profile = control.profile;
  if (!profile) return null;
  const hourKey = `timer_hour${suffix}`;
  const minuteKey = `timer_minute${suffix}`;
  const h = num(control.values[hourKey]) ?? 0;
  const m = num(control.values[minuteKey]) ?? 0;
  const cap = timeCapOf(profile, control.values, suffix);
  const blocked = ruleAgainst(profile, control.values, hourKey);
  const why = blocked ? errorMessage(blocked.error, currentLanguage()) : undefined;
  const picked = draft ?? { h, m };
  const maxHours = Math.floor((cap ?? 600) / 60);
  const testId = `pick-timer${suffix}`;
  const save = async () => {
    setBusy(true);
    const ok = await control.send([
      { Key: hourKey, Value: picked.h },
      { Key: minuteKey, Value: picked.m },
    ]);
    setBusy(false);
    if (ok) {
      setOpen(false);
      setDraft(null);
    }
  };
  const setpoint = num(control.values[`setpoint${suffix}`]);
  return (
    <>
      <Row
        icon={TimerIcon}
        title={k('oven.timer')}
        subtitle={control.mayControl && !on(control.values[`cooking${suffix}`]) ? why : undefined}
        trailing={
          <span className="text-[15px] font-semibold text-ink" data-testid={`${testId}-value`}>
            {h === 0 && m === 0 ? k('notSet') : minutes(h * 60 + m)}
          </span>
        }
        onClick={
          control.mayControl
            ? () => (why ? toast.error(why, { id: `refused-${hourKey}` }) : setOpen(true))
            : undefined
        }
        disabled={control.mayControl && !control.enabled}
        testId={testId}
      />
      {control.mayControl ? (
        <Sheet
          open={open}
          onClose={() => {
            setOpen(false);
            setDraft(null);
          }}
          title={k('oven.timerPicker')}
          testId={`${testId}-picker`}
          actions={
            <Button
              className="w-full"
              busy={busy}
              disabled={!control.enabled || (picked.h === 0 && picked.m === 0)}
              onClick={() => void save()}
              data-testid={`${testId}-save`}
            >
              {k('oven.setTime')} · {minutes(picked.h * 60 + picked.m)}
            </Button>
          }
        >
          {cap !== undefined && setpoint !== undefined ? (
            <p className="mb-3 text-[13px] text-muted" data-testid={`${testId}-cap`}>
              {k('oven.capHint', { temp: unit(setpoint, '°C'), time: minutes(cap) })}
            </p>
          ) : null}
          <p className="mb-2 text-[14px] font-semibold text-ink">{k('oven.hours')}</p>
          <OptionPills
            name={k('oven.hours')}
            options={steps(0, Math.max(maxHours, picked.h), 1)}
            value={picked.h}
            labelOf={(v) => formatNumber(v, language, 0)}
            disabled={!control.enabled || busy}
            testId={`${testId}-hours`}
            onPick={(v) => setDraft({ ...picked, h: v })}
          />
          <p className="mt-4 mb-2 text-[14px] font-semibold text-ink">{k('oven.minutes')}</p>
          <OptionPills
            name={k('oven.minutes')}
            options={steps(0, 55, 5, picked.m)}
            value={picked.m}
            labelOf={(v) => formatNumber(v, language, 0)}
            disabled={!control.enabled || busy}
            testId={`${testId}-minutes`}
            onPick={(v) => setDraft({ ...picked, m: v })}
          />
        </Sheet>
      ) : null}
    </>
  );
}
