import { Spinner } from '../components/Spinner.tsx';

/**
 * An on/off switch (role switch) with a spinner while its call runs; the thumb moves with a logical
 * margin, so it mirrors in right-to-left.
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
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-label={label}
      aria-busy={busy || undefined}
      disabled={disabled || busy}
      data-testid={testId}
      onClick={() => onChange(!checked)}
      className={`relative inline-flex h-8 w-[3.25rem] shrink-0 items-center rounded-full transition-colors disabled:opacity-50 ${
        checked ? 'bg-accent' : 'bg-surface-2 ring-1 ring-line'
      }`}
    >
      <span
        className={`grid size-6 place-items-center rounded-full bg-white shadow transition-[margin] duration-200 ${
          checked ? 'ms-[1.5rem]' : 'ms-1'
        }`}
      >
        {busy ? <Spinner size={14} className="text-accent-text" /> : null}
      </span>
    </button>
  );
}
