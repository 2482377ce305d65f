import ChevronDownIcon from 'lucide-react/icons/chevron-down';
import { useLayoutEffect, useRef } from 'react';
import {
  Select as AriaSelect,
  Button,
  I18nProvider,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  SelectValue,
  Text,
} from 'react-aria-components';
import { useTranslation } from 'react-i18next';

/**
 * A labelled select on React Aria Components, styled like the app's text fields; options are
 * [value, label]. A button opens the options in a popover under it (keyboard: arrows, typing a label's
 * first letters; the popover follows the language's direction).
 *
 * React Aria also keeps a native <select> of the same options, hidden, for the browser's autofill; it
 * carries the `testId`, so a test picks an option as before (`selectOption`) and reads the value
 * (`inputValue`), and the choice goes through the same state as a person's.
 */
export function Select({
  label,
  value,
  options,
  onChange,
  testId,
  hideLabel,
  error,
  invalid,
}: {
  label: string;
  value: string;
  options: readonly (readonly [string, string])[];
  onChange(value: string): void;
  testId?: string;
  hideLabel?: boolean;
  error?: string | null;
  /** Marks the field wrong when the message is shown elsewhere. */
  invalid?: boolean;
}) {
  const { i18n } = useTranslation();
  const rootRef = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const select = rootRef.current?.querySelector('select');
    if (!select) return;
    if (testId) select.dataset.testid = testId;
    else delete select.dataset.testid;
  });
  const wrong = Boolean(error || invalid);
  return (
    <I18nProvider locale={i18n.language}>
      <AriaSelect
        ref={rootRef}
        value={value}
        onChange={(key) => {
          if (key !== null && String(key) !== value) onChange(String(key));
        }}
        isInvalid={wrong}
        placeholder=""
        className="min-w-0 flex-1"
      >
        <Label className={hideLabel ? 'sr-only' : 'mb-1.5 block px-1 text-sm font-medium text-ink'}>
          {label}
        </Label>
        <Button
          className={`flex h-12 w-full items-center gap-2 rounded-2xl border bg-surface ps-4 pe-3.5 text-start text-[16px] text-ink outline-none data-focus-visible:border-accent data-pressed:border-accent ${
            wrong ? 'border-danger' : 'border-line'
          }`}
        >
          <SelectValue className="min-w-0 flex-1 truncate" />
          <ChevronDownIcon size={18} className="shrink-0 text-muted" />
        </Button>
        {error ? (
          <Text slot="errorMessage" role="alert" className="mt-1.5 block px-1 text-[13px] text-danger">
            {error}
          </Text>
        ) : null}
        <Popover
          offset={6}
          className="max-h-72 min-w-(--trigger-width) overflow-y-auto rounded-2xl bg-surface p-1 text-ink shadow-xl ring-1 ring-line outline-none"
        >
          <ListBox className="outline-none">
            {options.map(([v, text]) => (
              <ListBoxItem
                key={v}
                id={v}
                textValue={text}
                className="flex min-h-11 cursor-pointer items-center rounded-xl px-3 text-[16px] outline-none data-focused:bg-surface-2 data-selected:font-semibold data-selected:text-accent-text"
              >
                {text}
              </ListBoxItem>
            ))}
          </ListBox>
        </Popover>
      </AriaSelect>
    </I18nProvider>
  );
}
