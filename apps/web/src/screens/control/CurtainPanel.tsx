import { keyOf, uiFields } from '@hestia/catalog';
import ChevronDownIcon from 'lucide-react/icons/chevron-down';
import ChevronUpIcon from 'lucide-react/icons/chevron-up';
import PauseIcon from 'lucide-react/icons/pause';
import WandSparklesIcon from 'lucide-react/icons/wand-sparkles';
import type { ComponentType } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/Spinner.tsx';
import type { DeviceControl } from '../../data/control.ts';
import { useCatalogText } from '../../i18n/catalog-text.ts';
import { Row } from '../../ui/Row.tsx';
import { Section } from '../../ui/Section.tsx';
import { CurtainWizard } from './CurtainWizard.tsx';
import { type CurtainKeys, curtainName, curtainsOf } from './curtain-keys.ts';
import { SliderField, ToggleField } from './fields.tsx';
import { GenericFields } from './GenericPanel.tsx';
import type { PanelProps } from './panels.ts';
import { num, on, type Sender, useSender } from './sender.ts';

function Move({
  icon: Icon,
  label,
  busy,
  disabled,
  onClick,
  testId,
}: {
  icon: ComponentType<{ size?: number }>;
  label: string;
  busy: boolean;
  disabled: boolean;
  onClick(): void;
  testId: string;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      data-testid={testId}
      className="flex h-16 flex-1 flex-col items-center justify-center gap-0.5 rounded-2xl bg-surface-2 text-[13px] font-semibold text-ink ring-1 ring-line transition active:scale-[0.97] active:bg-accent-soft disabled:opacity-50"
    >
      {busy ? <Spinner size={20} /> : <Icon size={22} />}
      {label}
    </button>
  );
}

function CurtainCard({
  curtain,
  control,
  sender,
  multi,
}: {
  curtain: CurtainKeys;
  control: DeviceControl;
  sender: Sender;
  multi: boolean;
}) {
  const { t } = useTranslation();
  const text = useCatalogText();
  const profile = control.profile;
  const position = num(control.values[curtain.position]);
  const pct = position === undefined ? undefined : Math.max(0, Math.min(100, Math.round(position)));
  const ownName = profile ? curtainName(profile, control.values, curtain.name) : '';
  const name = ownName || (multi ? t('control.curtain.nth', { n: curtain.n }) : t('control.curtain.title'));
  const setpoint = profile ? uiFields(profile).find((f) => f.key === curtain.setpoint) : undefined;
  const readOnly = !control.mayControl;
  const disabled = !control.enabled;
  const request = (key: string) => void sender.run(key, [{ Key: key, Value: 1 }]);

  return (
    <section
      className="mb-4 rounded-3xl bg-surface p-4 shadow-card ring-1 ring-line/60"
      data-testid={`curtain-${curtain.n}`}
      aria-label={name}
    >
      <div className="flex items-center gap-3">
        <div className="min-w-0 flex-1">
          <h2
            className="truncate text-[16px] font-semibold text-ink"
            data-testid={`curtain-name-${curtain.n}`}
          >
            <bdi>{name}</bdi>
          </h2>
          <p className="text-[13px] text-muted" data-testid={`curtain-state-${curtain.n}`}>
            {pct === undefined
              ? t('control.noValue')
              : pct === 0
                ? t('device.closed')
                : t('device.position', { value: text.number(pct, 0) })}
          </p>
        </div>
        <span
          className="text-[26px] font-semibold tabular-nums text-ink"
          data-testid={`value-${curtain.position}`}
          data-value={pct}
        >
          {pct === undefined ? '–' : t('control.percent', { value: text.number(pct, 0) })}
        </span>
      </div>
      {/* The curtain drawn as it hangs: the open share shows the window. */}
      <div className="mt-3 h-2.5 overflow-hidden rounded-full bg-surface-2" aria-hidden="true">
        <div
          className="h-full rounded-full bg-accent transition-[width] duration-300"
          style={{ width: `${pct ?? 0}%` }}
        />
      </div>
      {readOnly ? null : (
        <>
          <div className="mt-4 flex gap-2">
            <Move
              icon={ChevronUpIcon}
              label={t('control.curtain.open')}
              busy={sender.busy === curtain.open}
              disabled={disabled}
              onClick={() => request(curtain.open)}
              testId={`curtain-open-${curtain.n}`}
            />
            <Move
              icon={PauseIcon}
              label={t('control.curtain.pause')}
              busy={sender.busy === curtain.pause}
              disabled={disabled}
              onClick={() => request(curtain.pause)}
              testId={`curtain-pause-${curtain.n}`}
            />
            <Move
              icon={ChevronDownIcon}
              label={t('control.curtain.close')}
              busy={sender.busy === curtain.close}
              disabled={disabled}
              onClick={() => request(curtain.close)}
              testId={`curtain-close-${curtain.n}`}
            />
          </div>
          {setpoint ? (
            <div className="-mx-4 mt-2">
              <SliderField
                field={setpoint}
                control={control}
                sender={sender}
                label={t('control.curtain.position')}
                valueKey={curtain.position}
              />
            </div>
          ) : null}
        </>
      )}
    </section>
  );
}

/**
 * Curtains (curtain, tripleCurtainSwitch, six-relay-curtain): per curtain its name, position in
 * percent, open / pause / close and a position slider; the reconfiguration wizard where the model
 * has one; the remaining settings from the catalogue.
 */
export default function CurtainPanel({ deviceId, control }: PanelProps) {
  const { t } = useTranslation();
  const sender = useSender(control);
  const [wizard, setWizard] = useState(false);
  const profile = control.profile;
  if (!profile) return null;
  const all = curtainsOf(profile);
  // A curtain switched off in its configuration is not shown (the enable flag defaults to on).
  const curtains = all.filter(
    (c) => !c.enable || control.values[c.enable] === undefined || on(control.values[c.enable]),
  );
  const fields = uiFields(profile);
  const canConfigure = keyOf(profile, 'config_request') !== undefined && control.mayControl;

  return (
    <div data-testid="curtain-panel">
      {curtains.map((c) => (
        <CurtainCard key={c.n} curtain={c} control={control} sender={sender} multi={all.length > 1} />
      ))}
      {canConfigure ? (
        <Section>
          <Row
            icon={WandSparklesIcon}
            title={t('control.wizard.title')}
            subtitle={t('control.wizard.entry')}
            onClick={() => setWizard(true)}
            disabled={!control.enabled}
            testId="open-curtain-wizard"
          />
        </Section>
      ) : null}
      {control.mayControl && all.some((c) => c.enable) ? (
        <Section title={t('control.curtain.inUse')}>
          {all.map((c) => {
            const f = c.enable ? fields.find((x) => x.key === c.enable) : undefined;
            const own = curtainName(profile, control.values, c.name);
            return f ? (
              <ToggleField
                key={f.key}
                field={f}
                control={control}
                sender={sender}
                label={own || t('control.curtain.nth', { n: c.n })}
              />
            ) : null;
          })}
        </Section>
      ) : null}
      <GenericFields
        deviceId={deviceId}
        control={control}
        skip={['status', 'curtain', 'curtain_1', 'curtain_2', 'curtain_3', 'curtain_names', 'curtain_config']}
      />
      {canConfigure ? (
        <CurtainWizard control={control} open={wizard} onClose={() => setWizard(false)} />
      ) : null}
    </div>
  );
}
