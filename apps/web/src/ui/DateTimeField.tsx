import { useId } from 'react';

/** A `datetime-local` field with its label. */
export function DateTimeField({
  label,
  value,
  onChange,
  testId,
}: {
  label: string;
  value: string;
  onChange(value: string): void;
  testId?: string;
}) {
  const id = useId();
  return (
    <div className="min-w-0 flex-1">
      <label htmlFor={id} className="mb-1 block px-1 text-[13px] font-medium text-muted">
        {label}
      </label>
      <input
        id={id}
        type="datetime-local"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        data-testid={testId}
        className="h-11 w-full min-w-0 rounded-2xl border border-line bg-surface px-3 text-[15px] text-ink outline-none focus:border-accent"
      />
    </div>
  );
}
