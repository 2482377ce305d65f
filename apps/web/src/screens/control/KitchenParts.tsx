import { errorMessage } from '@hestia/catalog';
import DoorClosedIcon from 'lucide-react/icons/door-closed';
import DoorOpenIcon from 'lucide-react/icons/door-open';
import type { ComponentType, ReactNode } from 'react';
import { useState } from 'react';
import { Spinner } from '../../components/Spinner.tsx';
import type { DeviceControl } from '../../data/control.ts';
import { currentLanguage } from '../../i18n/index.ts';
import { isOn } from '../../lib/device-state.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { Row } from '../../ui/Row.tsx';
import { Sheet } from '../../ui/Sheet.tsx';
import { toast } from '../../ui/Toast.tsx';
import { FieldLine, OptionPills } from './fields.tsx';
import { ruleAgainst } from './kitchen-state.ts';
import { useKitchenText } from './kitchen-text.ts';

/**
 * A setting of a kitchen or laundry appliance as a row that opens its picker (the spec's picker
 * screens: oven mode, temperature, alarm, washing-machine mode, dishwasher delay ...). What the
 * catalogue refuses now (a setpoint in grill mode, a program while the machine runs) reads under
 * the row, and a tap says why instead of opening the picker; the device checks again on the write.
 */
export function ChoiceRow({
  icon,
  title,
  pickerTitle,
  keyName,
  value,
  options,
  labelOf,
  control,
  testId,
  hint,
  footer,
  reasonShown = true,
}: {
  icon?: ComponentType<{ size?: number }>;
  title: string;
  pickerTitle?: string;
  keyName: string;
  value: number | undefined;
  options: readonly number[];
  labelOf(v: number): string;
  control: DeviceControl;
  testId: string;
  hint?: string;
  footer?: ReactNode;
  /** Whether the catalogue's reason shows under the row (off where the section says it once). */
  reasonShown?: boolean;
}) {
  const { k } = useKitchenText();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState<number | null>(null);
  const profile = control.profile;
  const blocked = profile ? ruleAgainst(profile, control.values, keyName) : undefined;
  const why = blocked ? errorMessage(blocked.error, currentLanguage()) : undefined;
  const tap = () => {
    if (why) toast.error(why, { id: `refused-${keyName}` });
    else setOpen(true);
  };
  return (
    <>
      <Row
        icon={icon}
        title={title}
        subtitle={control.mayControl && reasonShown ? (why ?? hint) : hint}
        trailing={
          <span
            className="flex items-center gap-2 text-[15px] font-semibold text-ink"
            data-testid={`${testId}-value`}
            data-value={value}
          >
            {busy !== null ? <Spinner size={14} className="text-muted" /> : null}
            {value === undefined ? '—' : labelOf(value)}
          </span>
        }
        onClick={control.mayControl ? tap : undefined}
        disabled={control.mayControl && !control.enabled}
        testId={testId}
      />
      {control.mayControl ? (
        <Sheet
          open={open}
          onClose={() => setOpen(false)}
          title={pickerTitle ?? title}
          testId={`${testId}-picker`}
          actions={
            <Button variant="secondary" className="w-full" onClick={() => setOpen(false)}>
              {k('run.cancel')}
            </Button>
          }
        >
          <div className="pb-2">
            <OptionPills
              name={pickerTitle ?? title}
              options={options}
              value={value}
              labelOf={labelOf}
              busyValue={busy}
              disabled={!control.enabled || busy !== null}
              testId={`${testId}-options`}
              onPick={(v) => {
                setBusy(v);
                void control.send([{ Key: keyName, Value: v }]).then((ok) => {
                  setBusy(null);
                  if (ok) setOpen(false);
                });
              }}
            />
            {footer}
          </div>
        </Sheet>
      ) : null}
    </>
  );
}

/** A yes/cancel question before an action that starts or ends a run. */
export function ConfirmDialog({
  open,
  title,
  body,
  confirm,
  tone = 'primary',
  busy,
  onConfirm,
  onClose,
  testId,
}: {
  open: boolean;
  title: string;
  body: ReactNode;
  confirm: string;
  tone?: 'primary' | 'danger';
  busy?: boolean;
  onConfirm(): void;
  onClose(): void;
  testId: string;
}) {
  const { k } = useKitchenText();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={title}
      testId={testId}
      actions={
        <div className="flex w-full gap-2">
          <Button variant="secondary" className="flex-1" onClick={onClose}>
            {k('run.cancel')}
          </Button>
          <Button
            variant={tone}
            className="flex-1"
            busy={busy}
            onClick={onConfirm}
            data-testid={`${testId}-confirm`}
          >
            {confirm}
          </Button>
        </div>
      }
    >
      <p className="text-[15px] leading-relaxed text-muted">{body}</p>
    </Dialog>
  );
}

/** The door as its sensor reports it: open or closed. */
export function DoorLine({ control }: { control: DeviceControl }) {
  const { k } = useKitchenText();
  const value = control.values.door;
  if (value === undefined) return null;
  const open = isOn(value);
  return (
    <FieldLine title={k('oven.door')} testId="field-door">
      <span
        data-testid="value-door"
        data-open={open}
        className={`inline-flex shrink-0 items-center gap-1.5 text-[14px] font-medium ${open ? 'text-danger' : 'text-muted'}`}
      >
        {open ? <DoorOpenIcon size={16} /> : <DoorClosedIcon size={16} />}
        {open ? k('oven.doorOpen') : k('oven.doorClosed')}
      </span>
    </FieldLine>
  );
}
