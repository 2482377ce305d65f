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
