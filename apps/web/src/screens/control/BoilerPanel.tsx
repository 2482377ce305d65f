import { errorMessage, keyOf, type UiField, uiFields } from '@hestia/catalog';
import CircleAlertIcon from 'lucide-react/icons/circle-alert';
import FlameIcon from 'lucide-react/icons/flame';
import { useTranslation } from 'react-i18next';
import { useCatalogText } from '../../i18n/catalog-text.ts';
import { currentLanguage } from '../../i18n/index.ts';
import { Section } from '../../ui/Section.tsx';
import { BoilerDiagram } from './BoilerDiagram.tsx';
import { ButtonField, ReadoutField, SliderField, useValueText } from './fields.tsx';
import type { PanelProps } from './panels.ts';
import { num, useSender } from './sender.ts';
import { isolate, ModePicker, narrowed } from './WaterPickers.tsx';
import { boilerDiagram, setpointRange } from './water-state.ts';

/** The boiler's active faults (its b_e flags), each with the catalogue's text in the user's language. */
function FaultList({ faults }: { faults: readonly number[] }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  return (
    <Section title={t('water.boiler.faults')}>
      {faults.length === 0 ? (
        <p className="px-4 py-3 text-[14px] text-muted" data-testid="boiler-no-faults">
          {t('water.boiler.noFaults')}
        </p>
      ) : (
        <ul data-testid="boiler-faults">
          {faults.map((n) => (
            <li
              key={n}
              className="flex items-start gap-3 px-4 py-3"
              data-testid={`boiler-fault-E${n}`}
              data-code={`boiler.E${n}`}
            >
              <CircleAlertIcon size={18} className="mt-0.5 shrink-0 text-danger" />
              <span className="min-w-0 flex-1 text-[14px] leading-snug text-ink">
                {errorMessage(`boiler.E${n}`, language)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

/**
 * Boilers (boiler-combi, issue 19): a live diagram of what the boiler is doing (its status flags),
 * the system mode picker, central-heating and hot-water setpoints inside the limits the boiler
 * reports, its readings (temperatures, outside sensor, modulator current), the active fault codes
 * with their catalogue text, and reset error / reset to manual.
 */
export default function BoilerPanel({ control }: PanelProps) {
  const { t } = useTranslation();
  const text = useCatalogText();
  const valueText = useValueText();
  const sender = useSender(control);
  const profile = control.profile;
  if (!profile) return null;
  const fields = uiFields(profile);
  const field = (key: string): UiField | undefined => fields.find((f) => f.key === key);
  const diagram = boilerDiagram(control.values);
  const mode = num(control.values.system_mode);
  const ch = field('ch_setpoint');
  const chDef = keyOf(profile, 'ch_setpoint');
  const chRange = chDef
    ? setpointRange(chDef, control.values, 'ch_temperature_min', 'ch_temperature_max')
    : undefined;
  const dhw = field('dhw_setpoint');
  const readout = (key: string) => {
    const f = field(key);
    return f ? <ReadoutField key={key} field={f} control={control} /> : null;
  };
  const button = (key: string) => {
    const f = field(key);
    return f ? <ButtonField key={key} field={f} control={control} sender={sender} /> : null;
  };
  const setpoint = (f: UiField | undefined) =>
    f ? (
      control.mayControl ? (
        <SliderField field={f} control={control} sender={sender} />
      ) : (
        <ReadoutField field={f} control={control} />
      )
    ) : null;

  return (
    <div data-testid="boiler-panel">
      <div className="mb-4 rounded-3xl bg-surface p-4 shadow-card ring-1 ring-line/60">
        <BoilerDiagram diagram={diagram} mode={mode} />
        <div className="mt-4 grid grid-cols-2 gap-2">
          {[
            ['ch_temperature', 'ch_setpoint'],
            ['dhw_temperature', 'dhw_setpoint'],
          ].map(([key = '', target = '']) => (
            <div key={key} className="rounded-2xl bg-surface-2 px-3 py-2.5 text-center">
              <p className="truncate text-[12px] font-medium text-muted">{text.title(`keys.${key}`, key)}</p>
              <p className="mt-0.5 text-[20px] font-semibold tabular-nums text-ink">
                <bdi data-testid={`tile-${key}`}>{valueText(control.values[key], '°C', 0)}</bdi>
              </p>
              <p className="text-[12px] text-muted">
                {t('water.target', { value: isolate(valueText(control.values[target], '°C', 0)) })}
              </p>
            </div>
          ))}
        </div>
      </div>

      <Section title={text.group('control')}>
        <ModePicker
          icon={FlameIcon}
          title={text.title('keys.system_mode', 'system_mode')}
          keyName="system_mode"
          control={control}
          sender={sender}
          testId="open-system-mode"
          // The modes' names say what each one heats (the catalogue's boiler option set).
          options={[0, 1, 2].map((v) => ({ value: v, title: text.option('system_mode', v, 'boiler') }))}
        />
      </Section>

      <Section
        title={text.group('setpoint')}
        hint={
          chRange
            ? t('water.boiler.chLimits', {
                min: isolate(valueText(chRange.min, '°C', 0)),
                max: isolate(valueText(chRange.max, '°C', 0)),
              })
            : undefined
        }
      >
        {setpoint(ch && chRange ? narrowed(ch, chRange) : ch)}
        {setpoint(dhw)}
      </Section>

      <Section title={t('water.readings')}>
        {readout('ch_temperature')}
        {readout('dhw_temperature')}
        {readout('outside_temperature')}
        {readout('modulator_current')}
        {readout('ch_temperature_min')}
        {readout('ch_temperature_max')}
      </Section>

      <FaultList faults={diagram.faults} />

      {control.mayControl ? (
        <Section title={text.group('service')} hint={t('water.boiler.serviceHint')}>
          {button('reset_error')}
          {button('reset_to_manual')}
        </Section>
      ) : null}
    </div>
  );
}
