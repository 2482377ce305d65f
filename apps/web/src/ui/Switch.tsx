import { useLayoutEffect, useRef } from 'react';
import { Switch as AriaSwitch } from 'react-aria-components';
import { Spinner } from '../components/Spinner.tsx';

/**
 * An on/off switch on React Aria Components (a native checkbox with role switch inside a label: click,
 * tap, Space, and the focus ring only for the keyboard), with a spinner while its call runs; the thumb
 * moves with a logical margin, so it mirrors in right-to-left.
 *
 * The checkbox covers the whole switch, transparent, instead of React Aria's 1-pixel hidden box: the
 * element a person (or a test) presses is the control itself. It carries the `testId`, `aria-checked`
 * (always equal to its checked state) and `aria-busy`, as the earlier button did, so tests read them.
 */
export function Switch({
  checked,
  onChange,
  label,
  busy = false,
  disabled = false,
  testId,
}: {
  checked: boolean;
  onChange(next: boolean): void;
  label: string;
  busy?: boolean;
  disabled?: boolean;
  testId?: string;
}) {
  const inputRef = useRef<HTMLInputElement>(null);
  useLayoutEffect(() => {
    const el = inputRef.current;
    if (!el) return;
    if (testId) el.dataset.testid = testId;
    else delete el.dataset.testid;
    el.setAttribute('aria-checked', String(checked));
    if (busy) el.setAttribute('aria-busy', 'true');
    else el.removeAttribute('aria-busy');
  });
  return (
    <AriaSwitch
      inputRef={inputRef}
      isSelected={checked}
      onChange={onChange}
      isDisabled={disabled || busy}
      aria-label={label}
      className={`group relative inline-flex h-8 w-[3.25rem] shrink-0 cursor-pointer items-center rounded-full transition-colors data-disabled:cursor-default data-disabled:opacity-50 data-focus-visible:outline-2 data-focus-visible:outline-offset-2 data-focus-visible:outline-accent [&>span:first-child]:m-0! [&>span:first-child]:size-full! [&>span:first-child]:[clip-path:none]! [&>span:first-child]:[clip:auto]! [&>span:first-child]:inset-0 [&_input]:absolute [&_input]:inset-0 [&_input]:m-0 [&_input]:size-full [&_input]:cursor-[inherit] [&_input]:opacity-0 ${
        checked ? 'bg-accent' : 'bg-surface-2 ring-1 ring-line'
      }`}
    >
      <span
        className={`pointer-events-none grid size-6 place-items-center rounded-full bg-white shadow transition-[margin] duration-200 ${
          checked ? 'ms-[1.5rem]' : 'ms-1'
        }`}
      >
        {busy ? <Spinner size={14} className="text-accent-text" /> : null}
      </span>
    </AriaSwitch>
  );
}
