import { useTranslation } from 'react-i18next';
import { useCatalogText } from '../../i18n/catalog-text.ts';
import { Section } from '../../ui/Section.tsx';
import { useKeyTitles } from '../settings/key-titles.ts';
import { fieldOf } from './ClimateParts.tsx';
import { ToggleField } from './fields.tsx';
import type { PanelProps } from './panels.ts';
import { num, useSender } from './sender.ts';

/**
 * External modules (issue 19): the dry-contact inputs as they report, live, each by its name and
 * state ("Active"), and the output relays by their names (the user's own, else the catalogue's).
 */
export default function ExternalModulePanel({ deviceId, control }: PanelProps) {
  const { t } = useTranslation();
  const text = useCatalogText();
  const sender = useSender(control);
  const titleOf = useKeyTitles(deviceId, control.profile);
  const profile = control.profile;
  if (!profile) return null;
  const inputs = profile.keys.filter((k) => /^input_\d+$/.test(k.key));
  const outputs = profile.keys.filter((k) => /^relay_\d+$/.test(k.key));
  return (
    <div data-testid="external-module-panel">
      <Section title={t('climate.external.inputs')} hint={t('climate.external.inputsHint')}>
        <div className="grid grid-cols-2 gap-2 p-3">
          {inputs.map((k) => {
            const v = num(control.values[k.key]);
            const active = v === 1;
            return (
              <div
                key={k.key}
                data-testid={`input-${k.key}`}
                data-state={v ?? ''}
                className={`rounded-2xl px-3 py-3 ring-1 transition-colors ${
                  active ? 'bg-accent-soft ring-accent' : 'bg-surface-2 ring-line'
                }`}
              >
                <p className="truncate text-[13px] font-medium text-muted">{text.key(k.key)}</p>
                <p className="mt-1 flex items-center gap-2 text-[16px] font-semibold text-ink">
                  <span
                    aria-hidden="true"
                    className={`size-2.5 rounded-full ${active ? 'bg-success' : 'bg-line'}`}
                  />
                  {v === undefined ? t('control.noValue') : text.option(k.key, v, profile.family)}
                </p>
              </div>
            );
          })}
        </div>
      </Section>
      <Section title={t('climate.external.outputs')}>
        {outputs.map((k) => {
          const f = fieldOf(profile, k.key);
          return f ? (
            <ToggleField key={k.key} field={f} control={control} sender={sender} label={titleOf(k.key)} />
          ) : null;
        })}
      </Section>
    </div>
  );
}
