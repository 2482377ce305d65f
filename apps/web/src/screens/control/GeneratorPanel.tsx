import FuelIcon from 'lucide-react/icons/fuel';
import ZapIcon from 'lucide-react/icons/zap';
import { useTranslation } from 'react-i18next';
import { useCatalogText } from '../../i18n/catalog-text.ts';
import { Section } from '../../ui/Section.tsx';
import { KeyField, PowerHero, TimerRow } from './ClimateParts.tsx';
import { useValueText } from './fields.tsx';
import type { PanelProps } from './panels.ts';
import { num, on, useSender } from './sender.ts';

/**
 * Generators (electro-gen, issue 19): start and stop, whether its output carries power, fuel level
 * and output voltage live, automatic start on mains loss, and the run timer (generator timer picker;
 * not while stopped or on automatic start).
 */
export default function GeneratorPanel({ control }: PanelProps) {
  const { t } = useTranslation();
  const text = useCatalogText();
  const valueText = useValueText();
  const sender = useSender(control);
  if (!control.profile) return null;
  const fuel = num(control.values.fuel_level);
  const output = on(control.values.OUT_Power_status);
  const tiles = [
    { key: 'fuel_level', icon: FuelIcon, value: valueText(control.values.fuel_level, '%', 0) },
    { key: 'voltage', icon: ZapIcon, value: valueText(control.values.voltage, 'V', 0) },
  ];
  return (
    <div data-testid="generator-panel">
      <PowerHero
        control={control}
        sender={sender}
        keyName="onoff"
        icon={ZapIcon}
        title={text.title('keys.onoff', 'onoff')}
        detail={output ? t('climate.generator.output') : t('climate.generator.noOutput')}
      />
      <div className="mb-4 grid grid-cols-2 gap-2">
        {tiles.map(({ key, icon: Icon, value }) => (
          <div key={key} className="rounded-2xl bg-surface px-4 py-3 shadow-card ring-1 ring-line/60">
            <p className="flex items-center gap-1.5 text-[12px] font-medium text-muted">
              <Icon size={14} />
              {text.title(`keys.${key}`, key)}
            </p>
            <p className="mt-1 text-[20px] font-semibold tabular-nums text-ink">
              <bdi data-testid={`value-${key}`}>{value}</bdi>
            </p>
            {key === 'fuel_level' ? (
              <div className="mt-2 h-1.5 overflow-hidden rounded-full bg-surface-2" aria-hidden="true">
                <div
                  className={`h-full rounded-full ${fuel !== undefined && fuel < 20 ? 'bg-danger' : 'bg-accent'}`}
                  style={{ width: `${Math.max(0, Math.min(100, fuel ?? 0))}%` }}
                />
              </div>
            ) : null}
          </div>
        ))}
      </div>
      {fuel !== undefined && fuel < 20 ? (
        <p
          className="mb-4 rounded-2xl bg-danger-soft px-4 py-3 text-[14px] text-danger"
          data-testid="fuel-low"
        >
          {t('climate.generator.fuelLow')}
        </p>
      ) : null}
      <Section title={text.group('control')} hint={t('climate.generator.autoHint')}>
        <KeyField control={control} sender={sender} name="auto_start" />
      </Section>
      <Section title={text.group('timer')} hint={t('climate.generator.timerHint')}>
        <TimerRow control={control} sender={sender} keyName="timer" />
      </Section>
    </div>
  );
}
