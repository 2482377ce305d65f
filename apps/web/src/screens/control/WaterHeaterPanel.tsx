import { uiFields } from '@hestia/catalog';
import GaugeIcon from 'lucide-react/icons/gauge';
import PowerIcon from 'lucide-react/icons/power';
import ZapIcon from 'lucide-react/icons/zap';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/Spinner.tsx';
import { useCatalogText } from '../../i18n/catalog-text.ts';
import { Section } from '../../ui/Section.tsx';
import { ReadoutField, SliderField, useValueText } from './fields.tsx';
import type { PanelProps } from './panels.ts';
import { num, on, useSender } from './sender.ts';
import { isolate, ModePicker } from './WaterPickers.tsx';
import { WATER_HEATER_FAULTS } from './water-state.ts';

/**
 * Water heaters (artel-water-heater, issue 19): the tank's temperature and whether the element heats,
 * on/off, the mode (on, eco) and submode (normal, boost) pickers, the setpoint (30–75), and the
 * no-sensor, no-water and short-circuit states the heater reports.
 */
export default function WaterHeaterPanel({ control }: PanelProps) {
  const { t } = useTranslation();
  const text = useCatalogText();
  const valueText = useValueText();
  const sender = useSender(control);
  const profile = control.profile;
  if (!profile) return null;
  const fields = uiFields(profile);
  const field = (key: string) => fields.find((f) => f.key === key);
  const mode = num(control.values.system_mode);
  const isOn = mode !== undefined && mode !== 0;
  const heating = on(control.values.output_status);
  const faults = WATER_HEATER_FAULTS.filter((k) => on(control.values[k]));
  const readOnly = !control.mayControl;
  const setpoint = field('setpoint');
  const online = control.state === 'online';

  return (
    <div data-testid="water-heater-panel">
      <div className="mb-4 rounded-3xl bg-surface p-5 shadow-card ring-1 ring-line/60">
        <div className="flex items-center gap-4">
          <div className="min-w-0 flex-1">
            <p className="text-[13px] font-medium text-muted">
              {text.title('keys.temperature', 'temperature')}
            </p>
            <p className="text-[40px] leading-tight font-semibold tabular-nums text-ink">
              <bdi data-testid="tile-temperature">{valueText(control.values.temperature, '°C', 0)}</bdi>
            </p>
            <p
              className="text-[14px] text-muted"
              data-testid="heater-state"
              data-state={heating ? 'heating' : isOn ? 'idle' : 'off'}
            >
              {faults.length
                ? t('water.heater.stopped')
                : heating
                  ? t('water.heater.heating')
                  : isOn
                    ? t('water.heater.holding', {
                        value: isolate(valueText(control.values.setpoint, '°C', 0)),
                      })
                    : t('device.off')}
            </p>
          </div>
          <button
            type="button"
            data-testid="heater-power"
            aria-pressed={isOn}
            aria-busy={sender.busy === 'power' || undefined}
            aria-label={text.title('keys.system_mode', 'system_mode')}
            disabled={readOnly || !control.enabled}
            onClick={() => void sender.run('power', [{ Key: 'system_mode', Value: isOn ? 0 : 1 }])}
            className={`grid size-16 shrink-0 place-items-center rounded-full transition active:scale-[0.97] disabled:cursor-not-allowed ${
              isOn && online
                ? 'bg-accent text-on-accent shadow-[0_10px_24px_-14px_var(--hx-accent)]'
                : 'bg-surface-2 text-ink ring-1 ring-line'
            } ${control.enabled || readOnly ? '' : 'opacity-60'}`}
          >
            {sender.busy === 'power' ? <Spinner size={24} /> : <PowerIcon size={28} />}
          </button>
        </div>
        <p className="mt-3 flex items-center gap-2 text-[13px] text-muted">
          <span
            aria-hidden="true"
            className={`size-2.5 rounded-full ${heating ? 'bg-orange-500' : 'bg-line'}`}
          />
          {text.title('keys.output_status', 'output_status')}:{' '}
          <span data-testid="value-output_status" data-on={heating}>
            {heating ? t('device.on') : t('device.off')}
          </span>
        </p>
      </div>

      <Section title={text.group('control')}>
        <ModePicker
          icon={PowerIcon}
          title={text.title('keys.system_mode', 'system_mode')}
          keyName="system_mode"
          control={control}
          sender={sender}
          testId="open-system-mode"
          options={[0, 1, 2].map((v) => ({
            value: v,
            title: text.option('system_mode', v, 'water_heater'),
            hint: t(`water.heater.modeHint.${v}` as 'water.heater.modeHint.0'),
          }))}
        />
        <ModePicker
          icon={ZapIcon}
          title={text.title('keys.system_submode', 'system_submode')}
          keyName="system_submode"
          control={control}
          sender={sender}
          testId="open-system-submode"
          options={[0, 1].map((v) => ({
            value: v,
            title: text.option('system_submode', v, 'water_heater'),
            hint: t(`water.heater.submodeHint.${v}` as 'water.heater.submodeHint.0'),
          }))}
        />
      </Section>

      {setpoint ? (
        <Section title={text.group('setpoint')}>
          {readOnly ? (
            <ReadoutField field={setpoint} control={control} />
          ) : (
            <SliderField field={setpoint} control={control} sender={sender} />
          )}
        </Section>
      ) : null}

      <Section title={t('water.heater.checks')}>
        {WATER_HEATER_FAULTS.map((key) => {
          const raised = on(control.values[key]);
          return (
            <div
              key={key}
              className="flex min-h-14 items-center gap-3 px-4 py-3"
              data-testid={`field-${key}`}
            >
              <GaugeIcon size={18} className={raised ? 'shrink-0 text-danger' : 'shrink-0 text-muted'} />
              <span className="min-w-0 flex-1 truncate text-[15px] font-medium text-ink">
                {t(`water.heater.check.${key}` as 'water.heater.check.no_sensor_error')}
              </span>
              <span
                className={`inline-flex shrink-0 items-center gap-1.5 text-[14px] font-semibold ${raised ? 'text-danger' : 'text-ink'}`}
                data-testid={`value-${key}`}
                data-on={raised}
              >
                <span
                  aria-hidden="true"
                  className={`size-2.5 rounded-full ${raised ? 'bg-danger' : 'bg-success'}`}
                />
                {raised ? text.title(`keys.${key}`, key) : t('water.heater.ok')}
              </span>
            </div>
          );
        })}
      </Section>
    </div>
  );
}
