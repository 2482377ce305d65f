import type { ReactNode } from 'react';

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
