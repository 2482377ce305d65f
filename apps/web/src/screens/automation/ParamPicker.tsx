import type { KeyDef } from '@hestia/catalog';
import CheckIcon from 'lucide-react/icons/check';
import { useTranslation } from 'react-i18next';
import { Section } from '../../ui/Section.tsx';
import { FieldProblem } from './FieldProblem.tsx';
import { focusGroup } from './focus-group.ts';
import { keyTitle } from './text.ts';

/** One of a device's catalogue keys, as a list of choices. */
export function ParamPicker({
  title,
  keys,
  value,
  onChange,
  titleOf,
}: {
  title: string;
  keys: readonly KeyDef[];
  value: string | null;
  onChange(key: string): void;
  /** The key's name; a device key's translated title by default. */
  titleOf?: (key: string) => string;
}) {
  const { t } = useTranslation();
  return (
    <Section title={title}>
      <fieldset aria-label={title} className="m-0 min-w-0 border-0 p-0 divide-y divide-line">
        {keys.map((k) => (
          <button
            key={k.key}
            type="button"
            aria-pressed={k.key === value}
            onClick={() => onChange(k.key)}
            className="flex min-h-12 w-full items-center gap-3 px-4 py-2 text-start hover:bg-surface-2/60"
            data-testid="param-option"
            data-key={k.key}
          >
            <span className="min-w-0 flex-1">
              <span className="block truncate text-[15px] font-medium">
                {titleOf ? titleOf(k.key) : keyTitle(k.key, t)}
              </span>
              {k.unit ? <span className="block text-[12px] text-muted">{k.unit}</span> : null}
            </span>
            {k.key === value ? <CheckIcon size={20} className="shrink-0 text-accent-text" /> : null}
          </button>
        ))}
      </fieldset>
    </Section>
  );
}

/**
 * The key field of a condition or action form: the picker, its problem below it, and the field's
 * ref on the group (a blocked save focuses it). `onPick` runs before the key changes (to reset the
 * value that belonged to the old key).
 */
export function KeyPickerField({
  field,
  problem,
  onPick,
  ...picker
}: {
  field: { value: string | null; onChange(key: string): void; ref(instance: { focus(): void } | null): void };
  problem: string | null;
  onPick(key: string): void;
  title: string;
  keys: readonly KeyDef[];
  titleOf?: (key: string) => string;
}) {
  return (
    <div ref={focusGroup(field.ref)}>
      <ParamPicker
        {...picker}
        value={field.value}
        onChange={(next) => {
          onPick(next);
          field.onChange(next);
        }}
      />
      <FieldProblem text={problem} />
    </div>
  );
}
