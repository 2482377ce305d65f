import { type ReactNode, useId } from 'react';

/** A card: the screen's building block. */
export function Card({
  title,
  aside,
  children,
  testId,
}: {
  title: string;
  aside?: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      data-testid={testId}
      className="mb-5 rounded-3xl bg-surface p-4 shadow-card ring-1 ring-line/60 sm:p-5 print:mb-4 print:shadow-none print:ring-0"
    >
      <div className="mb-3 flex min-h-8 items-center gap-2">
        <h2 id={id} className="min-w-0 flex-1 truncate text-[17px] font-semibold">
          {title}
        </h2>
        {aside}
      </div>
      {children}
    </section>
  );
}

/** A label over a figure, for report and energy totals. */
export function Stat({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) {
  return (
    <div className="min-w-0 rounded-2xl bg-surface-2 px-3.5 py-3 print:border print:border-line print:bg-transparent">
      <p className="truncate text-[12px] font-medium text-muted">{label}</p>
      <p className="mt-0.5 text-[17px] leading-snug font-bold break-words tabular-nums" data-testid={testId}>
        {value}
      </p>
    </div>
  );
}

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
