import CheckIcon from 'lucide-react/icons/check';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Spinner } from '../../components/Spinner.tsx';
import type { DeviceControl } from '../../data/control.ts';
import { Button } from '../../ui/Button.tsx';
import { Section } from '../../ui/Section.tsx';
import { DeviceFrame } from '../settings/DeviceFrame.tsx';
import { useKeyTitles } from '../settings/key-titles.ts';
import { num, ToggleRow } from '../settings/setting-controls.tsx';
import { relayKeysOf } from '../settings/setting-links.ts';

type Step = 'waiting' | 'running' | 'passed' | 'failed';

/** How long an output may take to report its new state before the step fails. */
const REPORT_MS = 5000;

/**
 * hardwareTestScreen [deviceId] (spec section 2; relay modules and relay controllers): switch each
 * output on and off in turn, and show whether the device reported each change.
 */
export default function HardwareTestScreen() {
  const { t } = useTranslation();
  const { deviceId = '' } = useParams();
  return (
    <DeviceFrame id={deviceId} title={t('devicePanels.test.title')} testId="screen-hardware-test">
      {(control) => <HardwareTest id={deviceId} control={control} />}
    </DeviceFrame>
  );
}

function HardwareTest({ id, control }: { id: string; control: DeviceControl }) {
  const { t } = useTranslation();
  const titleOf = useKeyTitles(id, control.profile);
  const outputs = control.profile ? relayKeysOf(control.profile) : [];
  const [steps, setSteps] = useState<Record<string, Step>>({});
  const [running, setRunning] = useState(false);
  const latest = useRef(control);
  latest.current = control;
  const alive = useRef(true);
  useEffect(
    () => () => {
      alive.current = false;
    },
    [],
  );

  /** Resolves true once the device reports `key` = `want`, false after REPORT_MS. */
  const reported = (key: string, want: number) =>
    new Promise<boolean>((resolve) => {
      const started = Date.now();
      const check = () => {
        if (num(latest.current.values[key]) === want) resolve(true);
        else if (Date.now() - started > REPORT_MS || !alive.current) resolve(false);
        else setTimeout(check, 100);
      };
      check();
    });

  const run = async () => {
    setRunning(true);
    setSteps(Object.fromEntries(outputs.map((k) => [k, 'waiting' as Step])));
    for (const key of outputs) {
      if (!alive.current) return;
      setSteps((s) => ({ ...s, [key]: 'running' }));
      const before = num(latest.current.values[key]) ?? 0;
      let ok = true;
      for (const value of [before === 1 ? 0 : 1, before]) {
        ok = (await latest.current.send([{ Key: key, Value: value }])) && (await reported(key, value));
        if (!ok) break;
      }
      setSteps((s) => ({ ...s, [key]: ok ? 'passed' : 'failed' }));
    }
    setRunning(false);
  };

  const stepText = (s: Step | undefined) =>
    s === 'running'
      ? t('devicePanels.test.running')
      : s === 'passed'
        ? t('devicePanels.test.passed')
        : s === 'failed'
          ? t('devicePanels.test.failed')
          : s === 'waiting'
            ? t('devicePanels.test.waiting')
            : undefined;

  return (
    <>
      <p className="mb-4 px-1 text-[14px] leading-relaxed text-muted">{t('devicePanels.test.hint')}</p>
      <Section title={t('devicePanels.test.outputs')}>
        {outputs.map((key) => {
          const v = num(control.values[key]);
          const step = steps[key];
          return (
            <div key={key} className="flex items-center" data-testid={`test-output-${key}`} data-step={step}>
              <div className="min-w-0 flex-1">
                <ToggleRow
                  title={titleOf(key)}
                  subtitle={
                    <>
                      {v === undefined ? '—' : v === 1 ? t('device.on') : t('device.off')}
                      {step ? `${t('common.separator')}${stepText(step)}` : null}
                    </>
                  }
                  checked={v === undefined ? undefined : v === 1}
                  disabled={!control.enabled || running}
                  onChange={(on) => void control.send([{ Key: key, Value: on ? 1 : 0 }])}
                  testId={`test-toggle-${key}`}
                />
              </div>
              <span className="pe-4">
                {step === 'running' ? (
                  <Spinner size={18} className="text-muted" />
                ) : step === 'passed' ? (
                  <CheckIcon size={20} className="text-accent-text" />
                ) : step === 'failed' ? (
                  <span className="text-[13px] font-semibold text-danger">!</span>
                ) : null}
              </span>
            </div>
          );
        })}
      </Section>
      <Button
        className="w-full"
        busy={running}
        disabled={!control.enabled || running}
        onClick={() => void run()}
        data-testid="hardware-test-start"
      >
        {t('devicePanels.test.start')}
      </Button>
    </>
  );
}
