import { type ReactNode, useId } from 'react';

/** A white group of rows, iOS-settings style. */
export function Section({
  title,
  children,
  hint,
}: {
  title?: string;
  children: ReactNode;
  hint?: ReactNode;
}) {
  const id = useId();
  return (
    <section aria-labelledby={title ? id : undefined} className="mb-6">
      {title ? (
        <h2 id={id} className="mb-2 px-4 text-[13px] font-semibold tracking-wide text-muted uppercase">
          {title}
        </h2>
      ) : null}
      <div className="divide-y divide-line overflow-hidden rounded-3xl bg-surface shadow-card ring-1 ring-line/60">
        {children}
      </div>
      {hint ? <p className="mt-2 px-4 text-[13px] leading-relaxed text-muted">{hint}</p> : null}
    </section>
  );
}
