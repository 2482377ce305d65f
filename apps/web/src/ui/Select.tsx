import ChevronDownIcon from 'lucide-react/icons/chevron-down';
import { useId } from 'react';

/**
 * A labelled select, styled like the app's text fields; options are [value, label]. A native
 * <select>: the phone's own picker, accessible as it is.
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
  const id = useId();
  return (
    <div className="min-w-0 flex-1">
      <label
        htmlFor={id}
        className={hideLabel ? 'sr-only' : 'mb-1.5 block px-1 text-sm font-medium text-ink'}
      >
        {label}
      </label>
      <div className="relative">
        <select
          id={id}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          data-testid={testId}
          aria-invalid={error || invalid ? true : undefined}
          className={`h-12 w-full appearance-none rounded-2xl border bg-surface ps-4 pe-10 text-[16px] text-ink outline-none focus:border-accent ${
            error || invalid ? 'border-danger' : 'border-line'
          }`}
        >
          {options.map(([v, text]) => (
            <option key={v} value={v}>
              {text}
            </option>
          ))}
        </select>
        <ChevronDownIcon
          size={18}
          className="pointer-events-none absolute end-3.5 top-1/2 -translate-y-1/2 text-muted"
        />
      </div>
      {error ? (
        <p role="alert" className="mt-1.5 px-1 text-[13px] text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}
