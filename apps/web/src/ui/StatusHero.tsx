import type { ComponentType, ReactNode } from 'react';

/** The big state at the top of a sensor, lock or vacuum panel. */
export function StatusHero({
  icon: Icon,
  title,
  detail,
  tone = 'quiet',
  testId,
  state,
}: {
  icon: ComponentType<{ size?: number }>;
  title: ReactNode;
  detail?: ReactNode;
  tone?: 'active' | 'alert' | 'quiet';
  testId?: string;
  state?: string | number;
}) {
  const ring =
    tone === 'alert'
      ? 'bg-danger-soft text-danger'
      : tone === 'active'
        ? 'bg-accent text-on-accent'
        : 'bg-surface-2 text-muted';
  return (
    <div
      data-testid={testId}
      data-state={state}
      className="mb-6 flex items-center gap-4 rounded-3xl bg-surface p-5 shadow-card ring-1 ring-line/60"
    >
      <span className={`grid size-16 shrink-0 place-items-center rounded-full transition-colors ${ring}`}>
        <Icon size={32} />
      </span>
      <span className="min-w-0 flex-1">
        <span className="block text-xl font-semibold text-ink" aria-live="polite">
          {title}
        </span>
        {detail ? <span className="mt-0.5 block text-[14px] text-muted">{detail}</span> : null}
      </span>
    </div>
  );
}
