import type { KeyDef, ModelProfile } from '@hestia/catalog';
import type { TFunction } from 'i18next';
import PlusIcon from 'lucide-react/icons/plus';
import Trash2Icon from 'lucide-react/icons/trash-2';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { latinDigits } from '../../lib/digits.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { Row } from '../../ui/Row.tsx';
import { Section } from '../../ui/Section.tsx';
import { Select } from '../../ui/Select.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { type TimerAction, writableKeys } from './timer-lib.ts';
import { keyTitle, valueText } from './timer-text.ts';

const defaultValue = (def: KeyDef): number | string => {
  if (def.kind === 'boolean') return 1;
  if (def.kind === 'enum') return def.values?.[0] ?? 0;
  if (def.kind === 'string') return '';
  return def.min ?? 0;
};

/** Why a value cannot be written to this key, or null. */
function valueProblem(def: KeyDef, value: number | string, t: TFunction): string | null {
  if (def.kind !== 'number') return null;
  if (typeof value !== 'number' || !Number.isFinite(value)) return t('timers.actions.numberRequired');
  if ((def.min !== undefined && value < def.min) || (def.max !== undefined && value > def.max))
    return t('timers.actions.range', { min: def.min ?? '–', max: def.max ?? '–' });
  return null;
}

/**
 * add-or-edit-timer-actions (spec section 2): what a timer or schedule does when it fires, chosen from
 * the model's writable catalogue keys, one value each. Opened as a sheet over the timer or schedule.
 */
export function AddOrEditTimerActions({
  profile,
  actions,
  onChange,
  error,
}: {
  profile: ModelProfile | undefined;
  actions: readonly TimerAction[];
  onChange(actions: TimerAction[]): void;
  error?: string | null;
}) {
  const { t, i18n } = useTranslation();
  const keys = writableKeys(profile);
  // The index being edited; actions.length adds a new one.
  const [editing, setEditing] = useState<number | null>(null);
  const [key, setKey] = useState('');
  const [value, setValue] = useState<number | string>('');
  const [text, setText] = useState('');
  const def = keys.find((k) => k.key === key);
  const used = new Set(actions.map((a, i) => (i === editing ? '' : a.deviceParameterId)));
  const choices = keys.filter((k) => !used.has(k.key));

  const open = (index: number) => {
    const current = actions[index];
    const first = current ? keys.find((k) => k.key === current.deviceParameterId) : choices[0];
    if (!first) return;
    const v = current
      ? typeof current.value === 'boolean'
        ? Number(current.value)
        : current.value
      : defaultValue(first);
    setKey(first.key);
    setValue(v);
    setText(String(v));
    setEditing(index);
  };
  const pick = (k: string) => {
    const next = keys.find((d) => d.key === k);
    if (!next) return;
    setKey(k);
    const v = defaultValue(next);
    setValue(v);
    setText(String(v));
  };
  const problem = def ? valueProblem(def, value, t) : null;
  const save = () => {
    if (editing === null || !def || problem) return;
    const next = [...actions];
    next[editing] = { deviceParameterId: def.key, value };
    onChange(next);
    setEditing(null);
  };

  return (
    <>
      <Section title={t('timers.actions.title')} hint={error ? undefined : t('timers.actions.hint')}>
        <div data-testid="add-or-edit-timer-actions">
          {actions.map((a, i) => {
            const d = keys.find((k) => k.key === a.deviceParameterId);
            return (
              <div
                key={a.deviceParameterId}
                className="flex items-center border-b border-line last:border-b-0"
              >
                <div className="min-w-0 flex-1">
                  <Row
                    title={keyTitle(a.deviceParameterId, t)}
                    subtitle={valueText(d, a.value, t, i18n.language)}
                    onClick={() => open(i)}
                    testId="timer-action"
                  />
                </div>
                <button
                  type="button"
                  aria-label={t('timers.actions.remove', { name: keyTitle(a.deviceParameterId, t) })}
                  onClick={() => onChange(actions.filter((_, j) => j !== i))}
                  className="me-2 grid size-11 shrink-0 place-items-center rounded-full text-danger hover:bg-danger-soft"
                  data-testid="timer-action-remove"
                >
                  <Trash2Icon size={20} />
                </button>
              </div>
            );
          })}
          {choices.length > 0 ? (
            <Row
              icon={PlusIcon}
              title={t('timers.actions.add')}
              onClick={() => open(actions.length)}
              testId="timer-action-add"
            />
          ) : null}
        </div>
      </Section>
      {error ? (
        <p role="alert" className="-mt-4 mb-6 px-4 text-[13px] text-danger" data-testid="actions-error">
          {error}
        </p>
      ) : null}

      <Dialog
        open={editing !== null}
        onClose={() => setEditing(null)}
        title={
          editing !== null && editing < actions.length ? t('timers.actions.edit') : t('timers.actions.add')
        }
        testId="timer-action-dialog"
        actions={
          <>
            <Button variant="secondary" onClick={() => setEditing(null)}>
              {t('home.cancel')}
            </Button>
            <Button onClick={save} disabled={!!problem} data-testid="timer-action-save">
              {t('timers.actions.done')}
            </Button>
          </>
        }
      >
        <div className="space-y-4 pb-3">
          <Select
            label={t('timers.actions.parameter')}
            value={key}
            options={[...(def && !choices.includes(def) ? [def] : []), ...choices].map(
              (k) => [k.key, keyTitle(k.key, t)] as const,
            )}
            onChange={pick}
            testId="timer-action-key"
          />
          {def?.kind === 'boolean' ? (
            <Select
              label={t('timers.actions.value')}
              value={String(value)}
              options={[
                ['1', t('timers.value.on')],
                ['0', t('timers.value.off')],
              ]}
              onChange={(v) => setValue(Number(v))}
              testId="timer-action-value"
            />
          ) : def?.kind === 'enum' ? (
            <Select
              label={t('timers.actions.value')}
              value={String(value)}
              options={(def.values ?? []).map(
                (v) => [String(v), valueText(def, v, t, i18n.language)] as const,
              )}
              onChange={(v) => setValue(Number(v))}
              testId="timer-action-value"
            />
          ) : def ? (
            <TextField
              maxLength={64}
              label={def.unit ? `${t('timers.actions.value')} (${def.unit})` : t('timers.actions.value')}
              value={text}
              onValueChange={(v) => {
                setText(v);
                if (def.kind === 'string') setValue(v);
                else {
                  const n = Number(latinDigits(v).replace(/[٫,]/g, '.'));
                  setValue(v.trim() === '' || !Number.isFinite(n) ? Number.NaN : n);
                }
              }}
              error={problem}
              testId="timer-action-value"
            />
          ) : null}
        </div>
      </Dialog>
    </>
  );
}
