import { type UiField, uiFields } from '@hestia/catalog';
import { useCatalogText } from '../../i18n/catalog-text.ts';
import { Section } from '../../ui/Section.tsx';
import { Field } from './fields.tsx';
import type { PanelProps } from './panels.ts';
import { useSender } from './sender.ts';

/** Keys the shell shows by itself (connection, fault banner), not as fields. */
const SHELL_KEYS: ReadonlySet<string> = new Set(['active', 'error_code']);

/** The catalogue's fields grouped by `group`, in the order the catalogue lists them. */
export function groupFields(fields: readonly UiField[]): [string, UiField[]][] {
  const groups = new Map<string, UiField[]>();
  for (const f of fields) {
    if (SHELL_KEYS.has(f.key)) continue;
    groups.set(f.group, [...(groups.get(f.group) ?? []), f]);
  }
  return [...groups];
}

/**
 * The generic control renderer (Zigbee2MQTT's `switch (feature.type)` idea): every capability of the
 * model from `uiFields`, grouped, so any family without a bespoke panel can be fully operated.
 */
export function GenericFields({
  control,
  only,
  skip,
}: PanelProps & { only?: readonly string[]; skip?: readonly string[] }) {
  const text = useCatalogText();
  const sender = useSender(control);
  if (!control.profile) return null;
  // A view-only share sees values; buttons (requests) have no value to show.
  const visible = uiFields(control.profile).filter((f) => control.mayControl || f.control !== 'button');
  const groups = groupFields(visible).filter(([g]) => (!only || only.includes(g)) && !skip?.includes(g));
  return (
    <>
      {groups.map(([group, fields]) => {
        const shown = fields.map((f) => <Field key={f.key} field={f} control={control} sender={sender} />);
        return (
          <Section key={group} title={text.group(group)}>
            {shown}
          </Section>
        );
      })}
    </>
  );
}

export default function GenericPanel(props: PanelProps) {
  return (
    <div data-testid="generic-panel">
      <GenericFields {...props} />
    </div>
  );
}
