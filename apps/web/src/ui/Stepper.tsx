import MinusIcon from 'lucide-react/icons/minus';
import PlusIcon from 'lucide-react/icons/plus';
import { useEffect, useRef } from 'react';
import { Button, Group, I18nProvider, Input, Label, NumberField } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { localeDigits } from '../lib/digits.ts';

const STEP_BUTTON =
  'grid size-9 shrink-0 place-items-center rounded-full bg-surface-2 text-ink transition disabled:opacity-40 data-disabled:opacity-40 data-focus-visible:outline-2 data-focus-visible:outline-accent';

/** A round − or + button, beside a slider or inside a Stepper. */
export function StepButton({
  dir,
  label,
  disabled,
  onPress,
}: {
  dir: 1 | -1;
  label: string;
  disabled: boolean;
  onPress(): void;
}) {
  const Icon = dir === 1 ? PlusIcon : MinusIcon;
  return (
    <button type="button" onClick={onPress} disabled={disabled} aria-label={label} className={STEP_BUTTON}>
      <Icon size={18} />
    </button>
  );
}

interface StepperProps {
  label: string;
  /** `null` while the field is empty. */
  value: number | null;
  onChange(value: number | null): void;
  min: number;
  max: number;
  step?: number;
  /** Shown after the number ("min", "s"). */
  unit?: string;
  testId?: string;
  disabled?: boolean;
}

/**
 * Typed digits become the language's as they are typed (Persian in fa): a Latin digit's insertion is
 * replaced by the same text in the language's digits before React Aria sees it. Its NumberField formats in
 * whatever numbering system the typed text uses, so a Latin "2" typed in Persian would otherwise stay "2"
 * after the field is left.
 */
function languageDigitsOnInput(input: HTMLInputElement, language: string): () => void {
  const onBeforeInput = (event: InputEvent) => {
    const typed = event.data ?? event.dataTransfer?.getData('text/plain') ?? null;
    if (!typed || !event.cancelable) return;
    const written = localeDigits(typed, language);
    if (written === typed) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    document.execCommand('insertText', false, written);
  };
  input.addEventListener('beforeinput', onBeforeInput);
  return () => input.removeEventListener('beforeinput', onBeforeInput);
}

/**
 * A number between limits with − and + on React Aria's NumberField: typed in either the language's or
 * Latin digits, shown in the language's digits (Persian in fa) as typed and after, clamped and snapped to
 * the step when the field is left; the arrow keys and the buttons step it. The input's data-testid is the
 * `testId`.
 */
export function Stepper({
  label,
  value,
  onChange,
  min,
  max,
  step = 1,
  unit,
  testId,
  disabled,
}: StepperProps) {
  const { t, i18n } = useTranslation();
  const inputRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (testId && inputRef.current) inputRef.current.dataset.testid = testId;
  }, [testId]);
  useEffect(
    () => (inputRef.current ? languageDigitsOnInput(inputRef.current, i18n.language) : undefined),
    [i18n.language],
  );
  return (
    <I18nProvider locale={i18n.language}>
      <NumberField
        value={value ?? Number.NaN}
        onChange={(v) => onChange(Number.isNaN(v) ? null : v)}
        minValue={min}
        maxValue={max}
        step={step}
        isDisabled={disabled}
        formatOptions={{ useGrouping: false, maximumFractionDigits: step < 1 ? 2 : 0 }}
        className="min-w-0 flex-1"
      >
        <Label className="mb-1.5 block px-1 text-sm font-medium">{label}</Label>
        <Group className="flex h-12 items-center gap-1 rounded-2xl border border-line bg-surface px-1.5 focus-within:border-accent">
          <Button
            slot="decrement"
            aria-label={t('control.decrease', { name: label })}
            className={STEP_BUTTON}
          >
            <MinusIcon size={18} />
          </Button>
          <Input
            ref={inputRef}
            className="h-full min-w-0 flex-1 bg-transparent text-center text-[16px] text-ink tabular-nums outline-none"
          />
          {unit ? (
            // A unit ("°C", "kWh") reads left to right in every language: in right-to-left text "°C" would show as "C°".
            <span dir="ltr" className="shrink-0 text-sm text-muted">
              {unit}
            </span>
          ) : null}
          <Button
            slot="increment"
            aria-label={t('control.increase', { name: label })}
            className={STEP_BUTTON}
          >
            <PlusIcon size={18} />
          </Button>
        </Group>
      </NumberField>
    </I18nProvider>
  );
}
