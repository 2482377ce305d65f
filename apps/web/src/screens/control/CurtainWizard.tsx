import CheckIcon from 'lucide-react/icons/check';
import CircleAlertIcon from 'lucide-react/icons/circle-alert';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/Spinner.tsx';
import type { DeviceControl } from '../../data/control.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { num, on, useSender } from './sender.ts';

/** `config_status` as the device reports it: 0 idle, 1 opening, 2 stopped, 3 closing, 4 stopped, 5 success, 6 failure. */
const SUCCESS = 5;
const FAILURE = 6;
/** Faults that end a reconfiguration as failed. */
const CONFIG_FAULTS: ReadonlySet<string> = new Set(['device.curtain_not_connected', 'motor.P7']);
/** A device that reports no step for this long has failed the reconfiguration. */
const STALL_MS = 20_000;

type Phase = 'intro' | 'running' | 'success' | 'failure';

/**
 * The curtain reconfiguration wizard (spec section 4): the device opens, stops, closes and stops the
 * curtain to learn its travel, then reports success or failure; a failure can be retried. Driven by
 * `config_request` (start / cancel) and followed through `config_status`.
 */
export function CurtainWizard({
  control,
  open,
  onClose,
}: {
  control: DeviceControl;
  open: boolean;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const sender = useSender(control);
  const [phase, setPhase] = useState<Phase>('intro');
  const [step, setStep] = useState(0);
  const seen = useRef(0);
  const status = num(control.values.config_status) ?? 0;
  const requested = on(control.values.config_request);
  const fault = control.fault && CONFIG_FAULTS.has(control.fault.code) ? control.fault : undefined;

  useEffect(() => {
    if (phase !== 'running') return;
    if (fault || status === FAILURE) {
      setPhase('failure');
      return;
    }
    if (status === SUCCESS) {
      setPhase('success');
      return;
    }
    if (status > 0) {
      seen.current = Math.max(seen.current, status);
      setStep(status);
    } else if (!requested && seen.current > 0) {
      // The device went back to idle without reporting success.
      setPhase(seen.current >= SUCCESS ? 'success' : 'failure');
    }
  }, [phase, status, requested, fault]);

  // Restarted by every step the device reports; the step is what keeps the wait alive.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `step` restarts the stall timer.
  useEffect(() => {
    if (phase !== 'running') return;
    const timer = setTimeout(() => setPhase('failure'), STALL_MS);
    return () => clearTimeout(timer);
  }, [phase, step]);

  const start = async () => {
    seen.current = 0;
    setStep(0);
    if (await sender.run('config_request', [{ Key: 'config_request', Value: 1 }])) setPhase('running');
  };
  const close = () => {
    // A run the device still has going (cancelled, or failed on the screen) is stopped there too.
    if (phase === 'running' || (phase === 'failure' && requested))
      void sender.run('config_request', [{ Key: 'config_request', Value: 0 }]);
    setPhase('intro');
    onClose();
  };

  const steps = [
    t('control.wizard.stepOpen'),
    t('control.wizard.stepStop'),
    t('control.wizard.stepClose'),
    t('control.wizard.stepStop'),
  ];

  return (
    <Dialog
      open={open}
      onClose={close}
      title={t('control.wizard.title')}
      testId="curtain-wizard"
      actions={
        phase === 'intro' ? (
          <Button
            className="w-full"
            busy={sender.busy === 'config_request'}
            disabled={!control.enabled}
            onClick={() => void start()}
            data-testid="wizard-start"
          >
            {t('control.wizard.start')}
          </Button>
        ) : phase === 'running' ? (
          <Button variant="secondary" className="w-full" onClick={close} data-testid="wizard-cancel">
            {t('control.wizard.cancel')}
          </Button>
        ) : phase === 'failure' ? (
          <div className="flex w-full gap-2">
            <Button variant="secondary" className="flex-1" onClick={close}>
              {t('control.wizard.cancel')}
            </Button>
            <Button
              className="flex-1"
              busy={sender.busy === 'config_request'}
              disabled={!control.enabled}
              onClick={() => void start()}
              data-testid="wizard-retry"
            >
              {t('common.retry')}
            </Button>
          </div>
        ) : (
          <Button className="w-full" onClick={close} data-testid="wizard-done">
            {t('control.done')}
          </Button>
        )
      }
    >
      <div data-testid="wizard-phase" data-phase={phase}>
        {phase === 'intro' ? (
          <p className="text-[14px] leading-relaxed text-muted">{t('control.wizard.intro')}</p>
        ) : null}
        {phase === 'running' || phase === 'intro' ? (
          <ol className="mt-3 space-y-2">
            {steps.map((label, i) => {
              const n = i + 1;
              const done = phase === 'running' && step > n;
              const current = phase === 'running' && (step === n || (step === 0 && n === 1));
              return (
                <li
                  // biome-ignore lint/suspicious/noArrayIndexKey: the four steps are fixed; two share a label.
                  key={i}
                  data-testid={`wizard-step-${n}`}
                  data-state={done ? 'done' : current ? 'current' : 'todo'}
                  className={`flex items-center gap-3 rounded-2xl px-3 py-2.5 text-[15px] ${
                    current ? 'bg-accent-soft font-semibold text-ink' : 'text-muted'
                  }`}
                >
                  <span
                    className={`grid size-7 shrink-0 place-items-center rounded-full text-[13px] font-semibold ${
                      done ? 'bg-success text-white' : current ? 'bg-accent text-on-accent' : 'bg-surface-2'
                    }`}
                  >
                    {done ? <CheckIcon size={15} /> : current ? <Spinner size={14} /> : n}
                  </span>
                  {label}
                </li>
              );
            })}
          </ol>
        ) : null}
        {phase === 'success' ? (
          <div className="grid place-items-center gap-3 py-4 text-center" role="status">
            <span className="grid size-14 place-items-center rounded-full bg-success text-white">
              <CheckIcon size={28} />
            </span>
            <p className="text-[16px] font-semibold text-ink">{t('control.wizard.success')}</p>
          </div>
        ) : null}
        {phase === 'failure' ? (
          <div className="grid place-items-center gap-3 py-4 text-center" role="alert">
            <span className="grid size-14 place-items-center rounded-full bg-danger-soft text-danger">
              <CircleAlertIcon size={28} />
            </span>
            <p className="text-[15px] leading-snug text-ink" data-testid="wizard-failure">
              {fault?.message ?? t('control.wizard.failure')}
            </p>
          </div>
        ) : null}
      </div>
    </Dialog>
  );
}
