import { keyOf } from '@hestia/catalog';
import PowerIcon from 'lucide-react/icons/power';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/Spinner.tsx';
import { useCatalogText } from '../../i18n/catalog-text.ts';
import { masterPowerWrite, relaysOn } from '../../lib/device-state.ts';
import { Section } from '../../ui/Section.tsx';
import { useKeyLabelsQuery } from '../settings/settings-data.ts';
import { OptionPills } from './fields.tsx';
import { GenericFields } from './GenericPanel.tsx';
import type { PanelProps } from './panels.ts';
import { num, on, useSender } from './sender.ts';

/** Titles of the keys: the user's own (`getKeyLabels`) when set, the catalogue's otherwise. */
export function useKeyLabel(deviceId: string) {
  const labels = useKeyLabelsQuery(deviceId);
  const text = useCatalogText();
  return (key: string, catalogueTitle: string) =>
    labels.data?.labels.find((l) => l.key === key)?.title || text.title(catalogueTitle, key);
}

/**
 * Switches and relays (one- to six-pole, way-switch, crossover, fan switch, relay modules and the
 * relay-channel controller): a big button per key with its title, master power for the models that
 * have it, the fan's speeds, and the remaining settings from the catalogue.
 */
export default function SwitchPanel({ deviceId, control }: PanelProps) {
  const { t } = useTranslation();
  const text = useCatalogText();
  const sender = useSender(control);
  const label = useKeyLabel(deviceId);
  const [picked, setPicked] = useState<number | null>(null);
  const profile = control.profile;
  if (!profile) return null;
  const keys = profile.keys.filter((k) => /^relay_\d+$/.test(k.key));
  const onCount = relaysOn(control.points, profile.toggleKeys);
  const master = profile.features.includes('master_power') && profile.toggleKeys.length > 1;
  const speed = keyOf(profile, 'fan_speed');
  const readOnly = !control.mayControl;

  return (
    <div data-testid="switch-panel">
      {master ? (
        <div className="mb-4 flex items-center gap-4 rounded-3xl bg-surface p-4 shadow-card ring-1 ring-line/60">
          <div className="min-w-0 flex-1">
            <p className="text-[15px] font-semibold text-ink">{t('control.master.title')}</p>
            <p className="text-[13px] text-muted" data-testid="master-summary">
              {onCount === 0
                ? t('control.master.allOff')
                : onCount === profile.toggleKeys.length
                  ? t('control.master.allOn')
                  : t('device.someOn', { on: onCount, total: profile.toggleKeys.length })}
            </p>
          </div>
          {readOnly ? null : (
            <button
              type="button"
              data-testid="master-power"
              aria-pressed={onCount > 0}
              aria-busy={sender.busy === 'master' || undefined}
              disabled={!control.enabled}
              onClick={() => void sender.run('master', masterPowerWrite(control.points, profile.toggleKeys))}
              className={`inline-flex h-12 items-center gap-2 rounded-full px-5 text-[15px] font-semibold transition active:scale-[0.98] disabled:opacity-50 ${
                onCount > 0 ? 'bg-accent text-on-accent' : 'bg-surface-2 text-ink ring-1 ring-line'
              }`}
            >
              {sender.busy === 'master' ? <Spinner size={18} /> : <PowerIcon size={20} />}
              {onCount > 0 ? t('control.master.turnOff') : t('control.master.turnOn')}
            </button>
          )}
        </div>
      ) : null}

      <div className={`mb-6 grid gap-3 ${keys.length === 1 ? 'grid-cols-1' : 'grid-cols-2 sm:grid-cols-3'}`}>
        {keys.map((k) => {
          const isOn = on(control.values[k.key]);
          const busy = sender.busy === k.key;
          const title = label(k.key, k.title);
          return (
            <button
              key={k.key}
              type="button"
              data-testid={`key-${k.key}`}
              aria-pressed={isOn}
              aria-busy={busy || undefined}
              aria-label={title}
              disabled={readOnly || !control.enabled}
              onClick={() => void sender.run(k.key, [{ Key: k.key, Value: isOn ? 0 : 1 }])}
              className={`flex flex-col items-start gap-3 rounded-3xl p-4 text-start transition active:scale-[0.98] disabled:cursor-not-allowed ${
                keys.length === 1 ? 'min-h-40' : 'min-h-32'
              } ${
                isOn && control.state === 'online'
                  ? 'bg-accent text-on-accent shadow-[0_10px_24px_-14px_var(--hx-accent)]'
                  : 'bg-surface text-ink shadow-card ring-1 ring-line/60'
              } ${control.enabled || readOnly ? '' : 'opacity-60'}`}
            >
              <span
                className={`grid size-11 place-items-center rounded-full ${
                  isOn && control.state === 'online' ? 'bg-white/25' : 'bg-surface-2'
                }`}
              >
                {busy ? <Spinner size={20} /> : <PowerIcon size={22} />}
              </span>
              <span className="mt-auto w-full min-w-0">
                <span className="block truncate text-[16px] font-semibold">
                  <bdi>{title}</bdi>
                </span>
                <span
                  className={`block text-[13px] ${isOn && control.state === 'online' ? 'opacity-90' : 'text-muted'}`}
                >
                  {isOn ? t('device.on') : t('device.off')}
                </span>
              </span>
            </button>
          );
        })}
      </div>

      {speed?.values ? (
        <Section title={text.group('fan')}>
          <div className="px-4 py-3" data-testid="field-fan_speed">
            <p className="mb-2.5 text-[15px] font-medium text-ink">{text.title(speed.title, speed.key)}</p>
            <OptionPills
              name={text.title(speed.title, speed.key)}
              options={speed.values}
              value={num(control.values.fan_speed)}
              labelOf={(v) => text.option('fan_speed', v)}
              busyValue={sender.busy === 'fan_speed' ? picked : null}
              disabled={readOnly || !control.enabled}
              testId="select-fan_speed"
              onPick={(v) => {
                setPicked(v);
                void sender.run('fan_speed', [{ Key: 'fan_speed', Value: v }]);
              }}
            />
          </div>
        </Section>
      ) : null}

      <GenericFields deviceId={deviceId} control={control} skip={['relays', 'fan']} />
    </div>
  );
}
